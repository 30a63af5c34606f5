import Foundation

/// One tile of a `CATiledLayer`: its level of detail and its column and row in that level's grid.
///
/// `level` is the power of two the tile's resolution is of full resolution: 0 is full
/// resolution (`contentsScale` pixels a point), −1 half of it, 1 twice it (a level of
/// `levelsOfDetailBias`).
struct TileKey: Hashable, Sendable {
    let level: Int
    let column: Int
    let row: Int
}
