import CSceneCoreCairo

/// Rasterises a glyph of a text layer's runs alone with cairo, as cairo draws it into a backing
/// store, for the render side's `GlyphAtlas` (the Cairo and Pango calls of the text the render
/// side draws, kept in `Drawing/` with the rest).
enum GlyphRasterizer {
    /// Pango's glyph that draws nothing (`PANGO_GLYPH_EMPTY`).
    static let emptyGlyph: UInt32 = 0x0FFF_FFFF
    /// The flag of Pango's glyphs for characters no font has (`PANGO_GLYPH_UNKNOWN_FLAG`), drawn
    /// by Pango as a box showing the code point.
    static let unknownGlyphFlag: UInt32 = 0x1000_0000

    /// A rasterised glyph.
    struct Glyph {
        /// The glyph's coverage as premultiplied white, or its colours; nil for a glyph with no ink.
        let bitmap: CGImage?
        /// The bitmap's top-left pixel relative to the glyph's origin pixel.
        let offset: SIMD2<Int32>
        /// Whether `bitmap` holds the glyph's own colours.
        let isColor: Bool
    }

    /// Draws glyph `id` of `font` alone with cairo, at a whole pixel as cairo places glyphs,
    /// into a bitmap trimmed to its ink; a glyph with no ink, or larger than `maximumSide`
    /// pixels a side (logged once), has no bitmap. A glyph of a colour font that cairo draws the
    /// same in white and in black is a colour glyph, kept in its colours. Nil when cairo cannot
    /// make a surface to draw into. Call it under `TextEngine`'s lock (Pango draws unknown glyphs).
    static func rasterize(_ id: UInt32, of glyphFont: GlyphFont, maximumSide: Int) -> Glyph? {
        let font = glyphFont.scaledFont
        var glyph = cairo_glyph_t(index: UInt(id), x: 0, y: 0)
        var extents = cairo_text_extents_t()
        let isUnknown = id & unknownGlyphFlag != 0
        if isUnknown {
            // Cairo knows no such glyph: the box Pango draws for it, measured by Pango.
            var ink = PangoRectangle()
            pango_font_get_glyph_extents(glyphFont.pangoFont, id, &ink, nil)
            let unit = Double(PANGO_SCALE)
            extents.x_bearing = Double(ink.x) / unit
            extents.y_bearing = Double(ink.y) / unit
            extents.width = Double(ink.width) / unit
            extents.height = Double(ink.height) / unit
        } else {
            cairo_scaled_font_glyph_extents(font, &glyph, 1, &extents)
        }
        var ctm = cairo_matrix_t()
        cairo_scaled_font_get_ctm(font, &ctm)
        let empty = Glyph(bitmap: nil, offset: .zero, isColor: false)
        guard extents.width > 0, extents.height > 0, ctm.xx.isFinite, ctm.yy.isFinite, ctm.xx > 0, ctm.yy > 0
        else { return empty }
        // The ink's device pixels, with two pixels to spare for hinting.
        let left = (extents.x_bearing * ctm.xx).rounded(.down) - 2
        let top = (extents.y_bearing * ctm.yy).rounded(.down) - 2
        let right = ((extents.x_bearing + extents.width) * ctm.xx).rounded(.up) + 2
        let bottom = ((extents.y_bearing + extents.height) * ctm.yy).rounded(.up) + 2
        // Offsets are 32-bit: a glyph whose ink lies billions of pixels from its origin is not drawn.
        let reach = Double(Int32.max / 2)
        guard right - left <= Double(maximumSide) + 4, bottom - top <= Double(maximumSide) + 4, abs(left) < reach,
            abs(top) < reach
        else {
            Diagnostics.errorOnce(
                "render.glyphAtlas.size",
                "render: a glyph of \(right - left)x\(bottom - top) pixels at (\(left), \(top)) is larger than text drawn "
                    + "from the glyph atlas may be (\(maximumSide) pixels a side); it is not drawn")
            // Kept as a glyph with nothing to draw, so that it is not measured again every frame.
            return empty
        }
        let (width, height) = (Int(right - left), Int(bottom - top))
        ctm.x0 = -left
        ctm.y0 = -top
        func draw(gray: Double) -> [UInt8]? {
            GlyphBitmap.draw(width: width, height: height) { cairo in
                cairo_set_matrix(cairo, &ctm)
                cairo_set_source_rgba(cairo, gray, gray, gray, 1)
                if isUnknown {
                    Self.showUnknownGlyph(id, of: glyphFont, in: cairo)
                } else {
                    cairo_set_scaled_font(cairo, font)
                    cairo_show_glyphs(cairo, &glyph, 1)
                }
            }
        }
        guard let white = draw(gray: 1) else { return nil }
        let isColor = !isUnknown && GlyphBitmap.hasColor(font) && draw(gray: 0) == white
        guard let trimmed = GlyphBitmap(bgra: white, width: width, height: height).trimmed(keepingColor: isColor)
        else { return empty }
        return Glyph(bitmap: trimmed.image, offset: SIMD2(Int32(left), Int32(top)) &+ trimmed.origin, isColor: isColor)
    }

    /// Draws Pango's box for a character no font has (glyph `id` carries its code point) at the
    /// origin, as Pango draws it into a backing store.
    private static func showUnknownGlyph(_ id: UInt32, of font: GlyphFont, in cairo: OpaquePointer) {
        guard let string = pango_glyph_string_new() else { return }
        defer { pango_glyph_string_free(string) }
        pango_glyph_string_set_size(string, 1)
        var logical = PangoRectangle()
        pango_font_get_glyph_extents(font.pangoFont, id, nil, &logical)
        string.pointee.glyphs[0].glyph = id
        string.pointee.glyphs[0].geometry = PangoGlyphGeometry(width: logical.width, x_offset: 0, y_offset: 0)
        string.pointee.glyphs[0].attr.is_cluster_start = 1
        cairo_move_to(cairo, 0, 0)
        pango_cairo_show_glyph_string(cairo, font.pangoFont, string)
    }
}
