import Foundation

/// The tiles of one `CATiledLayer`, shared by the app side (which draws them) and every render
/// side showing the layer (which reads them): the feedback channel from what is on screen to
/// what is drawn.
///
/// Each frame, the render side reports what it shows of the layer (`frame(showing:…)`, a
/// `TileView`) and gets back the tiles to draw; it never waits for drawing. When the view
/// changes, a scheduling pass on a background thread picks the level of detail for the
/// screen's scale (`TileGrid`), lists the visible tiles of that level that are missing or
/// stale, nearest the centre first, and draws them on the threads all tiled layers share
/// (`TileDrawingPool`, where a layer whose drawing is stuck does not hold up the others), at
/// most `drawingWidth` of one layer at once (the number of cores), each with the layer's
/// `draw(in:)` into a context of its own clipped to the tile. A drawn tile goes into the store and every renderer
/// that showed the layer is asked for a frame (`FrameRequest`), so it appears with the app
/// thread blocked. The render side stamps each tile with the frame time it first showed it
/// and fades it in over `fadeDuration`.
///
/// The store holds the layer weakly: a layer released while its tiles are drawn is not kept
/// alive by them, and drawing stops at the next tile. Tiles not shown by the last frame are
/// evicted, least recently shown first, when the store holds more than `byteBudget` bytes
/// (64 MiB by default); the tiles on screen are never evicted.
final class TileStore: Sendable, Equatable {
    /// The default byte budget: 64 MiB, 256 tiles of 256 × 256 pixels.
    static let defaultByteBudget = 64 << 20
    /// How many tiles of one layer are drawn at once.
    static let drawingWidth = max(ProcessInfo.processInfo.activeProcessorCount, 1)
    /// The most tiles one scheduling pass asks for (a tiny tile on a huge screen area).
    static let maximumTilesPerPass = 1024

    private struct Tile {
        let image: CGImage
        let rect: CGRect
        var shownSince: Double?
        var lastShownFrame: UInt64
        var isStale = false
        var bytes: Int { image.width * image.height * 4 }
    }

    private struct State {
        var configuration: TileConfiguration
        var byteBudget = TileStore.defaultByteBudget
        var tiles: [TileKey: Tile] = [:]
        var bytes = 0
        /// The last view reported, and the one the last scheduling pass worked from.
        var view: TileView?
        var scheduledView: TileView?
        var isScheduling = false
        /// Tiles waiting to be drawn, first drawn first, and those being drawn (by token: a tile
        /// invalidated while it is drawn loses its token, and its drawing is dropped).
        var pending: [TileKey] = []
        var drawing: [TileKey: UInt64] = [:]
        var running = 0
        var nextToken: UInt64 = 0
        var frame: UInt64 = 0
        var requests: [ObjectIdentifier: FrameRequest] = [:]
        var evictedSinceFrame = false
        var statistics = TileStatistics()
        var pool = TileDrawingPool.shared
    }

    private let state: Locked<State>
    /// The layer whose `draw(in:)` draws the tiles: written once, here, and only read after
    /// (a weak reference is read safely from any thread).
    private nonisolated(unsafe) weak var layer: CALayer?
    /// The layer's class and id, for messages.
    private let name: String

    init(layer: CALayer, configuration: TileConfiguration) {
        state = Locked(State(configuration: configuration))
        self.layer = layer
        name = "<\(type(of: layer)) \(layer.layerID)>"
    }

    static func == (a: TileStore, b: TileStore) -> Bool { a === b }

    // MARK: - App side

    /// Takes new settings; a change drops every tile (and returns true).
    func configure(_ configuration: TileConfiguration) -> Bool {
        let changed = state.withLock { s in
            guard s.configuration != configuration else { return false }
            s.configuration = configuration
            s.tiles = [:]
            s.bytes = 0
            s.drawing = [:]
            s.pending = []
            s.scheduledView = nil
            s.evictedSinceFrame = true
            return true
        }
        if changed { scheduleIfNeeded() }
        return changed
    }

    /// Marks the tiles that meet `rect` (layer coordinates) for redrawing: those on screen are
    /// shown until redrawn, the others are dropped; tiles being drawn there are drawn again.
    func invalidate(_ rect: CGRect) {
        state.withLock { s in
            for (key, tile) in s.tiles where tile.rect.intersects(rect) {
                if tile.lastShownFrame == s.frame && s.frame > 0 {
                    s.tiles[key]?.isStale = true
                } else {
                    s.tiles[key] = nil
                    s.bytes -= tile.bytes
                    s.evictedSinceFrame = true
                }
            }
            if let view = s.view {
                let grid = TileGrid(
                    configuration: s.configuration, contentsScale: view.contentsScale, bounds: view.bounds)
                for key in s.drawing.keys where grid.rect(of: key).intersects(rect) { s.drawing[key] = nil }
            }
            s.scheduledView = nil
        }
        scheduleIfNeeded()
    }

    /// Forgets the view and the tiles waiting to be drawn (the layer left its superlayer): no
    /// new drawing starts until a frame shows the layer again. Tiles being drawn finish.
    func stopDrawing() {
        state.withLock { s in
            s.view = nil
            s.scheduledView = nil
            s.pending = []
        }
    }

