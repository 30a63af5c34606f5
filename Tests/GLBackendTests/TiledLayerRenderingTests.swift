import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// Records every tile a tiled layer asks its delegate for (the clip's bounding box, the
/// context's scale, the thread) and fills the tile with a colour from its place in the grid.
final class TileRecorder: CALayerDelegate, @unchecked Sendable {
    struct Call: Equatable {
        let clip: CGRect
        let scale: CGFloat
        let onMainThread: Bool
        let thread: pthread_t
    }
    private let state = Locked((calls: [Call](), running: 0, mostAtOnce: 0))
    /// Seconds each drawing takes (to see several at once, or a layer released mid-drawing).
    let delay: Double

    init(delay: Double = 0) { self.delay = delay }

    var calls: [Call] { state.withLock { $0.calls } }
    var mostAtOnce: Int { state.withLock { $0.mostAtOnce } }
    var clips: Set<CGRect> { Set(calls.map(\.clip)) }

    /// The colour of the tile whose clip starts at `origin` with tiles `side` points wide:
    /// red from the column, green from the row.
    static func colour(of clip: CGRect) -> CGColor {
        let column = Int((clip.minX / clip.width).rounded())
        let row = Int((clip.minY / clip.height).rounded())
        return CGColor(red: CGFloat(column % 4) / 3, green: CGFloat(row % 4) / 3, blue: 1, alpha: 1)
    }

    func draw(_ layer: CALayer, in ctx: CGContext) {
        let clip = ctx.boundingBoxOfClipPath
        state.withLock {
            $0.calls.append(
                Call(clip: clip, scale: ctx.ctm.a, onMainThread: Thread.isMainThread, thread: pthread_self()))
            $0.running += 1
            $0.mostAtOnce = max($0.mostAtOnce, $0.running)
        }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        ctx.setFillColor(TileRecorder.colour(of: clip))
        ctx.fill(clip)
        state.withLock { $0.running -= 1 }
    }
}

/// A tiled layer whose tiles appear at once.
final class UnfadedTiledLayer: CATiledLayer {
    override class func fadeDuration() -> CFTimeInterval { 0 }
}

