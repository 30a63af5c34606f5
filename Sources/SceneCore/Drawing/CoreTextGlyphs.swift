import CSceneCoreCairo
import Foundation

/// The index of a glyph in a font, as Core Graphics' `CGGlyph`. 0 is the font's missing glyph
/// (`.notdef`).
public typealias CGGlyph = UInt16

/// Which metrics Core Text's glyph functions answer for, as Core Text's `CTFontOrientation`.
public enum CTFontOrientation: UInt32, Sendable {
    /// The font's usual orientation: horizontal.
    case `default` = 0
    /// Glyphs set side by side along a horizontal baseline.
    case horizontal = 1
    /// Glyphs set one under another in a vertical line.
    case vertical = 2
}

/// Maps `count` UTF-16 code units to the font's glyphs, as Core Text does: no fallback to other
/// fonts, so a character the font has no glyph for gets glyph 0 and makes the result false.
/// A surrogate pair gets its glyph at the pair's first index and 0 at the second.
///
/// The font is the face fontconfig finds for the font's name (see `CGFont`): "Helvetica" is
/// its substitute's glyphs.
/// - Returns: true when every character has a glyph.
public func CTFontGetGlyphsForCharacters(
    _ font: CTFont, _ characters: UnsafePointer<UniChar>, _ glyphs: UnsafeMutablePointer<CGGlyph>, _ count: CFIndex
) -> Bool {
    guard count > 0 else { return true }
    return TextEngine.withLock {
        let face = GlyphFace.of(font)
        var allFound = true
        var index = 0
        while index < count {
            let unit = characters[index]
            var scalar = UInt32(unit)
            var width = 1
            if UTF16.isLeadSurrogate(unit), index + 1 < count, UTF16.isTrailSurrogate(characters[index + 1]) {
                scalar = 0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(characters[index + 1]) - 0xDC00)
                width = 2
                glyphs[index + 1] = 0
            }
            let glyph = face?.glyph(for: scalar) ?? 0
            glyphs[index] = glyph
            if glyph == 0 { allFound = false }
            index += width
        }
        return allFound
    }
}

