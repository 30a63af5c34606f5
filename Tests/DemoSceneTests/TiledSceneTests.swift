import GLBackend
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import SceneCore
@testable import demo_window

/// The tiled scene: a `CATiledLayer` map 100,000 points square in a clipping viewport, panned
/// by the arrow keys and zoomed by +/− and the wheel within its limits, drawn in tiles.
@Suite struct TiledSceneTests {
    /// The viewport is 960 x (600 − 28) = 572 points, centred on (480, 286).
    let size = CGSize(width: 960, height: 600)

    func map(_ root: CALayer) throws -> CATiledLayer {
        try #require(root.descendant(named: "map") as? CATiledLayer)
    }

    @Test func theMapIsAHundredThousandPointsSquareShownAtAnEighth() throws {
        let root = TiledScene.make(size)
        let map = try map(root)
        #expect(map.bounds == CGRect(x: 0, y: 0, width: 100_000, height: 100_000))
        #expect(map.levelsOfDetail == 8 && map.levelsOfDetailBias == 2)
        #expect(root.descendant(named: "viewport")?.frame == CGRect(x: 0, y: 28, width: 960, height: 572))
        #expect(TiledScene.zoom(of: map) == 0.125)
        #expect(TiledScene.centre(of: root) == CGPoint(x: 51_234, y: 48_765))
        #expect(map.position == CGPoint(x: 480 - 51_234.0 / 8, y: 286 - 48_765.0 / 8))
    }

    @Test func keysAndTheWheelPanAndZoomWithinTheLimits() throws {
        let root = TiledScene.make(size)
        let map = try map(root)
        _ = TiledScene.navigationKey(root, 0xff53)
        // 40 % of 960 points at 1/8 is 3,072 map points to the right.
        #expect(TiledScene.centre(of: root) == CGPoint(x: 54_306, y: 48_765))
        _ = TiledScene.navigationKey(root, 0xff52)
        #expect(TiledScene.centre(of: root)?.y == 48_765 - 0.4 * 572 * 8)
        #expect(TiledScene.key(root, "+") != nil)
        #expect(TiledScene.zoom(of: map) == 0.25)
        _ = TiledScene.scroll(root, CGSize(width: 0, height: 40), .zero)
        #expect(TiledScene.zoom(of: map) == 0.125)
        #expect(TiledScene.key(root, "x") == nil && TiledScene.navigationKey(root, 0xff50) == nil)
        for _ in 0..<12 { _ = TiledScene.key(root, "+") }
        #expect(TiledScene.zoom(of: map) == 8)
        for _ in 0..<20 { _ = TiledScene.key(root, "-") }
        #expect(TiledScene.zoom(of: map) == 1.0 / 64)
        for _ in 0..<20 { _ = TiledScene.navigationKey(root, 0xff51) }
        #expect(TiledScene.centre(of: root)?.x == 0)
    }

    @Test func theMapIsDrawnInTilesThatMeetSeamlessly() throws {
        let root = TiledScene.make(size)
        let map = try map(root)
        let renderer = try OffscreenRenderer(width: 960, height: 600)
        _ = try renderer.render(root, at: 0)
        #expect(try #require(map.state.tileStore).waitUntilIdle(timeout: 30))
        // The tiles are first shown at 1 s and have faded in by 2 s.
        _ = try renderer.render(root, at: 1)
        let image = try renderer.render(root, at: 2)
        // At 1/8 a 256-pixel tile is 2,048 points: map x 47,394...55,074 and y 46,253...51,053
        // meet columns 23...26 and rows 22...24 of level −3.
        #expect(map.tileStatistics.level == -3)
        #expect(map.tileStatistics.cached == 12 && map.tileStatistics.drawn == 12)
        #expect(
            try #require(map.state.tileStore).keys
                == Set((23...26).flatMap { c in (22...24).map { TileKey(level: -3, column: c, row: $0) } }))
        // Window x maps to map x = 47,394 + 8x: the avenue at map x 48,000 is at pixel 75.75,
        // a dark line from the top of the view to the bottom, across the tile rows at map
        // y 47,104 and 49,152 (window y 106.4 and 362.4).
        for y in [40, 100, 300, 500, 590] {
            #expect(image.pixel(x: 75, y: y).r < 170, "avenue at y \(y)")
        }
    }
}
