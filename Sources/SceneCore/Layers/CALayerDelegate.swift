import Foundation

/// The methods a layer's delegate may implement; every one is optional.
public protocol CALayerDelegate: AnyObject {
    /// Replaces the layer's whole display step; typically sets `contents`.
    func display(_ layer: CALayer)
    /// Called before drawing.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers; when implemented, the layout manager is ignored.
    func layoutSublayers(of layer: CALayer)
    /// The first step of the action search; return `NSNull()` to stop it with no action,
    /// nil to continue it.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) {}
    public func layerWillDraw(_ layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}
