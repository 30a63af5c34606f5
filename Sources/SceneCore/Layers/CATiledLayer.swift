import Foundation

/// A layer that draws its content in tiles, on background threads, only where and at the
/// resolution it is shown, as Core Animation's `CATiledLayer`: for content far larger than
/// the screen (maps, documents, fractals) that is panned and zoomed.
///
/// The layer does not draw into one backing store. The render side reports, each frame, the
/// part of the layer on screen and the screen's scale there; the layer then calls
/// `draw(in:)` (by default the delegate's `draw(_:in:)`) for each visible tile that is
/// missing, several at once on background threads, each time with a new context clipped to
/// the tile: its clip's bounding box (`boundingBoxOfClipPath`) is the tile's rectangle in the
/// layer's coordinate space and its transform (`ctm`) scales by the level of detail's
/// resolution. A drawing method must therefore be safe to call off the main thread and draw
/// only what meets that rectangle. Tiles appear as they are drawn, fading in over
/// `fadeDuration()`, without any commit.
///
/// **Levels of detail.** Level 0 is full resolution (`contentsScale` pixels a point); the
/// layer keeps `levelsOfDetail` levels, each with half the resolution of the one before, and
/// `levelsOfDetailBias` extra magnified levels (2×, 4×, …) for zooming in. At
/// a given on-screen scale the layer draws the coarsest level at least as sharp as the screen
/// (clamped to the levels it has); while tiles of that level are missing it shows the tiles
/// of other levels it holds there, coarser ones over finer ones. A tile is `tileSize` pixels,
/// so `tileSize / (contentsScale × 2^level)` points; tiles lie edge to edge from the origin of
/// the layer's coordinate space.
///
/// `setNeedsDisplay()` and `setNeedsDisplay(_:)` mark every tile, or the tiles that meet the
/// rectangle, for redrawing at the next commit: those on screen keep showing until redrawn.
/// Tiles off screen are evicted when the layer holds more than 64 MiB of them. Removed from
/// its superlayer, the layer starts no more tiles (those being drawn finish); each drawing
/// holds the layer only while it runs. Changing
/// `tileSize`, `levelsOfDetail` or `levelsOfDetailBias` redraws every tile.
///
/// The three properties are key-value coded, archived and copied to the presentation layer;
/// they do not animate. A `tileSize` side that is not a positive number falls back to 256
/// and one outside 16...4096 pixels is clamped; `levelsOfDetail` below 1 counts as 1, and
/// more than 32 levels or magnified levels count as 32; each with one logged error.
open class CATiledLayer: CALayer {
    override class var kind: LayerKind { .tiled }

    /// A tiled layer with 256 × 256 pixel tiles and one level of detail.
    public override init() {
        super.init()
        state.tileStore = TileStore(layer: self, configuration: tileConfiguration)
    }

    /// Unarchives a tiled layer archived by `encode(with:)`, with its tiling properties.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        state.tileStore = TileStore(layer: self, configuration: tileConfiguration)
    }

    /// A shadow copy of `layer` with its tiling properties, as Core Animation makes for
    /// presentation layers.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let tiled = layer as? CATiledLayer { keyedValues = tiled.keyedValues }
    }

    /// Seconds a newly drawn tile takes to fade in: 0.25. Subclasses override it to fade
    /// faster or slower (0 shows tiles at once).
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    /// The largest size of a tile, in pixels. Default 256 × 256.
    open var tileSize: CGSize {
        get { ValueConversion.size(value(forKey: "tileSize")) ?? CATiledLayer.defaultTileSize }
        set { setValue(newValue, forKey: "tileSize") }
    }

    /// How many levels of detail the layer draws, each half the resolution of the one
    /// before. Default 1.
    open var levelsOfDetail: Int {
        get { ValueConversion.integer(value(forKey: "levelsOfDetail")) ?? 1 }
        set { setValue(newValue, forKey: "levelsOfDetail") }
    }

    /// How many magnified levels of detail (2×, 4×, …) the layer has besides `levelsOfDetail`.
    /// Default 0.
    open var levelsOfDetailBias: Int {
        get { ValueConversion.integer(value(forKey: "levelsOfDetailBias")) ?? 0 }
        set { setValue(newValue, forKey: "levelsOfDetailBias") }
    }

    /// Core Animation's tiling defaults (`tileSize` 256 × 256, `levelsOfDetail` 1,
    /// `levelsOfDetailBias` 0); the layer defaults for other keys.
    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "tileSize": defaultTileSize
        case "levelsOfDetail": 1
        case "levelsOfDetailBias": 0
        default: super.defaultValue(forKey: key)
        }
    }

    /// True for the tiling properties, whose change redraws every tile.
    open override class func needsDisplay(forKey key: String) -> Bool {
        tilingKeys.contains(key) || super.needsDisplay(forKey: key)
    }

    /// The tiled layer's display step: takes the tiling properties and marks the tiles that
    /// meet the part marked by `setNeedsDisplay` for redrawing. It draws nothing itself (tiles
    /// are drawn on background threads as they are shown) and does not call the delegate's
    /// `display(_:)`.
    open override func display() {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        let dirty = dirtyRect ?? state.bounds
        dirtyRect = nil
        guard let store = state.tileStore else { return }
        // New settings drop every tile; otherwise the marked ones are drawn again.
        if !store.configure(tileConfiguration) { store.invalidate(dirty) }
    }

    /// What the layer's tiles have done, for captions and benchmarks.
    package var tileStatistics: TileStatistics { state.tileStore?.statistics ?? TileStatistics() }

    static let defaultTileSize = CGSize(width: 256, height: 256)
    private static let tilingKeys: Set<String> = ["tileSize", "levelsOfDetail", "levelsOfDetailBias"]

    /// The tiling properties, made usable.
    private var tileConfiguration: TileConfiguration {
        TileConfiguration(
            tileSize: tileSize, levelsOfDetail: levelsOfDetail, levelsOfDetailBias: levelsOfDetailBias,
            fadeDuration: type(of: self).fadeDuration())
    }
}
