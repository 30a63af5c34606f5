import CSceneCoreCairo
import Foundation

/// What a text layer draws, as a plain value: text laid out by Pango from the top left of a
/// box, wrapped, truncated and aligned within it, holding no layer, so that it can be drawn on
/// any thread.
struct TextDrawing: Sendable {
    /// How lines are aligned within the box.
    enum Alignment: Sendable {
        /// To the start of each line for its paragraph's direction (left for left-to-right text).
        case natural
        case left, right, center
        /// Both edges, except the last line of a paragraph; otherwise as `natural`.
        case justified
    }

    /// The text, with the fonts and colours of an attributed string's runs.
    var content: TextContent
    /// The font of text without a font of its own.
    var font: TextFont
    /// The colour of text without a colour of its own (straight RGBA).
    var color: RGBA
    /// The box the text starts at the top left of, in the coordinates of the context drawn into.
    var box: CGRect
    /// Whether lines wrap at word boundaries to the box's width; otherwise each paragraph is
    /// one line.
    var wraps: Bool
    /// Where an ellipsis replaces text that does not fit the box; nil cuts such text off.
    var truncation: TextLayout.Truncation?
    /// How lines are aligned within the box.
    var alignment: Alignment
    /// Whether glyph positions are rounded to whole pixels.
    var roundsGlyphPositions: Bool

    /// The bytes of a long string laid out first, when its end cannot show.
    static let firstPrefix = 16_384

    /// Lays the text out and draws it into `context`; the context's graphics state is left as
    /// it was.
    ///
    /// Text broken or truncated within the box is laid out only as far as it can show, since
    /// lines below the context's clip are never seen: a string longer than 16 KiB is laid out
    /// a prefix at a time (16 KiB, then four times more each time) until two lines start below
    /// the clip, the box's height cuts the text off with an ellipsis, or the string ends. Lines
    /// are broken first-fit, so the lines that show are those of the whole string. Wrapped text
    /// truncated at the start or in the middle shows the end of the text on its last line, and
    /// unwrapped, untruncated text is aligned by its widest line, so both are laid out whole.
    func draw(in context: CGContext) {
        TextEngine.withLock {
            let cairo = context.cairo
            cairo_save(cairo)
            defer { cairo_restore(cairo) }
            let visibleHeight = context.boundingBoxOfClipPath.maxY - box.minY
            guard let (layout, origin) = laidOut(cairo: cairo, visibleHeight: visibleHeight) else { return }
            context.setSource(color)
            layout.show(in: cairo, at: origin)
        }
    }

    /// The text laid out for `cairo` at its current transformation, and the point its top left
    /// is drawn at; nil for no text. Of a long string only as much is laid out as shows within
    /// `visibleHeight` points below the box's top.
    func laidOut(cairo: OpaquePointer, visibleHeight: CGFloat) -> (TextLayout, CGPoint)? {
        guard !content.text.isEmpty else { return nil }
        let byteCount = content.text.utf8.count
        let endCanShow = !laysOutInBox || (wraps && (truncation == .start || truncation == .middle))
        var shown = endCanShow ? byteCount : min(Self.firstPrefix, byteCount)
        var laidOut = layOut(content.prefix(bytes: shown), cairo: cairo)
        while let layout = laidOut, shown < byteCount, layout.lineCount(startingBelow: visibleHeight) < 2,
            !layout.isEllipsized || !wraps
        {
            shown = min(shown * 4, byteCount)
            laidOut = layOut(content.prefix(bytes: shown), cairo: cairo)
        }
        guard let layout = laidOut else { return nil }
        var x = box.minX
        if !laysOutInBox {
            let spare = box.width - layout.size.width
            switch alignment {
            case .right: x += spare
            case .center: x += spare / 2
            case .natural where layout.isRightToLeft: x += spare
            default: break
            }
        }
        return (layout, CGPoint(x: x, y: box.minY))
    }

    /// `content` laid out in the box's width, wrapped, truncated and aligned as drawing it needs.
    private func layOut(_ content: TextContent, cairo: OpaquePointer) -> TextLayout? {
        guard
            let layout = TextLayout(
                cairo: cairo, content: content, font: font, roundsGlyphPositions: roundsGlyphPositions)
        else { return nil }
        layout.setLineBreaking(
            width: laysOutInBox ? box.width : nil, wraps: wraps, truncation: truncation, maxHeight: box.height)
        let pangoAlignment =
            switch alignment {
            case .right: PANGO_ALIGN_RIGHT
            case .center: PANGO_ALIGN_CENTER
            default: PANGO_ALIGN_LEFT
            }
        layout.setAlignment(
            pangoAlignment, natural: alignment == .natural || alignment == .justified,
            justify: alignment == .justified)
        return layout
    }

    /// Whether lines are broken and truncated within the box's width; unwrapped and
    /// untruncated, lines keep their full length and are aligned by `draw(in:)` instead.
    private var laysOutInBox: Bool { wraps || truncation != nil }
}