    /// The threads that draw the tiles: those all tiled layers share; tests give a store a pool
    /// of its own.
    var drawingPool: TileDrawingPool {
        get { state.withLock { $0.pool } }
        set { state.withLock { $0.pool = newValue } }
    }

    /// The byte budget of tiles off screen; tests set a small one.
    var byteBudget: Int {
        get { state.withLock { $0.byteBudget } }
        set { state.withLock { $0.byteBudget = max(newValue, 0) } }
    }

    var statistics: TileStatistics {
        state.withLock { s in
            var statistics = s.statistics
            (statistics.cached, statistics.bytes, statistics.pending) = (
                s.tiles.count, s.bytes, s.pending.count + s.running
            )
            return statistics
        }
    }

    /// The tiles held, by key (tests).
    var keys: Set<TileKey> { state.withLock { Set($0.tiles.keys) } }

    /// Waits until no tile is waiting or being drawn and no pass is scheduled (tests, the
    /// benchmark); false when `timeout` seconds pass first.
    func waitUntilIdle(timeout: Double) -> Bool {
        let end = Date(timeIntervalSinceNow: timeout)
        while Date() < end {
            if state.withLock({ !$0.isScheduling && $0.running == 0 && $0.pending.isEmpty }) { return true }
            usleep(1000)
        }
        return false
    }

    // MARK: - Render side

    /// Reports what a frame shows of the layer and returns the tiles to draw under it, in
    /// drawing order: levels other than the one the view wants first (finer ones, then coarser ones from the
    /// coarsest up: the best fallback lies on top), the wanted level last. Tiles are stamped
    /// with `time` the first frame they are returned in; `fading` says whether any is still
    /// fading in. Never waits for drawing.
    func frame(showing view: TileView, at time: Double?, request: FrameRequest?) -> (
        tiles: [TileDraw], fading: Bool, evicted: Bool
    ) {
        let result = state.withLock { s -> ([TileDraw], Bool, Bool, Bool) in
            let grid = TileGrid(configuration: s.configuration, contentsScale: view.contentsScale, bounds: view.bounds)
            guard let level = grid.level(forScale: view.scale) else { return ([], false, false, false) }
            if let old = s.view, old.contentsScale != view.contentsScale {
                // The tiles were laid out for another scale.
                s.tiles = [:]
                s.bytes = 0
                s.drawing = [:]
                s.pending = []
                s.evictedSinceFrame = true
            }
            s.view = view
            s.frame += 1
            s.statistics.level = level
            if let request { s.requests[ObjectIdentifier(request)] = request }
            let fade = s.configuration.fadeDuration
            var shown: [(key: TileKey, draw: TileDraw)] = []
            var fading = false
            // Tiles of the wanted level that are drawn and faded in hide what lies under them:
            // other levels' tiles that they cover are not drawn (and become evictable).
            var finished: Set<TileKey> = []
            for (key, tile) in s.tiles where key.level == level && !tile.isStale {
                guard let time, fade > 0 else {
                    finished.insert(key)
                    continue
                }
                if let since = tile.shownSince, time - since >= fade { finished.insert(key) }
            }
            // A tile that meets the view only within a rounding error of its edge is not shown.
            for (key, tile) in s.tiles
            where tile.rect.insetBy(dx: tile.rect.width * 1e-6, dy: tile.rect.height * 1e-6).intersects(view.visible) {
                if key.level != level, !finished.isEmpty,
                    let under = grid.keys(covering: tile.rect.intersection(view.visible), level: level, limit: 64),
                    under.allSatisfy(finished.contains)
                {
                    continue
                }
                s.tiles[key]?.lastShownFrame = s.frame
                var alpha: Float = 1
                if let time {
                    let since = tile.shownSince ?? time
                    if tile.shownSince == nil { s.tiles[key]?.shownSince = time }
                    if fade > 0 { alpha = Float(min(max((time - since) / fade, 0), 1)) }
                }
                fading = fading || alpha < 1
                shown.append((key, TileDraw(rect: tile.rect, image: tile.image, alpha: alpha)))
            }
            func rank(_ key: TileKey) -> (Int, Int, Int, Int) {
                let order = key.level == level ? 2 : key.level < level ? 1 : 0
                return (order, key.level, key.row, key.column)
            }
            shown.sort { rank($0.key) < rank($1.key) }
            let evicted = s.evictedSinceFrame
            s.evictedSinceFrame = false
            return (shown.map(\.draw), fading, evicted, s.scheduledView != view && !s.isScheduling)
        }
        if result.3 { scheduleIfNeeded() }
        return (result.0, result.1, result.2)
    }

    /// The images held (the render side keeps their textures).
    var imageIDs: [UInt64] { state.withLock { $0.tiles.values.map(\.image.imageID) } }

    // MARK: - Scheduling and drawing (background threads)

    private func scheduleIfNeeded() {
        let start = state.withLock { s in
            guard !s.isScheduling, s.view != nil, s.view != s.scheduledView || s.tiles.values.contains(where: \.isStale)
            else { return false }
            s.isScheduling = true
            return true
        }
        if start { drawingPool.run(for: self, name: name) { self.schedule() } }
    }

