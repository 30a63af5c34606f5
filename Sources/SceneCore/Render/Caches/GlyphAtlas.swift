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
        /// The glyph as cairo drew it.
        let drawn: GlyphRasterizer.Glyph
        /// Where the atlas holds it; nil while it holds it nowhere.
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
                        guard
                            let drawn = TextEngine.withLock({
                                GlyphRasterizer.rasterize(key.glyph, of: key.font, maximumSide: Self.maximumGlyphSide)
                            })
                        else { return nil }
                        state.glyphs[key] = Glyph(drawn: drawn)
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
            Set(state.atlas.imageIDs).union(state.glyphs.values.compactMap { $0.drawn.bitmap?.imageID })
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
        guard let glyph = state.glyphs[key], let bitmap = glyph.drawn.bitmap else { return nil }
        let pixels = SIMD4(glyph.drawn.offset.x, glyph.drawn.offset.y, Int32(bitmap.width), Int32(bitmap.height))
        if glyph.slot == nil, let slot = state.atlas.place(width: bitmap.width, height: bitmap.height) {
            state.glyphs[key]?.slot = slot
            state.atlas.write(bitmap, into: slot)
        }
        guard let slot = state.glyphs[key]?.slot else {
            return Drawable(image: bitmap, uv: SIMD4(0, 0, 1, 1), pixels: pixels, isColor: glyph.drawn.isColor)
        }
        return Drawable(
            image: state.atlas.image(of: slot), uv: state.atlas.uv(of: slot), pixels: pixels,
            isColor: glyph.drawn.isColor)
    }
}
