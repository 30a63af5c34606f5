import Foundation

/// An object that lays out the sublayers of the layers it is attached to (`CALayer.layoutManager`).
///
/// As in Core Animation every method is optional: the default implementations below keep the
/// layer's own size, remember nothing and move nothing.
public protocol CALayoutManager: AnyObject {
    /// The size `layer` would like to have in its superlayer's coordinate space; what the layer's
    /// `preferredFrameSize()` returns when it has this layout manager.
    func preferredSize(of layer: CALayer) -> CGSize

    /// Called when `layer` is marked as needing layout (`setNeedsLayout()`), so that a manager can
    /// drop whatever it cached about the layer's layout.
    func invalidateLayout(of layer: CALayer)

    /// Sets the geometry of the sublayers of `layer`; called by the layer's `layoutSublayers()`
    /// when its delegate does not lay them out itself.
    func layoutSublayers(of layer: CALayer)
}

extension CALayoutManager {
    /// The layer's bounds size mapped into its superlayer's space (the size of its `frame`),
    /// which is Core Animation's `preferredFrameSize()` for a layer whose manager does not
    /// implement `preferredSizeOfLayer:`.
    public func preferredSize(of layer: CALayer) -> CGSize { layer.frame.size }

    /// Does nothing: a manager that caches nothing has nothing to invalidate.
    public func invalidateLayout(of layer: CALayer) {}

    /// Leaves the sublayers where they are.
    public func layoutSublayers(of layer: CALayer) {}
}
