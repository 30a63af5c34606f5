/// A layer as the render side knows it: committed values and structure by id. Never a `CALayer`.
public struct RenderLayer: Sendable {
    /// The values shown this frame: the model values with the animations applied.
    public var properties = LayerProperties()
    /// The committed (model) values.
    public var model = LayerProperties()
    public var sublayers: [LayerID] = []
    public var mask: LayerID?
    public var superlayer: LayerID?
    /// The attached animations in key order.
    package var animations: [RenderAnimation] = []
    /// The contents cross-fade in progress.
    package var contentsBlend: ContentsBlend?
    /// The transition in progress.
    package var transition: TransitionFrame?
    public init() {}

    /// Applies one committed property field.
    package mutating func apply(_ field: LayerField) {
        model.apply(field)
        // Animated layers get their shown values from the next evaluation.
        if animations.isEmpty { properties.apply(field) }
    }

    /// Replaces the animation list, keeping what the render side knew of animations it already ran.
    package mutating func setAnimations(_ list: [RenderAnimation]) {
        var merged = list
        for index in merged.indices {
            if let known = animations.first(where: { $0.serial == merged[index].serial }) {
                merged[index].hasStarted = known.hasStarted
                merged[index].hasFinished = known.hasFinished
            }
        }
        // A finished animation the render side removed stays removed even if the commit was
        // made before the app side heard of it.
        animations = merged
        if animations.isEmpty {
            properties = model
            contentsBlend = nil
            transition = nil
        }
    }
}
