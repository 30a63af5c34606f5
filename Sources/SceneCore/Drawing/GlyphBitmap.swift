import CSceneCoreCairo

/// One glyph drawn by cairo into 32-bit pixels (premultiplied, native-endian BGRA), for the
/// `GlyphAtlas`: trimmed to its ink and turned into the atlas's premultiplied RGBA.
struct GlyphBitmap {
    /// Premultiplied B, G, R, A bytes, row by row.
    let bgra: [UInt8]
    let width: Int
    let height: Int

    /// What `body` draws into a transparent `width` x `height` cairo image, as BGRA bytes; nil
    /// when cairo cannot make the image.
    static func draw(width: Int, height: Int, _ body: (OpaquePointer) -> Void) -> [UInt8]? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            return nil
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cairo = cairo_create(surface) else {
            return nil
        }
        body(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width * 4 { bytes[y * width * 4 + x] = data[y * stride + x] }
        }
        return bytes
    }

    /// Whether `scaledFont`'s face has colour glyphs (FreeType's colour flag: COLR, CBDT, sbix).
    static func hasColor(_ scaledFont: OpaquePointer) -> Bool {
        guard cairo_scaled_font_get_type(scaledFont) == CAIRO_FONT_TYPE_FT,
            let face = cairo_ft_scaled_font_lock_face(scaledFont)
        else { return false }
        defer { cairo_ft_scaled_font_unlock_face(scaledFont) }
        return face.pointee.face_flags & Int(FT_FACE_FLAG_COLOR) != 0
    }

    /// The part of the bitmap with ink, as a premultiplied RGBA image (its colours, or its
    /// coverage as premultiplied white), and where that part's top-left pixel lies; nil when
    /// nothing is inked.
    func trimmed(keepingColor: Bool) -> (image: CGImage?, origin: SIMD2<Int32>)? {
        func alpha(_ x: Int, _ y: Int) -> UInt8 { bgra[(y * width + x) * 4 + 3] }
        let rows = (0..<height).filter { y in (0..<width).contains { alpha($0, y) != 0 } }
        let columns = (0..<width).filter { x in rows.contains { alpha(x, $0) != 0 } }
        guard let minY = rows.first, let maxY = rows.last, let minX = columns.first, let maxX = columns.last else {
            return nil
        }
        var pixels: [UInt8] = []
        pixels.reserveCapacity((maxX - minX + 1) * (maxY - minY + 1) * 4)
        for y in minY...maxY {
            for x in minX...maxX {
                let i = (y * width + x) * 4
                if keepingColor {
                    pixels += [bgra[i + 2], bgra[i + 1], bgra[i], bgra[i + 3]]
                } else {
                    pixels += [UInt8](repeating: bgra[i + 3], count: 4)
                }
            }
        }
        let image = CGImage(premultipliedRGBA: pixels, width: maxX - minX + 1, height: maxY - minY + 1)
        return (image, SIMD2(Int32(minX), Int32(minY)))
    }
}
