import Foundation
import Synchronization

/// A `CATextLayer`'s text as it travels in a commit: what to shape (`TextDrawing`, a plain value)
/// and at how many pixels a point, shaped into `GlyphRuns` the first time they are asked for.
/// The render side asks when a frame draws the layer, so that a text layer that never shows
/// (culled, scrolled away) is never shaped; the layer asks at its commit for text that replaces
/// text a frame has drawn (see `CATextLayer.display()`). Shaped once, the runs are kept.
final class ShapedText: Sendable, Equatable {
    let drawing: TextDrawing
    /// Device pixels per point the glyphs are shaped and rasterised at (the layer's `contentsScale`).
    let scale: CGFloat
    /// Whether the text is an attributed string's (runs without a colour take `drawing`'s).
    let attributed: Bool
    private let shaped = Mutex<GlyphRuns??>(nil)
    private let shapedFlag = Atomic(false)

    init(_ drawing: TextDrawing, scale: CGFloat, attributed: Bool) {
        var drawing = drawing
        // Plain text's glyphs take the colour the render side shows (`foregroundColor`, animated
        // or not), not the drawing's: a new colour is not new text.
        if !attributed { drawing.color = RGBA(r: 0, g: 0, b: 0, a: 1) }
        self.drawing = drawing
        self.scale = scale
        self.attributed = attributed
    }

    /// The shaped text (nil when it has no glyphs to draw), shaped on the calling thread the
    /// first time.
    var runs: GlyphRuns? {
        shaped.withLock { cached in
            if let cached { return cached }
            let runs = drawing.glyphRuns(scale: scale, attributed: attributed)
            cached = .some(runs)
            shapedFlag.store(true, ordering: .releasing)
            return runs
        }
    }

    /// Whether the text has been shaped (without waiting for shaping under way).
    var isShaped: Bool { shapedFlag.load(ordering: .acquiring) }

    /// The same text: the same drawing at the same scale (shaping it again would place the same
    /// glyphs).
    static func == (lhs: ShapedText, rhs: ShapedText) -> Bool {
        lhs === rhs || (lhs.scale == rhs.scale && lhs.attributed == rhs.attributed && lhs.drawing == rhs.drawing)
    }
}
