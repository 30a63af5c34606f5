import CCairo
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

    /// Lays the text out and draws it into `context`; the context's graphics state is left as
    /// it was.
    func draw(in context: CGContext) {
        guard !content.text.isEmpty else { return }
        let cairo = context.cairo
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        guard
            let layout = TextLayout(
                cairo: cairo, content: content, font: font,
                roundsGlyphPositions: roundsGlyphPositions)
        else { return }
        // Unwrapped and untruncated, lines keep their full length and are aligned here instead.
        let laysOutInBox = wraps || truncation != nil
        layout.setLineBreaking(
            width: laysOutInBox ? box.width : nil, wraps: wraps, truncation: truncation,
            maxHeight: box.height)
        let pangoAlignment =
            switch alignment {
            case .right: PANGO_ALIGN_RIGHT
            case .center: PANGO_ALIGN_CENTER
            default: PANGO_ALIGN_LEFT
            }
        layout.setAlignment(
            pangoAlignment, natural: alignment == .natural || alignment == .justified,
            justify: alignment == .justified)
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
        context.setSource(color)
        layout.show(in: cairo, at: CGPoint(x: x, y: box.minY))
    }
}
