import Foundation

/// The tiles of a `CATiledLayer` at each level of detail, in the layer's coordinate space.
///
/// Level `e` is drawn at `contentsScale × 2^e` pixels a point. Its tiles are `tileSize` pixels,
/// so `tileSize / (contentsScale × 2^e)` points, laid edge to edge from the origin of the
/// layer's coordinate space. The levels run from `levelsOfDetailBias` (the finest, magnified
/// when the bias is above 0) down through `levelsOfDetail` levels; levels whose drawing of
/// `bounds` would be less than one pixel on a side are left out (the coarsest level keeps at
/// least a pixel), as Core Animation clamps them.
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
        var coarsest = finest - (configuration.levelsOfDetail - 1)
        let side = min(bounds.width, bounds.height) * self.contentsScale
        while coarsest < finest, side.isFinite, side * pow(2, CGFloat(coarsest)) < 1 { coarsest += 1 }
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
        let columns = (rect.minX / size.width).rounded(.down)...((rect.maxX / size.width).rounded(.up) - 1)
        let rows = (rect.minY / size.height).rounded(.down)...((rect.maxY / size.height).rounded(.up) - 1)
        let count = (columns.upperBound - columns.lowerBound + 1) * (rows.upperBound - rows.lowerBound + 1)
        guard count.isFinite, count <= CGFloat(limit), abs(columns.lowerBound) < 1e15, abs(rows.lowerBound) < 1e15,
            abs(columns.upperBound) < 1e15, abs(rows.upperBound) < 1e15
        else { return nil }
        let centre = CGPoint(x: rect.midX / size.width - 0.5, y: rect.midY / size.height - 0.5)
        var keys: [TileKey] = []
        for row in Int(rows.lowerBound)...Int(rows.upperBound) {
            for column in Int(columns.lowerBound)...Int(columns.upperBound) {
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
