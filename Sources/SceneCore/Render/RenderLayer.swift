/// A layer as the render side knows it: committed values and structure by id. Never a `CALayer`.
struct RenderLayer: Sendable {
    /// The values shown this frame: the model values with the animations applied.
    var properties = LayerProperties()
    var sublayers: [LayerID] = []
    var mask: LayerID?
    var superlayer: LayerID?
    /// Changes whenever something in the layer's subtree changes (`RenderTree.subtreeVersion(of:)`).
    var subtreeVersion: UInt64 = 0
    /// Present only while the layer has animations; kept out of line (copied on write) so
    /// that the many layers without animations stay small to store and to read.
    private var animationState: AnimationState?
    init() {}

    /// The committed (model) values.
    var model: LayerProperties { animationState?.model ?? properties }
    /// The attached animations in key order.
    var animations: [RenderAnimation] { animationState?.animations ?? [] }
    /// The contents cross-fade in progress.
    var contentsBlend: ContentsBlend? { animationState?.contentsBlend }
    /// The transition in progress.
    var transition: TransitionFrame? { animationState?.transition }

    /// Applies one committed property field.
    package mutating func apply(_ field: LayerField) {
        // An animated layer's animated properties get their shown values from the next evaluation.
        uniqueAnimationState()?.model.apply(field)
        properties.apply(field)
    }

    /// Replaces the animation list, keeping what the render side knew of animations it already ran.
    mutating func setAnimations(_ list: [RenderAnimation]) {
        guard !list.isEmpty else {
            if let state = animationState { properties = state.model }
            animationState = nil
            return
        }
        let state = uniqueAnimationState() ?? AnimationState(model: properties)
        animationState = state
        var merged = list
        for index in merged.indices {
            if let known = state.animations.first(where: { $0.serial == merged[index].serial }) {
                merged[index].hasStarted = known.hasStarted
                merged[index].hasFinished = known.hasFinished
            }
        }
        state.animations = merged
    }

    /// Runs the event pass and evaluates the animations at `layerTime`: started and
    /// finished events are appended to `events`, finished animations that are removed on
    /// completion are dropped (their serials added to `removed`), and `properties` become the
    /// model values with the remaining animations applied.
    mutating func evaluate(
        layerTime: Double, id: LayerID, removed: inout Set<UInt64>, events: inout [AnimationEvent]
    ) -> AnimationOutputs {
        guard let state = uniqueAnimationState() else { return AnimationOutputs() }
        // Worked on as locals, moved out of the state and back, so that the loops below touch
        // no class property (each touch costs an exclusivity check and a retain).
        var animations = state.animations
        state.animations = []
        // Only the animated properties are recomputed (including those of animations that end
        // now); the others already hold the model values.
        AnimationEvaluator.restoreTargets(of: animations, from: state.model, into: &properties)
        AnimationState.recordEvents(&animations, layerTime: layerTime, id: id, removed: &removed, events: &events)
        var custom: [String: AnimatableValue]?
        var outputs = AnimationOutputs()
        var cache = state.transformCache
        AnimationEvaluator.apply(
            animations, layerTime: layerTime, model: state.model, presented: &properties,
            custom: &custom, outputs: &outputs, cache: &cache)
        state.transformCache = cache
        state.animations = animations
        state.contentsBlend = outputs.contentsBlend
        state.transition = outputs.transition
        return outputs
    }

    /// The animation state, copied first if another tree value shares it (a transition's
    /// snapshot of the tree); nil when the layer has no animations.
    private mutating func uniqueAnimationState() -> AnimationState? {
        guard animationState != nil else { return nil }
        if !isKnownUniquelyReferenced(&animationState!) { animationState = animationState!.copy() }
        return animationState
    }
}

/// What an animated layer keeps on the render side beside its shown values.
private final class AnimationState: @unchecked Sendable {
    var model: LayerProperties
    var animations: [RenderAnimation] = []
    var contentsBlend: ContentsBlend?
    var transition: TransitionFrame?
    var transformCache = TransformCache()

    init(model: LayerProperties) { self.model = model }

    func copy() -> AnimationState {
        let copy = AnimationState(model: model)
        copy.animations = animations
        copy.contentsBlend = contentsBlend
        copy.transition = transition
        return copy
    }

    /// Sends started and finished events, and drops finished animations removed on completion.
    static func recordEvents(
        _ animations: inout [RenderAnimation], layerTime: Double, id: LayerID, removed: inout Set<UInt64>,
        events: inout [AnimationEvent]
    ) {
        var dropped = false
        for index in animations.indices {
            let timing = animations[index].timing
            let tau = (layerTime - timing.beginTime) * Double(timing.speed)
            if tau >= 0 && !animations[index].hasStarted {
                animations[index].hasStarted = true
                events.append(AnimationEvent(layer: id, serial: animations[index].serial, kind: .started))
            }
            if tau >= timing.activeDuration && !animations[index].hasFinished {
                animations[index].hasFinished = true
                let remove = animations[index].isRemovedOnCompletion
                events.append(
                    AnimationEvent(layer: id, serial: animations[index].serial, kind: .finished(removed: remove)))
                if remove {
                    removed.insert(animations[index].serial)
                    dropped = true
                }
            }
        }
        if dropped { animations.removeAll { $0.hasFinished && $0.isRemovedOnCompletion } }
    }
}
