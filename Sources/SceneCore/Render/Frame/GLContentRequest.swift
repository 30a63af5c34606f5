import Foundation

/// What a `drawGLContent` command asks the renderer for: the picture of a `CAOpenGLLayer`,
/// drawn by the layer into a framebuffer of `width` x `height` pixels that the renderer keeps
/// for it.
///
/// The renderer asks the layer to draw (its `canDraw`, then `draw`) before the frame's
/// commands run, when it holds no picture of the layer at this size, when it drew an older
/// `version`, or, for an asynchronous layer, at every frame.
package struct GLContentRequest: Sendable, Equatable {
    /// The layer drawn: the key of its framebuffer.
    package var layer: LayerID
    /// The layer to ask.
    package var source: GLContentSource
    /// The layer's redraw count when the commands were built (see `GLContent.version`).
    package var version: UInt64
    /// Whether the layer draws at every frame.
    package var isAsynchronous: Bool
    /// The framebuffer's size in pixels (1...`CAOpenGLLayer.maximumDrawableSize`).
    package var width: Int
    package var height: Int
    /// Framebuffer pixels per point of the layer's bounds, on each axis.
    package var scale: CGSize
    /// The layer's local time at the frame.
    package var layerTime: Double
    /// The absolute time at which the frame is shown.
    package var displayTime: Double

    package init(
        layer: LayerID, source: GLContentSource, version: UInt64, isAsynchronous: Bool, width: Int, height: Int,
        scale: CGSize, layerTime: Double, displayTime: Double
    ) {
        (self.layer, self.source, self.version, self.isAsynchronous) = (layer, source, version, isAsynchronous)
        (self.width, self.height, self.scale) = (width, height, scale)
        (self.layerTime, self.displayTime) = (layerTime, displayTime)
    }
}
