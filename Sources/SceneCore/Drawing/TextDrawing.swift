import CSceneCoreCairo
import Foundation

/// What a text layer draws, as a plain value: text laid out by Pango from the top left of a
/// box, wrapped, truncated and aligned within it, holding no layer, so that it can be drawn on
/// any thread.
struct TextDrawing: Sendable, Equatable {
    /// How lines are aligned within the box.
    enum Alignment: Sendable, Equatable {
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

    /// The bytes and the paragraphs of a long string laid out first.
    static let firstPrefix = 16_384
    static let firstParagraphs = 64

    /// Lays the text out and draws it into `context`; the context's graphics state is left as
    /// it was.
    ///
    /// Only the text that can show is laid out, since lines below the context's clip are
    /// never seen: a string longer than 16 KiB or 64 paragraphs is laid out a prefix at a time
    /// (16 KiB and 64 paragraphs, then four times more each time) until two lines start below
    /// the clip, the box's height cuts wrapped text off (with an ellipsis or without), or the
    /// string ends.
    /// Lines are broken first-fit and each paragraph on its own, so the lines that show are
    /// those of the whole string, and the work grows with the text shown, not with the string
    /// (Pango's layout of many paragraphs costs the square of their number). Wrapped text
    /// truncated at the start or in the middle shows the end of its last shown paragraph on
    /// its last line, so its prefixes end at paragraph ends only.
    ///
    /// Unwrapped and untruncated text is aligned by the widest line laid out: right- and
    /// centre-aligned lines end at, or are centred in, the box whatever that width, but with
    /// natural alignment, lines of the other direction than the first line align to the widest
    /// line shown rather than to the widest line of the whole string.
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
        let showsParagraphEnds = wraps && (truncation == .start || truncation == .middle)
        var bytes = showsParagraphEnds ? Int.max : Self.firstPrefix
        var paragraphs = Self.firstParagraphs
        var shown = content.prefix(bytes: bytes, paragraphs: paragraphs)
        var laidOut = layOut(shown, cairo: cairo)
        while let layout = laidOut, shown.text.utf8.count < content.text.utf8.count,
            layout.lineCount(startingBelow: visibleHeight) < 2, !layout.isEllipsized || !wraps, !layout.leavesOutLines
        {
            func grown(_ count: Int) -> Int { count > Int.max / 4 ? .max : count * 4 }
            (bytes, paragraphs) = (grown(bytes), grown(paragraphs))
            shown = content.prefix(bytes: bytes, paragraphs: paragraphs)
            laidOut = layOut(shown, cairo: cairo)
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
