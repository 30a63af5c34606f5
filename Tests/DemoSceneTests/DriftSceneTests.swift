import SceneCore
import SceneCoreTestSupport
import Testing

@testable import demo_window

/// The drift scene: quads the app thread moves at every frame, without implicit animations.
@Suite struct DriftSceneTests {
    let size = CGSize(width: 1280, height: 720)

    @Test func eachQuadDriftsAroundItsCellOfTheGrid() {
        // 1,000 quads in 1280 x 720: 43 columns (√(1000 · 16/9) rounded up) and 24 rows.
        let cell = CGSize(width: 1280.0 / 43, height: 720.0 / 24)
        let start = DriftScene.position(of: 44, among: 1000, at: 0, in: size)
        let phase = 44 * 0.37
        #expect(abs(start.x - (1.5 * cell.width + 40 * sin(phase))) < 1e-9)
        #expect(abs(start.y - (1.5 * cell.height + 40 * cos(phase))) < 1e-9)
    }

    @Test func theTickSetsEveryPositionWithoutAnimations() throws {
        let options = SceneOptions(size: size, layers: 100)
        let root = DriftScene.make(options)
        #expect(root.sublayers?.count == 100)
        let tick = try #require(DriftScene.tick(options))
        #expect(tick.interval == nil, "once a frame, from the display link")
        let clock = ManualClock(root, at: 0)
        tick.change(clock.layer, 1.25)
        for (i, layer) in (root.sublayers ?? []).enumerated() {
            #expect(layer.position == DriftScene.position(of: i, among: 100, at: 1.25, in: size))
            #expect(layer.animationKeys() == nil, "no implicit animation")
        }
    }
}