/// `CATiledLayer` through the headless renderer: the tiles asked for at each zoom (clip
/// rectangles and scales), on background threads, several at once; what is drawn while tiles
/// are missing; invalidation; eviction under a small budget; the fade-in; and exact pixels.
@Suite(.serialized, .tags(.threads)) struct TiledLayerRenderingTests {
    /// A tiled layer with `tile`-pixel tiles, `size` points, its origin at the window's.
    func tiledLayer(
        fading: Bool = false, size: CGFloat = 100, tile: CGFloat = 50, recorder: TileRecorder
    ) -> CATiledLayer {
        let layer = fading ? CATiledLayer() : UnfadedTiledLayer()
        layer.anchorPoint = .zero
        layer.frame = CGRect(x: 0, y: 0, width: size, height: size)
        layer.tileSize = CGSize(width: tile, height: tile)
        layer.delegate = recorder
        return layer
    }

    /// Renders twice around the drawing of the tiles: the first frame asks for them, the
    /// second shows them.
    func renderDrawn(_ root: CALayer, _ layer: CALayer, _ renderer: OffscreenRenderer, at time: Double = 0) throws
        -> RenderedImage
    {
        _ = try renderer.render(root, at: time)
        #expect(try #require(layer.state.tileStore).waitUntilIdle(timeout: 10))
        return try renderer.render(root, at: time)
    }

    @Test func theVisibleTilesAreDrawnOnBackgroundThreadsAndShownExactly() throws {
        let recorder = TileRecorder()
        let layer = tiledLayer(recorder: recorder)
        let root = whiteRoot()
        root.addSublayer(layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let image = try renderDrawn(root, layer, renderer)
        #expect(
            recorder.clips == [
                CGRect(x: 0, y: 0, width: 50, height: 50), CGRect(x: 50, y: 0, width: 50, height: 50),
                CGRect(x: 0, y: 50, width: 50, height: 50), CGRect(x: 50, y: 50, width: 50, height: 50),
            ])
        #expect(recorder.calls.count == 4)
        #expect(recorder.calls.allSatisfy { $0.scale == 1 && !$0.onMainThread })
        #expect(!recorder.calls.contains { $0.thread == pthread_self() })
        // Each tile's colour fills exactly its 50 × 50 pixels.
        expectPixel(image, 0, 0, (0, 0, 255, 255))
        expectPixel(image, 49, 49, (0, 0, 255, 255))
        expectPixel(image, 50, 0, (85, 0, 255, 255))
        expectPixel(image, 99, 49, (85, 0, 255, 255))
        expectPixel(image, 0, 50, (0, 85, 255, 255))
        expectPixel(image, 50, 50, (85, 85, 255, 255))
        expectPixel(image, 99, 99, (85, 85, 255, 255))
        #expect(layer.tileStatistics.drawn == 4 && layer.tileStatistics.cached == 4)
        #expect(layer.tileStatistics.bytes == 4 * 50 * 50 * 4)
        // Nothing new on screen: nothing drawn again.
        _ = try renderer.render(root, at: 0)
        #expect(try #require(layer.state.tileStore).waitUntilIdle(timeout: 10))
        #expect(recorder.calls.count == 4)
    }

    @Test func severalTilesAreDrawnAtOnce() throws {
        let recorder = TileRecorder(delay: 0.05)
        let layer = tiledLayer(size: 200, recorder: recorder)
        let root = whiteRoot(200, 200)
        root.addSublayer(layer)
        let renderer = try OffscreenRenderer(width: 200, height: 200)
        _ = try renderDrawn(root, layer, renderer)
        #expect(recorder.calls.count == 16)
        #expect(recorder.mostAtOnce == min(TileStore.drawingWidth, 16))
        #expect(TileStore.drawingWidth == ProcessInfo.processInfo.activeProcessorCount)
        #expect(Set(recorder.calls.map(\.thread)).count >= min(TileStore.drawingWidth, 2))
    }

    @Test(arguments: [
        // levels, bias, zoom → tile side in points, scale, tiles on the 100-pixel screen.
        (3, 0, CGFloat(0.25), CGFloat(200), CGFloat(0.25), 4),
        (2, 0, 0.25, 100, 0.5, 16),
        (3, 0, 0.5, 100, 0.5, 4),
        (1, 0, 0.5, 50, 1, 16),
        (2, 1, 2, 25, 2, 4),
        (4, 2, 3, 12.5, 4, 9),
        // The bias adds magnified levels to the one level.
        (1, 2, 4, 12.5, 4, 4),
    ])
    func theZoomPicksTheLevelAndItsTiles(
        levels: Int, bias: Int, zoom: CGFloat, side: CGFloat, scale: CGFloat, count: Int
    )
        throws
    {
        let recorder = TileRecorder()
        let layer = tiledLayer(size: 1000, recorder: recorder)
        layer.levelsOfDetail = levels
        layer.levelsOfDetailBias = bias
        layer.transform = CATransform3DMakeScale(zoom, zoom, 1)
        let root = whiteRoot()
        root.addSublayer(layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        _ = try renderDrawn(root, layer, renderer)
        #expect(recorder.calls.count == count)
        #expect(recorder.calls.allSatisfy { $0.scale == scale && $0.clip.width == side && $0.clip.height == side })
        #expect(recorder.clips.contains(CGRect(x: 0, y: 0, width: side, height: side)))
        #expect(layer.tileStatistics.level == Int(log2(scale)))
    }

    @Test func zoomingShowsTheCoarserLevelUntilTheWantedTilesArrive() throws {
        let recorder = TileRecorder()
        let layer = tiledLayer(size: 1000, recorder: recorder)
        layer.levelsOfDetail = 2
        layer.transform = CATransform3DMakeScale(0.5, 0.5, 1)
        let root = whiteRoot()
        root.addSublayer(layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        _ = try renderDrawn(root, layer, renderer)
        let store = try #require(layer.state.tileStore)
        #expect(store.keys.count == 4 && store.keys.allSatisfy { $0.level == -1 })
        commitWithoutActions { layer.transform = CATransform3DIdentity }
        // The first frame at full scale asks for level 0 and shows the half-resolution tile.
        let fallback = try renderer.render(root, at: 0)
        expectPixel(fallback, 10, 10, (0, 0, 255, 255))
        expectPixel(fallback, 99, 99, (0, 0, 255, 255))
        #expect(renderer.statistics.drawCalls == 1)
        #expect(store.waitUntilIdle(timeout: 10))
        let sharp = try renderer.render(root, at: 0)
        expectPixel(sharp, 99, 99, (85, 85, 255, 255))
        #expect(store.keys.count == 8)
        // The coarser tile lies wholly under drawn tiles of the wanted level: not drawn.
        #expect(renderer.statistics.drawCalls == 4)
    }

    @Test func setNeedsDisplayRedrawsTheTilesItMarks() throws {
        let recorder = TileRecorder()
        let layer = tiledLayer(recorder: recorder)
        let root = whiteRoot()
        root.addSublayer(layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        _ = try renderDrawn(root, layer, renderer)
        layer.setNeedsDisplay(CGRect(x: 60, y: 10, width: 10, height: 10))
        _ = try renderDrawn(root, layer, renderer)
        #expect(recorder.calls.count == 5)
        #expect(recorder.calls.last?.clip == CGRect(x: 50, y: 0, width: 50, height: 50))
        layer.setNeedsDisplay()
        _ = try renderDrawn(root, layer, renderer)
        #expect(recorder.calls.count == 9)
        layer.tileSize = CGSize(width: 100, height: 100)
        _ = try renderDrawn(root, layer, renderer)
        #expect(recorder.calls.count == 10)
        #expect(recorder.calls.last?.clip == CGRect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test func tilesOffScreenAreEvictedUnderTheBudget() throws {
        let recorder = TileRecorder()
        let layer = tiledLayer(size: 400, recorder: recorder)
        let root = whiteRoot()
        root.masksToBounds = true
        root.addSublayer(layer)
        let store = try #require(layer.state.tileStore)
        // Two tiles of 50 × 50 pixels: 20,000 bytes.
        store.byteBudget = 20_000
        layer.bounds = CGRect(x: 0, y: 0, width: 400, height: 100)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        _ = try renderDrawn(root, layer, renderer)
        #expect(store.keys.count == 4)
        commitWithoutActions { layer.position = CGPoint(x: -200, y: 0) }
        _ = try renderDrawn(root, layer, renderer)
        #expect(
            store.keys == [
                TileKey(level: 0, column: 4, row: 0), TileKey(level: 0, column: 5, row: 0),
                TileKey(level: 0, column: 4, row: 1), TileKey(level: 0, column: 5, row: 1),
            ])
        #expect(layer.tileStatistics.evicted == 4 && layer.tileStatistics.bytes == 40_000)
    }

    @Test func aNewTileFadesInOverFadeDuration() throws {
        let recorder = TileRecorder()
        let layer = tiledLayer(fading: true, recorder: recorder)
        let root = whiteRoot()
        root.addSublayer(layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        _ = try renderer.render(root, at: 10)
        #expect(try #require(layer.state.tileStore).waitUntilIdle(timeout: 10))
        // The first frame showing the tiles stamps them: they start transparent.
        expectPixel(try renderer.render(root, at: 10), 25, 25, (255, 255, 255, 255))
        #expect(renderer.isAnimating)
        // Half of 0.25 s later: half of the blue over white.
        expectPixel(try renderer.render(root, at: 10.125), 25, 25, (128, 128, 255, 255))
        expectPixel(try renderer.render(root, at: 10.25), 25, 25, (0, 0, 255, 255))
        #expect(!renderer.isAnimating)
    }

    @Test func badInputDrawsAFrame() throws {
        let recorder = TileRecorder()
        let huge = tiledLayer(size: 100, recorder: recorder)
        huge.bounds = CGRect(x: 0, y: 0, width: 1e12, height: 1e12)
        huge.tileSize = CGSize(width: CGFloat.nan, height: -4)
        huge.levelsOfDetail = 0
        let root = whiteRoot()
        root.addSublayer(huge)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let image = try renderDrawn(root, huge, renderer)
        // 256-pixel tiles: one tile covers the screen.
        #expect(recorder.clips == [CGRect(x: 0, y: 0, width: 256, height: 256)])
        expectPixel(image, 50, 50, (0, 0, 255, 255))
        // Zoomed out a trillion times with one level: far too many tiles, none asked for.
        commitWithoutActions { huge.transform = CATransform3DMakeScale(1e-10, 1e-10, 1) }
        _ = try renderDrawn(root, huge, renderer)
        #expect(recorder.calls.count == 1)
        commitWithoutActions { huge.transform = CATransform3DMakeScale(.nan, 1, 1) }
        _ = try renderDrawn(root, huge, renderer)
        #expect(recorder.calls.count == 1)
    }

    @Test func aLayerRemovedWhileItsTilesAreDrawnStartsNoMoreAndIsFreed() throws {
        // Each drawing lasts long enough that none ends (and lets another start) before the
        // layer is removed, even with the machine busy running other tests under a sanitizer.
        let recorder = TileRecorder(delay: 0.25)
        var layer: CATiledLayer? = tiledLayer(size: 200, recorder: recorder)
        weak let released = layer
        let store = try #require(layer?.state.tileStore)
        let root = whiteRoot(200, 200)
        root.addSublayer(try #require(layer))
        let renderer = try OffscreenRenderer(width: 200, height: 200)
        _ = try renderer.render(root, at: 0)
        layer?.removeFromSuperlayer()
        layer = nil
        _ = try renderer.render(root, at: 0)
        #expect(store.waitUntilIdle(timeout: 10))
        // Only the drawings already running when it was removed finished; each held the
        // layer only while it ran.
        #expect(released == nil)
        let drawn = recorder.calls.count
        #expect(drawn <= TileStore.drawingWidth)
        _ = try renderer.render(root, at: 0)
        #expect(store.waitUntilIdle(timeout: 10))
        #expect(recorder.calls.count == drawn)
    }
}
