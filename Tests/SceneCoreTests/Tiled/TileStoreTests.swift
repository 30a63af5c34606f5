import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// The render side's half of `TileStore`: a reported view starts drawing without waiting, and
/// each drawn tile asks the renderers that showed the layer for a frame.
@Suite(.tags(.threads)) struct TileStoreTests {
    @Test func aDrawnTileAsksTheRenderersThatShowedTheLayerForAFrame() throws {
        let layer = CATiledLayer()
        let bounds = CGRect(x: 0, y: 0, width: 512, height: 256)
        layer.bounds = bounds
        let store = try #require(layer.state.tileStore)
        let frames = Locked(0)
        let request = FrameRequest { frames.withLock { $0 += 1 } }
        let view = TileView(visible: bounds, scale: 1, bounds: bounds, contentsScale: 1)
        // The first frame gets nothing: the tiles are drawn after it, on other threads.
        let first = store.frame(showing: view, at: 5, request: request)
        #expect(first.tiles.isEmpty && !first.fading)
        #expect(store.waitUntilIdle(timeout: 10))
        #expect(frames.withLock { $0 } == 2)
        let second = store.frame(showing: view, at: 5, request: request)
        #expect(
            second.tiles.map(\.rect) == [
                CGRect(x: 0, y: 0, width: 256, height: 256), CGRect(x: 256, y: 0, width: 256, height: 256),
            ])
        // Shown for the first time at 5 s: transparent, fading in until 5.25 s.
        #expect(second.tiles.map(\.alpha) == [0, 0] && second.fading)
        let later = store.frame(showing: view, at: 5.1, request: nil)
        #expect(later.tiles.map(\.alpha) == [0.4, 0.4] && later.fading)
        #expect(!store.frame(showing: view, at: 5.25, request: nil).fading)
        #expect(frames.withLock { $0 } == 2)
    }
}
