import Foundation

/// A `CATiledLayer`'s tiling settings as the tile store uses them: `tileSize`, `levelsOfDetail`,
/// `levelsOfDetailBias` and the class's `fadeDuration()`, each made usable.
///
/// A tile side that is not finite or not positive falls back to 256 pixels, and one outside
/// 16...4096 pixels is clamped there (a smaller tile would ask for many thousands of drawings
/// a frame, a larger one for a bitmap over the backing store budget); fewer than one level
/// counts as one; more than 32 levels, or a bias outside 0...32, are clamped there. Each
/// correction is logged once.
struct TileConfiguration: Sendable, Equatable {
    static let defaultTileSide: CGFloat = 256
    static let tileSides: ClosedRange<CGFloat> = 16...4096
    /// More levels (or magnified levels) than this are never reachable: each halves (doubles) the resolution.
    static let maximumLevels = 32

    /// The tile's width and height in pixels.
    let tileSize: CGSize
    let levelsOfDetail: Int
    let levelsOfDetailBias: Int
    /// Seconds a new tile takes to fade in; 0 shows it at once.
    let fadeDuration: Double

    init(tileSize: CGSize, levelsOfDetail: Int, levelsOfDetailBias: Int, fadeDuration: Double) {
        self.tileSize = CGSize(
            width: TileConfiguration.side(tileSize.width), height: TileConfiguration.side(tileSize.height))
        if levelsOfDetail < 1 || levelsOfDetail > TileConfiguration.maximumLevels {
            Diagnostics.errorOnce(
                "CATiledLayer.levelsOfDetail",
                "CATiledLayer: levelsOfDetail \(levelsOfDetail) is outside 1...\(TileConfiguration.maximumLevels); clamped"
            )
        }
        self.levelsOfDetail = min(max(levelsOfDetail, 1), TileConfiguration.maximumLevels)
        if levelsOfDetailBias < 0 || levelsOfDetailBias > TileConfiguration.maximumLevels {
            Diagnostics.errorOnce(
                "CATiledLayer.levelsOfDetailBias",
                "CATiledLayer: levelsOfDetailBias \(levelsOfDetailBias) is outside 0...\(TileConfiguration.maximumLevels); clamped"
            )
        }
        self.levelsOfDetailBias = min(max(levelsOfDetailBias, 0), TileConfiguration.maximumLevels)
        self.fadeDuration = fadeDuration.isFinite ? max(fadeDuration, 0) : 0
    }

    private static func side(_ value: CGFloat) -> CGFloat {
        guard value.isFinite, value > 0 else {
            Diagnostics.errorOnce(
                "CATiledLayer.tileSize", "CATiledLayer: a tileSize side of \(value) is not a positive size; 256 used")
            return defaultTileSide
        }
        let clamped = min(max(value.rounded(.up), tileSides.lowerBound), tileSides.upperBound)
        if clamped != value.rounded(.up) {
            Diagnostics.errorOnce(
                "CATiledLayer.tileSize.range",
                "CATiledLayer: a tileSize side of \(value) pixels is outside \(tileSides); clamped")
        }
        return clamped
    }
}
