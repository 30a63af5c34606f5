import CSceneCoreCairo
import Foundation

/// A contents image drawn into a backing store as the renderer would show it: the pieces
/// `ContentsLayout` places for the layer's contents gravity, rect, scale and centre, sampled
/// with its filters. A gradient layer draws its assigned contents this way, over its gradient.
struct ContentsDrawing {
    /// The image.
    var image: CGImage
    /// Where its parts go, in the coordinates of the context drawn into.
    var pieces: [ContentsLayout.Piece]
    /// The filter for parts drawn smaller than their pixel size.
    var minification: CALayerContentsFilter
    /// The filter for parts drawn at or above their pixel size.
    var magnification: CALayerContentsFilter

    /// Draws each piece: its part of the image (unit `source`, rows top to bottom) scaled into
    /// `destination`, its top row at the destination's minimum y; the context's graphics state is
    /// left as it was.
    func draw(in context: CGContext) {
        guard !pieces.isEmpty, let surface = ImageSurface(image) else { return }
        let cairo = context.cairo
        let (width, height) = (Double(image.width), Double(image.height))
        for piece in pieces {
            let d = piece.destination
            let s = piece.source
            let (sx, sy, sw, sh) = (
                Double(s.minX) * width, Double(s.minY) * height, Double(s.width) * width,
                Double(s.height) * height
            )
            guard sw > 0, sh > 0, d.width > 0, d.height > 0 else { continue }
            cairo_save(cairo)
            cairo_rectangle(cairo, Double(d.minX), Double(d.minY), Double(d.width), Double(d.height))
            cairo_clip(cairo)
            cairo_translate(cairo, Double(d.minX), Double(d.minY))
            cairo_scale(cairo, Double(d.width) / sw, Double(d.height) / sh)
            cairo_set_source_surface(cairo, surface.surface, -sx, -sy)
            cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(cairo_get_source(cairo), filter(shrinks: deviceScale(cairo) < 1))
            cairo_paint(cairo)
            cairo_restore(cairo)
        }
    }

    /// The smaller of the scales at which the current transformation draws image pixels onto
    /// device pixels.
    private func deviceScale(_ cairo: OpaquePointer) -> Double {
        var m = cairo_matrix_t()
        cairo_get_matrix(cairo, &m)
        return min(hypot(m.xx, m.yx), hypot(m.xy, m.yy))
    }

    private func filter(shrinks: Bool) -> cairo_filter_t {
        switch shrinks ? minification : magnification {
        case .nearest: CAIRO_FILTER_NEAREST
        case .trilinear: CAIRO_FILTER_GOOD
        default: CAIRO_FILTER_BILINEAR
        }
    }
}
