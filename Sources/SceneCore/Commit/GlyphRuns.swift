/// A text layer's shaped text as it travels in a commit: the glyphs Pango placed, run by run,
/// for the render side to draw from its `GlyphAtlas`.
struct GlyphRuns: Sendable, Equatable {
    /// Glyphs in one font and one colour.
    struct Run: Sendable, Equatable {
        var font: GlyphFont
        /// The run's own colour (an attributed string's, straight RGBA); nil for the layer's
        /// `foregroundColor` as the render side shows it.
        var color: RGBA?
        var glyphs: [PlacedGlyph]
    }

    var runs: [Run]
    /// The layer's bounds when the text was shaped: glyphs are cut off at them, as the text of
    /// a backing store is.
    var bounds: CGRect
    /// Device pixels per point the glyphs were shaped and rasterised at (the layer's
    /// `contentsScale`).
    var scale: Double

    /// How many glyphs the runs hold.
    var glyphCount: Int { runs.reduce(0) { $0 + $1.glyphs.count } }
}

/// One glyph Pango placed: its index in its run's font, and the whole device pixel its origin
/// lies on, counted from the top left of the layer's bounds (x right, y down).
///
/// Cairo's image backend draws a glyph at its position rounded to the nearest whole pixel, so
/// the atlas keeps one bitmap per glyph and places it there, exactly as the glyph is drawn into
/// a backing store.
struct PlacedGlyph: Sendable, Equatable {
    var id: UInt32
    var pixel: SIMD2<Int32>
}
