import CSceneCoreCairo
import Foundation

/// A font by name and size: a SceneCore addition that `CATextLayer.font` and the `.font`
/// attribute of attributed strings accept, as they accept a `CTFont` (ported code uses
/// `CTFontCreateWithName`).
///
/// `name` is a family with optional style words, as fontconfig and Pango read it
/// ("DejaVu Sans Bold", "Serif Italic"); a PostScript-style hyphen ("Helvetica-Bold") is read
/// as a space. Families that are not installed fall back through fontconfig (Helvetica
/// becomes the system's Helvetica substitute or its default sans-serif font).
public struct TextFont: Hashable, Sendable {
    /// The family and style words, such as "DejaVu Sans Bold", resolved through fontconfig.
    public var name: String
    /// The size in points (user-space units of the context drawn into).
    public var size: CGFloat

    /// A font from a family name with optional style words and a size in points.
    public init(name: String, size: CGFloat) {
        self.name = name
        self.size = size
    }
}

extension NSAttributedString.Key {
    /// The font of a run ("NSFont", as on Apple platforms): a `CTFont` or a `TextFont`, drawn at
    /// its size, or a font name `String` drawn at 12 points. Defined by SceneCore: Linux Foundation lacks it.
    public static let font = NSAttributedString.Key("NSFont")
    /// The text colour of a run ("NSColor", as on Apple platforms): a `CGColor`. Defined by
    /// SceneCore: Linux Foundation lacks it.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}

/// Text to lay out: a string and, for attributed strings, per-run fonts and colours over
/// UTF-8 byte ranges (Pango's indices).
struct TextContent: Sendable, Equatable {
    struct Run: Sendable, Equatable {
        var bytes: Range<Int>
        var font: TextFont?
        var color: CGColor?
    }

    var text: String
    var runs: [Run]

    /// Reads a `String` or an `NSAttributedString` (its `.font` and `.foregroundColor`
    /// attributes; a `.font` of another type is ignored); anything else is no text.
    init(_ string: Any?) {
        if let plain = string as? String {
            text = plain
            runs = []
        } else if let attributed = string as? NSAttributedString {
            let text = attributed.string
            var runs: [Run] = []
            attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length), options: []) {
                attributes, range, _ in
                guard let swiftRange = Range(range, in: text) else { return }
                let start = text.utf8.distance(from: text.startIndex, to: swiftRange.lowerBound)
                let end = start + text.utf8.distance(from: swiftRange.lowerBound, to: swiftRange.upperBound)
                let font: TextFont? =
                    switch attributes[.font] {
                    case let font as CTFont: TextFont(name: font.name, size: font.size)
                    case let font as TextFont: font
                    case let name as String: TextFont(name: name, size: TextContent.defaultAttributedFont.size)
                    default: nil
                    }
                let color = (attributes[.foregroundColor] as? CGColor).map(TextContent.drawable)
                runs.append(Run(bytes: start..<end, font: font, color: color))
            }
            self.text = text
            self.runs = runs
        } else {
            text = ""
            runs = []
        }
    }

    /// The text up to the last whole character within its first `byteCount` UTF-8 bytes and
    /// its first `paragraphCount` paragraphs (a paragraph's separator, as Pango reads it, kept
    /// with it), with the runs cut to it; the whole content when it is no longer.
    ///
    /// Costs the bytes kept, not the whole text: a prefix is taken again and again, longer
    /// each time, while the text is laid out only as far as it shows.
    func prefix(bytes byteCount: Int, paragraphs paragraphCount: Int = .max) -> TextContent {
        let utf8 = text.utf8
        var end = utf8.startIndex
        var bytes = 0
        var paragraphs = 0
        // Walks whole characters (a grapheme cluster never spans a paragraph separator, and
        // "\r\n" is one character), so that the cut never splits one.
        var index = text.startIndex
        while index < text.endIndex, paragraphs < paragraphCount {
            let next = text.index(after: index)
            let length = utf8.distance(from: index, to: next)
            guard bytes + length <= byteCount else { break }
            if Self.separatesParagraphs(text[index]) { paragraphs += 1 }
            bytes += length
            index = next
            end = next
        }
        guard end < text.endIndex else { return self }
        var cut = self
        cut.text = String(text[..<end])
        cut.runs = runs.compactMap { run in
            guard run.bytes.lowerBound < bytes else { return nil }
            var kept = run
            kept.bytes = run.bytes.lowerBound..<min(run.bytes.upperBound, bytes)
            return kept
        }
        return cut
    }

    /// Whether Pango ends a paragraph after `character`: a line feed, a carriage return (alone
    /// or before a line feed) or the paragraph separator U+2029.
    private static func separatesParagraphs(_ character: Character) -> Bool {
        character == "\n" || character == "\r" || character == "\r\n" || character == "\u{2029}"
    }

    /// The run of the layout's byte `offset`, found by bisection (runs are in text order).
    func run(atByte offset: Int) -> Run? {
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].bytes.upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return low < runs.count && runs[low].bytes.contains(offset) ? runs[low] : nil
    }

    /// `color` with its components made drawable: one that is NaN or infinite (which Pango's
    /// 16-bit channels and the render side cannot take) is logged once and clamped to 0...1,
    /// NaN as 0.
    private static func drawable(_ color: CGColor) -> CGColor {
        let (r, g, b, a) = color.rgba
        guard ![r, g, b, a].allSatisfy(\.isFinite) else { return color }
        Diagnostics.errorOnce(
            "CATextLayer.attributedColor",
            "CATextLayer: an attributed string's .foregroundColor has a component that is not finite (\([r, g, b, a])); "
                + "it is clamped to 0...1, NaN drawn as 0")
        func clamped(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(max(v, 0), 1) }
        return CGColor(red: clamped(r), green: clamped(g), blue: clamped(b), alpha: clamped(a))
    }

    /// The font of runs without a `.font` attribute: Core Text's default, Helvetica 12.
    static let defaultAttributedFont = TextFont(name: "Helvetica", size: 12)
}

