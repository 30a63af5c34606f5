import CCairo
import Synchronization

/// The render side's glyphs: every glyph its text layers draw, rasterised once per scaled font
/// by cairo, exactly as cairo draws it into a backing store, and packed into the pages of a
/// `TextureAtlas`, so that text in any number of layers draws in a draw call per page. A glyph
/// is held as its coverage in premultiplied white, which a glyph quad multiplies by the text's
/// colour; a colour glyph (an emoji of a colour font, which cairo draws in its own colours
/// whatever the text's colour) is held in its colours, premultiplied, and drawn untinted.
///
/// A glyph is rasterised the first time a frame draws it; a changed string costs only the
/// glyphs not drawn before, and a colour change none. When the pages are full, the glyphs that
/// find no room are drawn from their own bitmaps for that frame, and the atlas is emptied at
/// the next (`beginFrame`), its glyphs forgotten and rasterised again as they are drawn: so
/// what it holds stays bounded, whatever sizes a `fontSize` animation goes through. A glyph
/// larger than `maximumGlyphSide` pixels is not drawn (logged once).
///
/// Owned by a renderer's render tree (shared with the copies a transition keeps) and used on
/// the render thread.
final class GlyphAtlas: Sendable {
    /// The side of an atlas page, in pixels.
    static let pageSide = 1024
    /// The most pages the atlas keeps (16 MiB of pixels).
    static let maximumPages = 4
    /// The largest glyph bitmap side drawn, in pixels.
    static let maximumGlyphSide = 512
    /// Pango's glyph that draws nothing (`PANGO_GLYPH_EMPTY`).
    static let emptyGlyph: UInt32 = 0x0FFF_FFFF
    /// The flag of Pango's glyphs for characters no font has (`PANGO_GLYPH_UNKNOWN_FLAG`), drawn
    /// by Pango as a box showing the code point.
    static let unknownGlyphFlag: UInt32 = 0x1000_0000

    /// A glyph of a scaled font.
    struct Key: Hashable {
        let font: GlyphFont
        let glyph: UInt32
    }

    /// How a glyph is drawn: an image (an atlas page, or the glyph's own bitmap), the part of
    /// it that holds the glyph in unit texture coordinates, and the glyph's pixels relative to
    /// the pixel its origin lies on (x, y, width, height).
    struct Drawable {
        let image: CGImage
        let uv: SIMD4<Float>
        let pixels: SIMD4<Int32>
        /// Whether the glyph has colours of its own (drawn untinted) rather than coverage.
        let isColor: Bool
    }

    private struct Glyph {
        /// The glyph's coverage as premultiplied white, or its colours; nil for a glyph with no ink.
        let bitmap: CGImage?
        /// The bitmap's top-left pixel relative to the glyph's origin pixel.
        let offset: SIMD2<Int32>
        /// Whether `bitmap` holds the glyph's own colours.
        var isColor = false
        var slot: TextureAtlas.Slot?
    }

    private struct State {
        var glyphs: [Key: Glyph] = [:]
        var atlas = TextureAtlas(pageSide: GlyphAtlas.pageSide, maximumPages: GlyphAtlas.maximumPages)
        var rasterizations = 0
        var replacedImages = false
    }

    private let state = Mutex(State())

    /// Begins a frame: empties the atlas, and forgets its glyphs, if it was found full.
    func beginFrame() {
        state.withLock { state in
            guard state.atlas.emptyIfFull() else { return }
            state.replacedImages = true
            state.glyphs = [:]
        }
    }

    /// How each glyph of `runs` is drawn, by run and glyph index, rasterising those not drawn
    /// before; nil for a glyph with no ink or one too large to draw.
    func drawables(for runs: GlyphRuns) -> [[Drawable?]] {
        state.withLock { state in
            runs.runs.map { run in
                run.glyphs.map { placed in
                    let key = Key(font: run.font, glyph: placed.id)
                    if state.glyphs[key] == nil {
                        guard let glyph = TextEngine.withLock({ Self.rasterize(key) }) else { return nil }
                        state.glyphs[key] = glyph
                        state.rasterizations += 1
                    }
                    return Self.drawable(of: key, in: &state)
                }
            }
        }
    }

    /// The pixels to write into the atlas's pages before the frame is drawn, taken once.
    func takeTextureUpdates() -> [TextureUpdate] {
        state.withLock { $0.atlas.takeUpdates() }
    }

    /// The ids of the images glyphs are drawn from: the atlas's pages and the glyphs' own bitmaps.
    var imageIDs: Set<UInt64> {
        state.withLock { state in
            Set(state.atlas.imageIDs).union(state.glyphs.values.compactMap { $0.bitmap?.imageID })
        }
    }

