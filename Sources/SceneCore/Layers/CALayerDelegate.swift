import Foundation

/// The methods a layer's delegate may implement; every one is optional.
public protocol CALayerDelegate: AnyObject {
    /// Replaces the layer's whole display step; typically sets `contents`. Not implemented, the
    /// layer draws into a backing store through `draw(_:in:)`.
    func display(_ layer: CALayer)
    /// Draws the layer's content into `ctx` (in the layer's coordinates, y down).
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called before drawing into a backing store.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers; when implemented, the layout manager is ignored (not
    /// implemented, the layout manager lays them out).
    func layoutSublayers(of layer: CALayer)
    /// The first step of the action search; return `NSNull()` to stop it with no action,
    /// nil to continue it.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) { layer.displayIntoBackingStore() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layerWillDraw(_ layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) { layer.layoutManager?.layoutSublayers(of: layer) }
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}
