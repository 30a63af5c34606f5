import Foundation

/// The tiles of a `CATiledLayer` at each level of detail, in the layer's coordinate space.
///
/// Level `e` is drawn at `contentsScale × 2^e` pixels a point. Its tiles are `tileSize` pixels,
/// so `tileSize / (contentsScale × 2^e)` points, laid edge to edge from the origin of the
/// layer's coordinate space. `levelsOfDetail` levels run from 0 (full resolution) down to
/// `−(levelsOfDetail − 1)`; `levelsOfDetailBias` adds that many magnified levels above 0 (2×,
/// 4×, …). Reduced levels whose drawing of `bounds` would be less than one pixel on a side are
/// left out (the coarsest level keeps at least a pixel), as Core Animation clamps them.
struct TileGrid: Sendable, Equatable {
    let configuration: TileConfiguration
    /// The layer's `contentsScale` (1 when not a positive finite number).
    let contentsScale: CGFloat
    /// The finest and coarsest levels.
    let finest: Int
    let coarsest: Int

    init(configuration: TileConfiguration, contentsScale: CGFloat, bounds: CGRect) {
        self.configuration = configuration
        self.contentsScale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        finest = configuration.levelsOfDetailBias
        var coarsest = -(configuration.levelsOfDetail - 1)
        let side = min(bounds.width, bounds.height) * self.contentsScale
        while coarsest < 0, side.isFinite, side * pow(2, CGFloat(coarsest)) < 1 { coarsest += 1 }
        self.coarsest = coarsest
    }

    /// The drawing scale of `level`: pixels a point.
    func scale(of level: Int) -> CGFloat { contentsScale * pow(2, CGFloat(level)) }

    /// The tile's size in points at `level`.
    func tileSize(at level: Int) -> CGSize {
        let s = scale(of: level)
        return CGSize(width: configuration.tileSize.width / s, height: configuration.tileSize.height / s)
    }

    /// The rectangle of `key`, in the layer's coordinate space.
    func rect(of key: TileKey) -> CGRect {
        let size = tileSize(at: key.level)
        return CGRect(
            x: CGFloat(key.column) * size.width, y: CGFloat(key.row) * size.height, width: size.width,
            height: size.height)
    }

    /// The level shown at `scale` screen pixels a point: the coarsest level whose pixels are
    /// at least as dense as the screen's, or the finest level when none is. Nil for a scale that
    /// is not positive and finite.
    func level(forScale scale: CGFloat) -> Int? {
        guard scale.isFinite, scale > 0 else { return nil }
        // A hair of tolerance, so that a scale of exactly 0.5 picks the half-resolution level.
        let wanted = Int((log2(scale / contentsScale) - 1e-6).rounded(.up))
        return min(max(wanted, coarsest), finest)
    }

    /// The tiles of `level` that meet `rect`, at most `limit` of them (row by row), nearest the
    /// centre of `rect` first; nil when more than `limit` would be needed.
    func keys(covering rect: CGRect, level: Int, limit: Int) -> [TileKey]? {
        guard !rect.isNull, !rect.isEmpty, rect.isFiniteValue else { return [] }
        let size = tileSize(at: level)
        // A rectangle that ends within a rounding error of a tile edge does not reach the next tile.
        let e = 1e-6
        let (column0, column1) = (
            (rect.minX / size.width + e).rounded(.down), (rect.maxX / size.width - e).rounded(.up) - 1
        )
        let (row0, row1) = (
            (rect.minY / size.height + e).rounded(.down), (rect.maxY / size.height - e).rounded(.up) - 1
        )
        guard column1 >= column0, row1 >= row0 else { return [] }
        let count = (column1 - column0 + 1) * (row1 - row0 + 1)
        guard count.isFinite, count <= CGFloat(limit), max(abs(column0), abs(column1), abs(row0), abs(row1)) < 1e15
        else { return nil }
        let centre = CGPoint(x: rect.midX / size.width - 0.5, y: rect.midY / size.height - 0.5)
        var keys: [TileKey] = []
        for row in Int(row0)...Int(row1) {
            for column in Int(column0)...Int(column1) {
                keys.append(TileKey(level: level, column: column, row: row))
            }
        }
        func distance(_ key: TileKey) -> CGFloat {
            let dx = CGFloat(key.column) - centre.x
            let dy = CGFloat(key.row) - centre.y
            return dx * dx + dy * dy
        }
        return keys.enumerated().sorted {
            distance($0.element) != distance($1.element)
                ? distance($0.element) < distance($1.element) : $0.offset < $1.offset
        }.map(\.element)
    }
}