/// A Pango layout of text for one cairo_t, drawn in the fill colour set on the cairo_t
/// (runs with a colour of their own keep it).
///
/// Glyph metrics are not hinted, so the layout (line breaks, widths) is the same at every
/// device scale: text drawn at `contentsScale` 2 is the 1x text with sharper edges.
final class TextLayout {
    enum Truncation: Sendable, Equatable { case start, middle, end }

    let layout: OpaquePointer
    /// The device pixels a unit of the cairo_t's user space spans (its transformation's larger scale).
    private let deviceScale: Double

    /// Lays out `content` in `font` for drawing into `cairo` at its current transformation.
    init?(cairo: OpaquePointer, content: TextContent, font: TextFont, roundsGlyphPositions: Bool) {
        guard let layout = pango_cairo_create_layout(cairo) else { return nil }
        self.layout = layout
        let context = pango_layout_get_context(layout)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, roundsGlyphPositions ? 1 : 0)
        pango_layout_context_changed(layout)

        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        deviceScale = max(hypot(matrix.xx, matrix.yx), hypot(matrix.xy, matrix.yy))
        let description = Self.fontDescription(font, deviceScale: deviceScale)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_text(layout, content.text, -1)
        if !content.runs.isEmpty { setAttributes(content.runs) }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// Line breaking and truncation within `width` points. With `truncation` and `maxHeight`,
    /// lines that do not fit in `maxHeight` are dropped and the last one shown ends in an
    /// ellipsis; with `truncation` alone each paragraph is one line, ellipsized to `width`.
    func setLineBreaking(width: CGFloat?, wraps: Bool, truncation: Truncation?, maxHeight: CGFloat?) {
        guard let width else {
            pango_layout_set_width(layout, -1)
            return
        }
        pango_layout_set_width(layout, Self.pangoUnits(width))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        switch truncation {
        case nil: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
        case .start?: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
        case .middle?: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
        case .end?: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        pango_layout_set_height(layout, wraps ? maxHeight.map(Self.pangoUnits) ?? -1 : -1)
    }

    /// Aligns lines within the layout width: `natural` follows each paragraph's direction.
    func setAlignment(_ alignment: PangoAlignment, natural: Bool, justify: Bool) {
        pango_layout_set_auto_dir(layout, natural ? 1 : 0)
        pango_layout_set_alignment(layout, alignment)
        pango_layout_set_justify(layout, justify ? 1 : 0)
    }

    /// The laid-out text's logical size in points.
    var size: CGSize {
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        return CGSize(width: CGFloat(width) / CGFloat(PANGO_SCALE), height: CGFloat(height) / CGFloat(PANGO_SCALE))
    }

    /// How many lines start at or below `y` points under the layout's top.
    func lineCount(startingBelow y: CGFloat) -> Int {
        guard let iterator = pango_layout_get_iter(layout) else { return 0 }
        defer { pango_layout_iter_free(iterator) }
        let limit = Self.pangoUnits(y)
        var count = 0
        repeat {
            var top: Int32 = 0
            var bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
            if top >= limit { count += 1 }
        } while pango_layout_iter_next_line(iterator) != 0
        return count
    }

    /// Whether the layout's height left out lines at the end: Pango keeps only the lines of
    /// wrapped text that fit in a height, so what follows them does not change what is drawn.
    var leavesOutLines: Bool {
        guard let text = pango_layout_get_text(layout), let iterator = pango_layout_get_iter(layout) else {
            return false
        }
        defer { pango_layout_iter_free(iterator) }
        while pango_layout_iter_next_line(iterator) != 0 {}
        guard let line = pango_layout_iter_get_line_readonly(iterator) else { return false }
        let byteCount = Int(strlen(text))
        var end = Int(line.pointee.start_index) + Int(line.pointee.length)
        // The last line's paragraph separator, if any, is not part of it.
        func byte(_ index: Int) -> UInt8 { index < byteCount ? UInt8(bitPattern: text[index]) : 0 }
        switch (byte(end), byte(end + 1), byte(end + 2)) {
        case (0x0D, 0x0A, _): end += 2
        case (0x0A, _, _), (0x0D, _, _): end += 1
        case (0xE2, 0x80, 0xA9): end += 3
        default: break
        }
        return end < byteCount
    }

    /// How many characters (Unicode scalars) of text the layout holds.
    var characterCount: Int { Int(pango_layout_get_character_count(layout)) }

    /// Whether an ellipsis replaced some of the text.
    var isEllipsized: Bool { pango_layout_is_ellipsized(layout) != 0 }

    /// The first line's baseline below the layout's top, in points.
    var baseline: CGFloat { CGFloat(pango_layout_get_baseline(layout)) / CGFloat(PANGO_SCALE) }

    /// Whether the text's first line reads right to left.
    var isRightToLeft: Bool { pango_layout_get_direction(layout, 0) == PANGO_DIRECTION_RTL }

    /// Draws the layout with its top left at `origin`, in the cairo_t's current source.
    func show(in cairo: OpaquePointer, at origin: CGPoint) {
        cairo_move_to(cairo, Double(origin.x), Double(origin.y))
        pango_cairo_show_layout(cairo, layout)
    }

    private func setAttributes(_ runs: [TextContent.Run]) {
        let list = pango_attr_list_new()
        for run in runs {
            if let font = run.font {
                let description = Self.fontDescription(font, deviceScale: deviceScale)
                insert(pango_attr_font_desc_new(description), into: list, run.bytes)
                pango_font_description_free(description)
            }
            if let color = run.color {
                let (r, g, b, a) = color.rgba
                // Colours are finite (`TextContent.drawable`); out of 0...1 they are clamped.
                func channel(_ v: CGFloat) -> UInt16 { UInt16((min(max(v, 0), 1) * 65535).rounded()) }
                insert(pango_attr_foreground_new(channel(r), channel(g), channel(b)), into: list, run.bytes)
                insert(pango_attr_foreground_alpha_new(channel(a)), into: list, run.bytes)
            }
        }
        pango_layout_set_attributes(layout, list)
        pango_attr_list_unref(list)
    }

    private func insert(
        _ attribute: UnsafeMutablePointer<PangoAttribute>?, into list: OpaquePointer?, _ bytes: Range<Int>
    ) {
        guard let attribute else { return }
        attribute.pointee.start_index = UInt32(bytes.lowerBound)
        attribute.pointee.end_index = UInt32(bytes.upperBound)
        pango_attr_list_insert(list, attribute)
    }

    /// The largest font size text is drawn in, in FreeType's pixels: FreeType refuses sizes of
    /// 65,536 pixels and more, and its error leaves the font's face unusable for the rest of
    /// the process (every size of that font then draws nothing). A larger size (1e300 points,
    /// or 20 points at `contentsScale` 1e37) is drawn at this one, with one logged error; a
    /// negative or NaN size draws nothing.
    static let largestFontPixels: CGFloat = 16_384

    /// A Pango font description for `font`, its size in absolute user-space units, for a device
    /// of `deviceScale` pixels a unit; the caller frees it.
    ///
    /// Pango asks FreeType for a face of the size times the device scale squared (Pango 1.50:
    /// 1,100 points at scale 8 fail as 70,400 pixels), so above scale 1 the size is capped at
    /// `largestFontPixels` over the scale squared.
    static func fontDescription(_ font: TextFont, deviceScale: Double = 1) -> OpaquePointer? {
        let description = pango_font_description_from_string(font.name.replacingOccurrences(of: "-", with: " "))
        var size = font.size.isNaN ? 0 : max(font.size, 0)
        let scale = CGFloat(deviceScale.isFinite && deviceScale > 0 ? deviceScale : 1)
        let largest = largestFontPixels / (scale * max(scale, 1))
        if size > largest {
            Diagnostics.errorOnce(
                "TextLayout.fontSize",
                "text: a font size of \(size) points at \(deviceScale) pixels a point is larger than text is drawn "
                    + "(\(largestFontPixels) pixels); drawn at \(largest) points")
            size = largest
        }
        pango_font_description_set_absolute_size(description, Double(size) * Double(PANGO_SCALE))
        return description
    }

    /// `points` in Pango units, saturated to 32 bits (a wrapped layer 1e16 points wide); NaN is 0.
    static func pangoUnits(_ points: CGFloat) -> Int32 {
        let units = (Double(points) * Double(PANGO_SCALE)).rounded()
        guard !units.isNaN else { return 0 }
        return Int32(min(max(units, Double(Int32.min)), Double(Int32.max)))
    }
}

extension CGContext {
    /// Draws `string` in a single line with its baseline starting at `point`, in the fill
    /// colour, the font named `fontName` at `fontSize` points. Returns the line's advance width.
    ///
    /// A SceneCore addition: Core Graphics draws text through Core Text, which Linux lacks.
    /// The text is upright whichever way user space points: in a Core Graphics bitmap
    /// context (y up) it rises from the baseline towards larger y, in a layer's context (y
    /// down) towards smaller y. Newlines in `string` start new lines below the first.
    @discardableResult
    public func drawText(_ string: String, at point: CGPoint, fontName: String = "Helvetica", fontSize: CGFloat = 12)
        -> CGFloat
    {
        guard !string.isEmpty else { return 0 }
        return TextEngine.withLock { drawLine(string, at: point, fontName: fontName, fontSize: fontSize) }
    }

    private func drawLine(_ string: String, at point: CGPoint, fontName: String, fontSize: CGFloat) -> CGFloat {
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        cairo_translate(cairo, Double(point.x), Double(point.y))
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        // Device space is y down; a mirrored user space (Core Graphics' y up) would draw the
        // text upside down, so lay it out in a space flipped back.
        if matrix.xx * matrix.yy - matrix.xy * matrix.yx < 0 { cairo_scale(cairo, 1, -1) }
        guard
            let layout = TextLayout(
                cairo: cairo, content: TextContent(string), font: TextFont(name: fontName, size: fontSize),
                roundsGlyphPositions: false)
        else { return 0 }
        setSource(fillColor)
        layout.show(in: cairo, at: CGPoint(x: 0, y: -layout.baseline))
        return layout.size.width
    }
}
