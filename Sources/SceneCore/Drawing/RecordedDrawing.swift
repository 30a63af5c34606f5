import CSceneCoreCairo
import Foundation

/// What `draw(in:)` drew into a recording context (`CGContext(layerWidth:height:scale:recording:)`):
/// Cairo's record of the calls, turned into pixels later, on any thread. A layer with
/// `drawsAsynchronously` draws this way: recording the calls is quick, and the pixels are filled
/// on a background queue (`AsyncDisplay`).
///
/// `@unchecked Sendable`: the recording is not drawn into once made, and Cairo surfaces may be
/// used from any one thread at a time.
final class RecordedDrawing: @unchecked Sendable {
    private let recording: OpaquePointer
    let width: Int
    let height: Int

    /// Keeps `recording` (a recording surface of `width` x `height` pixels).
    init(recording: OpaquePointer, width: Int, height: Int) {
        self.recording = cairo_surface_reference(recording)
        self.width = width
        self.height = height
    }

    deinit { cairo_surface_destroy(recording) }

    /// The recorded calls played over `base` (an image of the same size: the drawing then
    /// changes `region` of it) or over transparent pixels; nil when no bitmap could be made.
    func rasterize(over base: CGImage?, updating region: UpdatedRegion?) -> CGImage? {
        guard let context = CGContext(layerWidth: width, height: height, scale: 1) else { return nil }
        if let base { context.copyPixels(from: base) }
        cairo_save(context.cairo)
        cairo_identity_matrix(context.cairo)
        cairo_set_source_surface(context.cairo, recording, 0, 0)
        cairo_paint(context.cairo)
        cairo_restore(context.cairo)
        return context.makeImage(updating: region)
    }
}
