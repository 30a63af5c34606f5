import CSceneCoreCairo

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
