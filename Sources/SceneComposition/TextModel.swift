import Foundation

/// A text layer's documents (`t.d.k`), in the layer's frames: each shown from its frame until
/// the next one's (text documents do not interpolate; they switch).
struct TextModel {
    var documents: [(frame: Double, document: TextDocument)]
}

/// One Lottie text document: the text and how it is set.
struct TextDocument {
    /// The text, lines separated by "\n" (Lottie's "\r" read as such).
    var text: String
    /// The font as fontconfig reads it: the family and style of the document's font in the
    /// composition's font list (`fonts.list`), or the document's font name.
    var font: String
    /// The font size in points (`s`).
    var size: Double
    /// The fill colour (`fc`), 0...1 components.
    var color: CGColor
    /// How lines align (`j`).
    var alignment: CATextLayerAlignmentMode
    /// The box that wraps the text (`ps`, `sz`), its top-left corner at `ps`; nil for point
    /// text, whose first baseline is at the layer's origin (starting there, centred on it or
    /// ending there, by the alignment).
    var box: CGRect?
}
