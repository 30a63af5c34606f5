import Foundation

/// An object that lays out a layer's sublayers, set as the layer's `layoutManager`.
///
/// All three methods are optional. The layer calls `layoutSublayers(of:)` from its own
/// `layoutSublayers()` (unless its delegate lays it out), `invalidateLayout(of:)` when it is
/// marked for layout, and `preferredSize(of:)` from `preferredFrameSize()`.
public protocol CALayoutManager: AnyObject {
    /// The size `layer` would like to be; by default its bounds' size.
    func preferredSize(of layer: CALayer) -> CGSize
    /// Drops anything cached about `layer`'s layout.
    func invalidateLayout(of layer: CALayer)
    /// Sets the frames of `layer`'s sublayers.
    func layoutSublayers(of layer: CALayer)
}

extension CALayoutManager {
    public func preferredSize(of layer: CALayer) -> CGSize { layer.bounds.size }
    public func invalidateLayout(of layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) {}
}
