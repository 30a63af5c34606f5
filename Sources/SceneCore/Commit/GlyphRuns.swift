import CCairo

/// A font at one size and device scale as cairo rasterises it: a retained `cairo_scaled_font_t`
/// taken from the Pango font that shaped a run.
///
/// Cairo's scaled fonts may be used from any thread, so the render side rasterises glyphs from
/// the one Pango shaped with. Two values are equal when they hold the same scaled font: cairo
/// hands out one scaled font per face, size, transformation and options, and a value keeps its
/// font alive, so the pointer is not reused while the value lives.
final class GlyphFont: @unchecked Sendable, Hashable {
    let scaledFont: OpaquePointer
    /// The Pango font the run was shaped with, which draws the boxes of characters no font has
    /// (used under `TextEngine`'s lock).
    let pangoFont: UnsafeMutablePointer<PangoFont>

    /// Retains `pangoFont` and its scaled font for the life of the value.
    init?(retaining pangoFont: UnsafeMutablePointer<PangoFont>) {
        guard let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(pangoFont)) else { return nil }
        self.scaledFont = cairo_scaled_font_reference(scaledFont)
        self.pangoFont = pangoFont
        g_object_ref(pangoFont)
    }

    // Not under `TextEngine`'s lock: cairo releases a scaled font under its own, and the
    // render thread lets go of a text layer's old runs every frame its text changes. Pango's
    // font maps keep their own references to the fonts they made, so this one is not the last.
    deinit {
        cairo_scaled_font_destroy(scaledFont)
        g_object_unref(pangoFont)
    }

    static func == (a: GlyphFont, b: GlyphFont) -> Bool { a.scaledFont == b.scaledFont }
    func hash(into hasher: inout Hasher) { hasher.combine(UnsafeRawPointer(scaledFont)) }
}

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