    /// One scheduling pass: the visible tiles of the wanted level that are missing or stale
    /// become the pending list, and drawing starts.
    private func schedule() {
        let work = state.withLock { s -> [(TileKey, UInt64)] in
            s.isScheduling = false
            guard let view = s.view, layer != nil else {
                s.pending = []
                return []
            }
            s.scheduledView = view
            let grid = TileGrid(configuration: s.configuration, contentsScale: view.contentsScale, bounds: view.bounds)
            guard let level = grid.level(forScale: view.scale) else { return [] }
            let area = view.visible.intersection(view.bounds)
            guard let keys = grid.keys(covering: area, level: level, limit: TileStore.maximumTilesPerPass) else {
                Diagnostics.errorOnce(
                    "CATiledLayer.tileCount",
                    "CATiledLayer: more than \(TileStore.maximumTilesPerPass) tiles on screen at once (tileSize \(s.configuration.tileSize) for a view of \(area.size) at level \(level)); no tiles drawn"
                )
                s.pending = []
                return []
            }
            s.pending = keys.filter { key in s.drawing[key] == nil && (s.tiles[key].map(\.isStale) ?? true) }
            return TileStore.startable(&s)
        }
        for (key, token) in work { drawingPool.run(for: self, name: name) { self.draw(key, token: token) } }
    }

    /// Takes pending tiles while fewer than `drawingWidth` are being drawn.
    private static func startable(_ s: inout State) -> [(TileKey, UInt64)] {
        var started: [(TileKey, UInt64)] = []
        while s.running < drawingWidth, !s.pending.isEmpty {
            let key = s.pending.removeFirst()
            s.nextToken += 1
            s.drawing[key] = s.nextToken
            s.running += 1
            started.append((key, s.nextToken))
        }
        return started
    }

    /// Draws one tile with the layer's `draw(in:)` and stores it.
    private func draw(_ key: TileKey, token: UInt64) {
        let grid = state.withLock { s -> TileGrid? in
            guard s.drawing[key] == token, let view = s.view else { return nil }
            return TileGrid(configuration: s.configuration, contentsScale: view.contentsScale, bounds: view.bounds)
        }
        var image: CGImage?
        // The layer is held only while this tile is drawn.
        if let grid, let layer {
            let drawing = FrameTrace.begin("tile draw", "tiles")
            image = TileStore.render(key, of: layer, grid: grid)
            drawing?.end([("level", key.level), ("column", key.column), ("row", key.row)])
        }
        let requests = state.withLock { s -> [FrameRequest] in
            var requests: [FrameRequest] = []
            if s.drawing[key] == token {
                s.drawing[key] = nil
                if let image, let grid {
                    let replaced = s.tiles[key]
                    let tile = Tile(
                        image: image, rect: grid.rect(of: key),
                        shownSince: replaced == nil ? nil : -.infinity, lastShownFrame: s.frame)
                    s.bytes += tile.bytes - (replaced?.bytes ?? 0)
                    s.tiles[key] = tile
                    s.statistics.drawn += 1
                    // The replaced bitmap's texture may go.
                    if replaced != nil { s.evictedSinceFrame = true }
                    TileStore.evict(&s)
                    requests = Array(s.requests.values)
                }
            }
            return requests
        }
        // The tile counts as being drawn until its frames are asked for, so that a store seen
        // idle has asked for every frame its tiles need.
        for request in requests { request() }
        let next = state.withLock { s in
            s.running -= 1
            return TileStore.startable(&s)
        }
        for (key, token) in next { drawingPool.run(for: self, name: name) { self.draw(key, token: token) } }
    }

    /// The tile's bitmap: `tileSize` pixels, the layer's coordinate space scaled by the level's
    /// scale and moved so that the tile's rectangle fills it, clipped to that rectangle.
    private static func render(_ key: TileKey, of layer: CALayer, grid: TileGrid) -> CGImage? {
        let size = grid.configuration.tileSize
        guard let context = CGContext(layerWidth: Int(size.width), height: Int(size.height), scale: 1) else {
            return nil
        }
        let rect = grid.rect(of: key)
        let scale = grid.scale(of: key.level)
        context.scaleBy(x: scale, y: scale)
        context.translateBy(x: -rect.minX, y: -rect.minY)
        context.clip(to: rect)
        layer.draw(in: context)
        return context.makeImage()
    }

    /// Drops tiles the last frame did not show, least recently shown first, until the store is
    /// within its budget.
    private static func evict(_ s: inout State) {
        guard s.bytes > s.byteBudget else { return }
        let candidates = s.tiles.filter { $0.value.lastShownFrame < s.frame }
            .sorted { $0.value.lastShownFrame < $1.value.lastShownFrame }
        for (key, tile) in candidates where s.bytes > s.byteBudget {
            s.tiles[key] = nil
            s.bytes -= tile.bytes
            s.statistics.evicted += 1
            s.evictedSinceFrame = true
        }
    }
}