    /// Whether the atlas was emptied since the last call, so that textures may go.
    func takeReplacedImages() -> Bool {
        state.withLock { state in
            defer { state.replacedImages = false }
            return state.replacedImages
        }
    }

    /// How many glyphs have been rasterised (for tests and statistics).
    package var rasterizations: Int { state.withLock { $0.rasterizations } }

    /// The glyph `key` held in `state`, from its slot, given one now if it has none and the
    /// atlas has room; else from its own bitmap.
    private static func drawable(of key: Key, in state: inout State) -> Drawable? {
        guard let glyph = state.glyphs[key], let bitmap = glyph.bitmap else { return nil }
        let pixels = SIMD4(glyph.offset.x, glyph.offset.y, Int32(bitmap.width), Int32(bitmap.height))
        if glyph.slot == nil, let slot = state.atlas.place(width: bitmap.width, height: bitmap.height) {
            state.glyphs[key]?.slot = slot
            state.atlas.write(bitmap, into: slot)
        }
        guard let slot = state.glyphs[key]?.slot else {
            return Drawable(image: bitmap, uv: SIMD4(0, 0, 1, 1), pixels: pixels, isColor: glyph.isColor)
        }
        return Drawable(
            image: state.atlas.image(of: slot), uv: state.atlas.uv(of: slot), pixels: pixels, isColor: glyph.isColor)
    }

    /// Draws glyph `key` alone with cairo, at a whole pixel as cairo places glyphs, into a
    /// bitmap trimmed to its ink; a glyph with no ink, or larger than `maximumGlyphSide`, has no
    /// bitmap. A glyph of a colour font that cairo draws the same in white and in black is a
    /// colour glyph, kept in its colours. Nil when cairo cannot make a surface to draw into.
    private static func rasterize(_ key: Key) -> Glyph? {
        let font = key.font.scaledFont
        var glyph = cairo_glyph_t(index: UInt(key.glyph), x: 0, y: 0)
        var extents = cairo_text_extents_t()
        let isUnknown = key.glyph & unknownGlyphFlag != 0
        if isUnknown {
            // Cairo knows no such glyph: the box Pango draws for it, measured by Pango.
            var ink = PangoRectangle()
            pango_font_get_glyph_extents(key.font.pangoFont, key.glyph, &ink, nil)
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
        let empty = Glyph(bitmap: nil, offset: .zero, slot: nil)
        guard extents.width > 0, extents.height > 0, ctm.xx.isFinite, ctm.yy.isFinite, ctm.xx > 0, ctm.yy > 0
        else { return empty }
        // The ink's device pixels, with two pixels to spare for hinting.
        let left = (extents.x_bearing * ctm.xx).rounded(.down) - 2
        let top = (extents.y_bearing * ctm.yy).rounded(.down) - 2
        let right = ((extents.x_bearing + extents.width) * ctm.xx).rounded(.up) + 2
        let bottom = ((extents.y_bearing + extents.height) * ctm.yy).rounded(.up) + 2
        guard right - left <= Double(maximumGlyphSide) + 4, bottom - top <= Double(maximumGlyphSide) + 4 else {
            Diagnostics.errorOnce(
                "render.glyphAtlas.size",
                "render: a glyph of \(Int(right - left))x\(Int(bottom - top)) pixels is larger than text drawn "
                    + "from the glyph atlas may be (\(maximumGlyphSide) pixels a side); it is not drawn")
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
                    Self.showUnknownGlyph(key, in: cairo)
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
        return Glyph(
            bitmap: trimmed.image, offset: SIMD2(Int32(left), Int32(top)) &+ trimmed.origin, isColor: isColor,
            slot: nil)
    }

    /// Draws Pango's box for a character no font has (`key.glyph` carries its code point) at the
    /// origin, as Pango draws it into a backing store.
    private static func showUnknownGlyph(_ key: Key, in cairo: OpaquePointer) {
        guard let string = pango_glyph_string_new() else { return }
        defer { pango_glyph_string_free(string) }
        pango_glyph_string_set_size(string, 1)
        var logical = PangoRectangle()
        pango_font_get_glyph_extents(key.font.pangoFont, key.glyph, nil, &logical)
        string.pointee.glyphs[0].glyph = key.glyph
        string.pointee.glyphs[0].geometry = PangoGlyphGeometry(width: logical.width, x_offset: 0, y_offset: 0)
        string.pointee.glyphs[0].attr.is_cluster_start = 1
        cairo_move_to(cairo, 0, 0)
        pango_cairo_show_glyph_string(cairo, key.font.pangoFont, string)
    }
}
