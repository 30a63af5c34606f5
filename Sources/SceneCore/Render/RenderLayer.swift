/// A layer as the render side knows it: committed values and structure by id. Never a `CALayer`.
public struct RenderLayer: Sendable {
    public var properties = LayerProperties()
    public var sublayers: [LayerID] = []
    public var mask: LayerID?
    public var superlayer: LayerID?
    public init() {}
}
