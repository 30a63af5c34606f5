import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Tiled layers whose `draw(in:)` never returns hold up no other tiled layer: every layer with
/// nothing being drawn gets a thread of the shared pool, a stuck drawer is reported once, and the
/// threads stay bounded.
@Suite(.tags(.threads)) struct StuckTileDrawerTests {
    /// Draws tiles into a layer, blocking every draw until the test releases it.
    final class BlockingDrawer: NSObject, CALayerDelegate, @unchecked Sendable {
        let released = DispatchSemaphore(value: 0)
        let entered = Locked(0)

        func draw(_ layer: CALayer, in ctx: CGContext) {
            entered.withLock { $0 += 1 }
            released.wait()
            // Lets the next blocked draw return too.
            released.signal()
        }
    }

    /// A 128-point square tiled in 64-point tiles (four tiles), shown whole, drawn on `pool`.
    static func tiledLayer(delegate: CALayerDelegate?, pool: TileDrawingPool) -> (CATiledLayer, TileStore, TileView)? {
        let layer = CATiledLayer()
        layer.tileSize = CGSize(width: 64, height: 64)
        layer.bounds = CGRect(x: 0, y: 0, width: 128, height: 128)
        layer.delegate = delegate
        layer.displayIfNeeded()
        guard let store = layer.state.tileStore else { return nil }
        store.drawingPool = pool
        return (layer, store, TileView(visible: layer.bounds, scale: 1, bounds: layer.bounds, contentsScale: 1))
    }

    /// Before, the four stuck layers' draws took every thread of the one concurrent queue all
    /// tiled layers shared, and a healthy layer's tiles took 7 s to appear; now its four tiles
    /// are drawn within a second (the stall bound is 2 s, so no stall needs to be noticed first).
    @Test func aStuckDrawerHoldsUpNoOtherLayer() throws {
        // A pool of its own, as wide as the shared one: the stuck draws hold up no suite beside.
        let pool = TileDrawingPool(width: TileStore.drawingWidth, stallSeconds: 2)
        let drawer = BlockingDrawer()
        defer { drawer.released.signal() }
        var stuck: [(CATiledLayer, TileStore, TileView)] = []
        for _ in 0..<4 { stuck.append(try #require(Self.tiledLayer(delegate: drawer, pool: pool))) }
        for (_, store, view) in stuck { _ = store.frame(showing: view, at: nil, request: nil) }
        // Every stuck layer has a draw in flight before the healthy layer asks for its tiles.
        #expect(waitUntilBlocking(timeout: .seconds(timeBudget(10))) { drawer.entered.withLock { $0 } >= 4 })

        let (_, healthy, view) = try #require(Self.tiledLayer(delegate: nil, pool: pool))
        let start = ContinuousClock.now
        _ = healthy.frame(showing: view, at: nil, request: nil)
        #expect(healthy.waitUntilIdle(timeout: timeBudget(10)))
        let elapsed = ContinuousClock.now - start
        #expect(healthy.statistics.drawn == 4)
        #expect(elapsed < .seconds(timeBudget(1)), "the healthy layer's tiles took \(elapsed)")

        // Each stuck layer is reported once, by name, after its draw has run 2 s.
        let names = stuck.map { "<CATiledLayer \($0.0.layerID)>" }
        let reported = waitUntilBlocking(timeout: .seconds(timeBudget(10))) {
            names.allSatisfy { name in Diagnostics.recent.contains { $0.contains(name) } }
        }
        #expect(
            reported,
            "stuck layers reported: \(Diagnostics.recent.filter { $0.contains("stuck") || $0.contains("more than") })")
        for name in names {
            #expect(Diagnostics.recent.filter { $0.contains(name) }.count == 1, "\(name)")
        }
        // Stalled draws stop counting, so each stuck layer starts its second tile (two cores'
        // worth at most), and no more: at most 4 × drawingWidth draws are stuck, and the pool
        // stays within its bound of threads (cores + 32).
        let stuckDraws = drawer.entered.withLock { $0 }
        #expect(stuckDraws <= 4 * TileStore.drawingWidth, "\(stuckDraws) draws stuck")
        #expect(pool.threadCount <= pool.maximumThreads)

        drawer.released.signal()
        for (_, store, _) in stuck {
            store.stopDrawing()
            #expect(store.waitUntilIdle(timeout: timeBudget(10)))
        }
    }
}