/// The outline of `glyph` as a path in Core Text's glyph space: the origin on the baseline at
/// the glyph's origin, y up, in points at the font's size (so a capital's top is near the cap
/// height), then transformed by `matrix` when one is given. Curves are cubic (Core Text gives
/// TrueType outlines as quadratic curves; the shape is the same). The font's own matrix is not
/// applied, as SceneCore draws text without it. Nil for a glyph the font does not have; an
/// empty path for one that draws nothing (a space).
///
/// Code drawing the path in a layer (y down) flips it, as on Apple platforms
/// (`CGAffineTransform(scaleX: 1, y: -1)`).
public func CTFontCreatePathForGlyph(
    _ font: CTFont, _ glyph: CGGlyph, _ matrix: UnsafePointer<CGAffineTransform>?
) -> CGPath? {
    let transform = matrix?.pointee ?? .identity
    return TextEngine.withLock {
        guard let face = GlyphFace.of(font), face.has(glyph) else { return nil }
        let path = CGMutablePath()
        for element in face.outline(of: glyph) {
            switch element {
            case .moveToPoint(let p): path.move(to: p.applying(transform))
            case .addLineToPoint(let p): path.addLine(to: p.applying(transform))
            case .addCurveToPoint(let c1, let c2, let p):
                path.addCurve(
                    to: p.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            case .addQuadCurveToPoint(let c, let p):
                path.addQuadCurve(to: p.applying(transform), control: c.applying(transform))
            case .closeSubpath: path.closeSubpath()
            }
        }
        return path
    }
}

/// The advances of `count` glyphs in points at the font's size, written to `advances` when it
/// is given, and their sum. Horizontally an advance is `(width, 0)`; vertically (`.vertical`)
/// the advance down the line is reported as the width, `(advance, 0)`, from the font's
/// vertical metrics, or HarfBuzz's default (the ascender minus the descender) for a font
/// without them. Glyphs the font does not have advance 0.
public func CTFontGetAdvancesForGlyphs(
    _ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
    _ advances: UnsafeMutablePointer<CGSize>?, _ count: CFIndex
) -> Double {
    guard count > 0 else { return 0 }
    return TextEngine.withLock {
        let face = GlyphFace.of(font)
        var total = 0.0
        for index in 0..<count {
            let advance = face?.advance(of: glyphs[index], vertical: orientation == .vertical) ?? 0
            advances?[index] = CGSize(width: advance, height: 0)
            total += advance
        }
        return total
    }
}

/// The bounding box of each of `count` glyphs' outlines, in glyph space (origin on the
/// baseline, y up, points at the font's size), written to `boundingRects` when it is given,
/// and the union of the non-empty ones (`.zero` when none is). A glyph that draws nothing, or
/// that the font does not have, has the rectangle `.zero`. The boxes are the same for either
/// orientation: they are not moved to the vertical origin
/// (`CTFontGetVerticalTranslationsForGlyphs`, which SceneCore does not provide).
public func CTFontGetBoundingRectsForGlyphs(
    _ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
    _ boundingRects: UnsafeMutablePointer<CGRect>?, _ count: CFIndex
) -> CGRect {
    guard count > 0 else { return .zero }
    return TextEngine.withLock {
        let face = GlyphFace.of(font)
        var union = CGRect.null
        for index in 0..<count {
            let box = face?.bounds(of: glyphs[index]) ?? .zero
            boundingRects?[index] = box
            if !box.isEmpty { union = union.union(box) }
        }
        return union.isNull ? .zero : union
    }
}

/// A font's face at its size for the Core Text glyph functions: the face Pango loads for the
/// font's name (as text layers draw it), its HarfBuzz font for character and vertical
/// metrics, and a cairo scaled font of it at the font's size, unhinted, for outlines, advances
/// and extents. Used only under `TextEngine`'s lock.
final class GlyphFace: @unchecked Sendable {
    private let pangoFont: OpaquePointer
    private let hbFont: OpaquePointer
    private let scaledFont: OpaquePointer
    /// The number of glyphs in the face.
    private let glyphCount: UInt32
    private let size: CGFloat

    /// The faces made so far, by font name and size (a handful in practice; emptied past 64).
    private static let faces = Locked<[Key: GlyphFace]>([:])

    private struct Key: Hashable {
        var name: String
        var size: CGFloat
    }

    /// The face of `font`, made once per name and size; nil when no font loads. Call under
    /// `TextEngine`'s lock.
    static func of(_ font: CTFont) -> GlyphFace? {
        let key = Key(name: font.name, size: font.size)
        if let face = faces.withLock({ $0[key] }) { return face }
        guard let face = GlyphFace(name: font.name, size: font.size) else { return nil }
        faces.withLock { faces in
            if faces.count >= 64 { faces.removeAll() }
            faces[key] = face
        }
        return face
    }

    private init?(name: String, size requested: CGFloat) {
        // FreeType refuses a face past 65,536 pixels and the face then draws nothing for the rest
        // of the process (`TextLayout.largestFontPixels`): a larger font is made at that size.
        let size = min(requested, TextLayout.largestFontPixels)
        if requested > size {
            Diagnostics.errorOnce(
                "CoreTextGlyphs.fontSize",
                "text: a CTFont of \(requested) points is larger than fonts are made (\(TextLayout.largestFontPixels)); made at that size"
            )
        }
        guard size.isFinite, size > 0, let map = pango_cairo_font_map_get_default(),
            let context = pango_font_map_create_context(map)
        else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let description = TextLayout.fontDescription(TextFont(name: name, size: size))
        defer { pango_font_description_free(description) }
        guard let pangoFont = pango_font_map_load_font(map, context, description),
            let pangoScaled = pango_cairo_font_get_scaled_font(OpaquePointer(pangoFont)),
            let hbFont = pango_font_get_hb_font(pangoFont)
        else { return nil }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        defer { cairo_font_options_destroy(options) }
        var fontMatrix = cairo_matrix_t()
        cairo_matrix_init_scale(&fontMatrix, Double(size), Double(size))
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        let scaledFont = cairo_scaled_font_create(
            cairo_scaled_font_get_font_face(pangoScaled), &fontMatrix, &identity, options)
        guard let scaledFont, cairo_scaled_font_status(scaledFont) == CAIRO_STATUS_SUCCESS else {
            cairo_scaled_font_destroy(scaledFont)
            g_object_unref(UnsafeMutableRawPointer(pangoFont))
            return nil
        }
        self.pangoFont = OpaquePointer(pangoFont)
        self.hbFont = hb_font_reference(hbFont)
        self.scaledFont = scaledFont
        self.size = size
        glyphCount = hb_face_get_glyph_count(hb_font_get_face(hbFont))
    }

    deinit {
        cairo_scaled_font_destroy(scaledFont)
        hb_font_destroy(hbFont)
        g_object_unref(UnsafeMutableRawPointer(pangoFont))
    }

    /// The face's glyph for the Unicode scalar `scalar`; 0 when it has none.
    func glyph(for scalar: UInt32) -> CGGlyph {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0, glyph <= UInt32(CGGlyph.max) else { return 0 }
        return CGGlyph(glyph)
    }

    /// Whether the face has glyph `glyph`.
    func has(_ glyph: CGGlyph) -> Bool { UInt32(glyph) < glyphCount }

    /// The glyph's advance in points: horizontal, or down a vertical line.
    func advance(of glyph: CGGlyph, vertical: Bool) -> Double {
        guard has(glyph) else { return 0 }
        if vertical {
            var xScale: Int32 = 0
            var yScale: Int32 = 0
            hb_font_get_scale(hbFont, &xScale, &yScale)
            guard yScale != 0 else { return 0 }
            // HarfBuzz's vertical advances point down the y-up axis: negative.
            return -Double(hb_font_get_glyph_v_advance(hbFont, hb_codepoint_t(glyph))) / Double(yScale) * Double(size)
        }
        return extents(of: glyph).x_advance
    }

    /// The glyph's outline box in glyph space (y up); `.zero` when it has none.
    func bounds(of glyph: CGGlyph) -> CGRect {
        guard has(glyph) else { return .zero }
        let e = extents(of: glyph)
        guard e.width > 0, e.height > 0 else { return .zero }
        return CGRect(x: e.x_bearing, y: -(e.y_bearing + e.height), width: e.width, height: e.height)
    }

    /// The glyph's outline in glyph space (y up), closed contours, without empty subpaths.
    func outline(of glyph: CGGlyph) -> [CGPathElementKind] {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else { return [] }
        defer { cairo_surface_destroy(surface) }
        guard let cairo = cairo_create(surface) else { return [] }
        defer { cairo_destroy(cairo) }
        cairo_set_scaled_font(cairo, scaledFont)
        var placed = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        cairo_glyph_path(cairo, &placed, 1)
        guard let path = cairo_copy_path(cairo) else { return [] }
        defer { cairo_path_destroy(path) }
        func point(_ p: cairo_path_data_t) -> CGPoint { CGPoint(x: p.point.x, y: -p.point.y) }
        var elements: [CGPathElementKind] = []
        var index = 0
        while index < Int(path.pointee.num_data) {
            let header = path.pointee.data[index].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO: elements.append(.moveToPoint(point(path.pointee.data[index + 1])))
            case CAIRO_PATH_LINE_TO: elements.append(.addLineToPoint(point(path.pointee.data[index + 1])))
            case CAIRO_PATH_CURVE_TO:
                elements.append(
                    .addCurveToPoint(
                        control1: point(path.pointee.data[index + 1]), control2: point(path.pointee.data[index + 2]),
                        to: point(path.pointee.data[index + 3])))
            case CAIRO_PATH_CLOSE_PATH: elements.append(.closeSubpath)
            default: break
            }
            index += Int(header.length)
        }
        // Cairo starts a subpath at the start point after each close: drop a move followed by
        // nothing but another move.
        return elements.enumerated().filter { offset, element in
            guard case .moveToPoint = element else { return true }
            guard offset + 1 < elements.count, case .moveToPoint = elements[offset + 1] else {
                return offset + 1 < elements.count
            }
            return false
        }.map(\.element)
    }

    private func extents(of glyph: CGGlyph) -> cairo_text_extents_t {
        var placed = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(scaledFont, &placed, 1, &extents)
        return extents
    }
}
