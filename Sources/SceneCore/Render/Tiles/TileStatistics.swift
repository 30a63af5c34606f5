/// What a tiled layer's store holds and has done, for captions and benchmarks.
package struct TileStatistics: Sendable, Equatable {
    /// The level of detail the last frame wanted (nil before the layer was shown).
    package var level: Int?
    /// Tiles drawn since the layer was made.
    package var drawn = 0
    /// Tiles held now, and their bytes.
    package var cached = 0
    package var bytes = 0
    /// Tiles evicted under the byte budget since the layer was made.
    package var evicted = 0
    /// Tiles being drawn or waiting to be.
    package var pending = 0
}
