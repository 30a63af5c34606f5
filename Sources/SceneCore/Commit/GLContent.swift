import Foundation

/// A `CAOpenGLLayer`'s drawing as commits carry it: which layer draws, and how many redraws
/// the app has asked for (`setNeedsDisplay()`). Travels whole with the layer's first commit and
/// in a `LayerField.glContent` of each commit that asks for a redraw.
struct GLContent: Sendable, Equatable {
    /// The layer the render side asks to draw.
    let source: GLContentSource
    /// Incremented by each `display()` of the layer: a version the renderer has not drawn is drawn.
    var version: UInt64 = 0
}

/// The render side's handle on a `CAOpenGLLayer`: a weak reference, so that a layer released
/// while a frame that shows it is on its way is simply not asked to draw (the renderer keeps
/// the last picture it drew until the layer leaves the tree).
///
/// `@unchecked Sendable`: it holds only a weak reference, set once; reading a weak reference is
/// thread-safe.
package final class GLContentSource: @unchecked Sendable, Equatable {
    private weak var layer: CAOpenGLLayer?

    init(_ layer: CAOpenGLLayer) { self.layer = layer }

    /// Whether the layer still exists.
    package var isAlive: Bool { layer != nil }

    /// The layer's `canDraw(in:forLayerTime:displayTime:)`; false once the layer is released.
    package func canDraw(in context: CAOpenGLContext, layerTime: Double, displayTime: Double) -> Bool {
        layer?.canDraw(in: context, forLayerTime: layerTime, displayTime: displayTime) ?? false
    }

    /// The layer's `draw(in:forLayerTime:displayTime:)`; false (nothing called) once the layer is released.
    package func draw(in context: CAOpenGLContext, layerTime: Double, displayTime: Double) -> Bool {
        guard let layer else { return false }
        layer.draw(in: context, forLayerTime: layerTime, displayTime: displayTime)
        return true
    }

    /// Sources are the same when they are the same object.
    package static func == (a: GLContentSource, b: GLContentSource) -> Bool { a === b }
}
