import GLBackend
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import demo_window

/// The static scene: three hundred layers of every kind, and nothing that changes them.
@Suite struct StaticSceneTests {
    let size = CGSize(width: 640, height: 360)

    func allLayers(under layer: CALayer) -> [CALayer] {
        (layer.sublayers ?? []).flatMap { [$0] + allLayers(under: $0) }
    }

    @Test func threeHundredLayersAndNoTickOrClick() throws {
        let scene = try #require(DemoScene.named("static"))
        #expect(scene.tick(SceneOptions(size: size)) == nil && scene.click == nil)
        #expect(allLayers(under: scene.build(SceneOptions(size: size))).count == 300)
    }

    @Test func everyKindTheRendererDrawsIsThere() {
        let layers = allLayers(under: StaticScene.make(size))
        #expect(layers.contains { $0.cornerRadius > 0 && $0.contents == nil && !$0.masksToBounds })
        #expect(layers.contains { $0.borderWidth > 0 })
        #expect(layers.contains { $0.maskedCorners != .all && $0.cornerRadius > 0 })
        #expect(layers.contains { $0.masksToBounds && !($0.sublayers ?? []).isEmpty })
        #expect(layers.contains { $0.opacity < 1 && ($0.sublayers ?? []).count == 2 })
        #expect(layers.contains { $0.transform.m34 != 0 })
        #expect(layers.contains { CATransform3DIsAffine($0.transform) && !CATransform3DIsIdentity($0.transform) })
        let gravities = Set(layers.filter { $0.contents != nil }.map(\.contentsGravity))
        #expect(gravities == [.resize, .resizeAspect, .center, .resizeAspectFill])
    }

    @Test func aPlainCellIsDrawnInItsColourAndFramesRepeatExactly() throws {
        let root = StaticScene.make(size)
        let renderer = try OffscreenRenderer(width: 640, height: 360)
        let first = try renderer.render(root)
        let cell = try #require(root.descendant(named: "cell-0")).frame
        expectPixel(first, at: CGPoint(x: cell.midX, y: cell.midY), opaque(StaticScene.color(0)), tolerance: 2)
        expectPixel(first, at: CGPoint(x: 1, y: 1), opaque(Palette.background), tolerance: 2)
        #expect(try renderer.render(root) == first)
    }

    @Test func theGroupCellsAreRasterizedAndDrawnFromTheirCache() throws {
        let root = StaticScene.make(size)
        let groups = allLayers(under: root).filter { $0.shouldRasterize }
        #expect(groups.count == 20 && groups.allSatisfy { $0.opacity == 0.5 && $0.sublayers?.count == 2 })
        let renderer = try OffscreenRenderer(width: 640, height: 360)
        let first = try renderer.render(root)
        #expect(renderer.statistics.rasterCacheMisses == 20 && renderer.statistics.rasterCacheHits == 0)
        #expect(try renderer.render(root) == first)
        #expect(renderer.statistics.rasterCacheHits == 20 && renderer.statistics.rasterCacheMisses == 0)
    }
}
