import GLBackend
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import demo_window

/// The cube scene: a `CATransformLayer` cube and a carousel around a nested transform layer,
/// turned by render-thread animations, drawn in depth order, and clicked faces hit-tested in 3D.
///
/// At 640x400 the caption takes the top 56 points; the cube turns about the centre of the left
/// stage, (160, 228), and the carousel about that of the right one, (480, 228). Times are those
/// of a manual clock, the animations beginning at 0.
@Suite struct CubeSceneTests {
    let size = CGSize(width: 640, height: 400)
    let cubeCentre = CGPoint(x: 160, y: 228)
    let carouselCentre = CGPoint(x: 480, y: 228)

    func color(_ face: String) -> CGColor { CubeScene.faces.first { $0.name == face }!.color }

    /// The scene on a manual clock, its animations begun at 0 and shown at `t` seconds.
    func scene(at t: Double) -> ManualClock {
        let clock = ManualClock(CubeScene.make(size), at: 1000)
        clock.seek(to: 1000 + t)
        return clock
    }

    /// Seconds after which the cube has turned to `angle` (radians, within its first turn).
    func cubeTime(_ angle: Double) -> Double { (angle - CubeScene.cubeStart) / (2 * .pi) * CubeScene.cubePeriod }

    /// Clicks at `point` as the window does: commits, hit-tests the presentation tree, and
    /// hands the model layer hit to `click`.
    func click(_ root: CALayer, _ point: CGPoint) -> String {
        CATransaction.flush()
        return CubeScene.click(root, root.presentation()?.hitTest(point)?.model(), point)
    }

    @Test func transformLayersHoldTheCubeTheCarouselAndTheNestedCube() throws {
        let root = CubeScene.make(size)
        let cube = try #require(root.descendant(named: "cube") as? CATransformLayer)
        #expect(cube.sublayers?.map(\.name) == CubeScene.faces.map { "cube-\($0.name)" })
        #expect(cube.animationKeys() == ["turn"])
        let carousel = try #require(root.descendant(named: "carousel") as? CATransformLayer)
        #expect(carousel.sublayers?.count == CubeScene.panelCount + 1)
        let nested = try #require(carousel.sublayers?.last as? CATransformLayer)
        #expect(nested.name == "nested" && nested.sublayers?.count == 6 && nested.animationKeys() == ["tumble"])
        let caption = try #require(root.descendant(named: "caption") as? CATextLayer)
        #expect(caption.string as? String == CubeScene.caption)
        #expect(try #require(root.descendant(named: "cube-stage")).sublayerTransform.m34 != 0)
    }

    @Test func theCubeShowsTheFaceItHasTurnedToTheViewer() throws {
        // Turned 0, a quarter and a half turn: the front, left and back faces face the viewer.
        for (angle, face) in [(2 * Double.pi, "front"), (.pi / 2, "left"), (.pi, "back")] {
            let clock = scene(at: cubeTime(angle))
            let image = try render(clock.layer)
            expectPixel(image, at: cubeCentre, opaque(color(face)), tolerance: 2, "\(face)")
        }
    }

    @Test func theNestedCubeShowsBetweenTheNearAndFarPanels() throws {
        // At 1.25 s the carousel has turned −37.5° (panel 1, orange at opacity 0.9, is in front of
        // the centre) and the nested cube a quarter turn about x (its bottom face, teal, faces
        // the viewer, hiding the far panels): orange at 0.9 over teal.
        let image = try render(scene(at: 1.25).layer)
        expectPixel(image, at: carouselCentre, (227, 143, 42, 255), tolerance: 3)
    }

    @Test func aClickLightsTheFaceHitIn3DAndPutsTheLastOneBack() throws {
        let clock = scene(at: cubeTime(.pi / 2))
        let root = clock.layer
        #expect(click(root, cubeCentre) == "hit: cube-left (lit)")
        #expect(root.descendant(named: "cube-left")?.backgroundColor == CubeScene.highlight)
        expectPixel(try render(root), at: cubeCentre, opaque(CubeScene.highlight), tolerance: 2)
        #expect(click(root, CGPoint(x: carouselCentre.x, y: carouselCentre.y + 20)).hasPrefix("hit: carousel-panel-"))
        #expect(root.descendant(named: "cube-left")?.backgroundColor == color("left"))
        #expect(CubeScene.litLayers(in: root).count == 1)
        #expect(click(root, CGPoint(x: 20, y: 380)) == CubeScene.nothing)
        #expect(CubeScene.litLayers(in: root).count == 1)
    }
}
