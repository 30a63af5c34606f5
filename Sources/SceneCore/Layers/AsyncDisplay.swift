import Foundation

/// Drawing for layers with `drawsAsynchronously`: `draw(in:)` runs on the displaying thread as
/// usual, into a context that records its calls, and the calls are turned into pixels on a
/// background queue, several layers at once. The pixels become the layer's contents in a
/// transaction of their own, committed from that queue when they are done; the commit that
/// displayed the layer does not wait for them. A result older than the layer's latest display
/// is dropped.
enum AsyncDisplay {
    /// The queue recorded drawings are turned into pixels on.
    static let queue = DispatchQueue(label: "SceneCore.asyncDisplay", qos: .userInitiated, attributes: .concurrent)

    /// Turns `drawing` into pixels (over `base`, changing `region` of it, for a partial redraw)
    /// on `queue`, then commits them as the contents of `layer`, unless the layer has displayed
    /// again after `generation`.
    static func finish(
        _ drawing: RecordedDrawing, over base: CGImage?, updating region: UpdatedRegion?, of layer: CALayer,
        generation: UInt64
    ) {
        let target = UncheckedSendable(WeakLayer(layer))
        queue.async {
            let image = drawing.rasterize(over: base, updating: region)
            guard let layer = target.value.layer else { return }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            LayerLock.withLock {
                if layer.asyncDisplayGeneration == generation { layer.setDisplayedContents(image) }
            }
            CATransaction.commit()
        }
    }
}
