/// A layer as the render side knows it: committed values and structure by id. Never a `CALayer`.
struct RenderLayer: Sendable {
    /// The values shown this frame, except where the layer is placed while its placement is
    /// kept apart (`SteadyPlacement`): these are then the model values, shared with the model.
    private var shown = LayerProperties()
    var sublayers: [LayerID] = []
    var mask: LayerID?
    var superlayer: LayerID?
    /// Changes whenever something in the layer's subtree changes (`RenderTree.subtreeVersion(of:)`).
    var subtreeVersion: UInt64 = 0
    /// The same without the layer's own placement (`RenderTree.contentVersion(of:)`).
    var contentVersion: UInt64 = 0
    /// The same without changes that only paint (`RenderTree.extentVersion(of:)`).
    var extentVersion: UInt64 = 0
    /// How far the attached animations' changes reach (`placement` with none).
    private(set) var animationReach = RenderTree.ChangeReach.placement
    /// Present only while the layer has animations; kept out of line (copied on write) so
    /// that the many layers without animations stay small to store and to read.
    private var animationState: AnimationState?
    init() {}

    /// The values shown this frame: the model values with the animations applied. Made whole
    /// from `propertiesExceptPlacement` and the placement kept apart, where there is one: a
    /// copy of the values then, so that what runs every frame reads those two instead.
    var properties: LayerProperties {
        get {
            guard let state = animationState, state.isPlacementApart else { return shown }
            var whole = shown
            state.placement.apply(to: &whole)
            return whole
        }
        _modify {
            foldPlacement()
            yield &shown
        }
    }

    /// The values shown this frame, but for the layer's transform and position when its
    /// placement is kept apart: read every other value from here, and where the layer is from
    /// `placement(offset:)`.
    var propertiesExceptPlacement: LayerProperties { shown }

    /// Maps the layer's bounds space into the space it is positioned in, as shown this frame
    /// (`LayerProperties.placement(offset:)`).
    func placement(offset: CGSize?) -> CATransform3D {
        guard let state = animationState, state.isPlacementApart else { return shown.placement(offset: offset) }
        return shown.placement(offset: offset, transform: state.placement.transform, position: state.placement.position)
    }

    /// The committed (model) values.
    var model: LayerProperties { animationState?.model ?? shown }
    /// The attached animations in key order.
    var animations: [RenderAnimation] { animationState?.animations ?? [] }
    /// Which of `animations` sent their started and finished events.
    var eventMarks: AnimationEventMarks { animationState?.eventMarks ?? AnimationEventMarks() }
    /// The contents cross-fade in progress.
    var contentsBlend: ContentsBlend? { animationState?.changeOfContents?.contentsBlend }
    /// The transition in progress.
    var transition: TransitionFrame? { animationState?.changeOfContents?.transition }

    /// Applies one committed property field.
    package mutating func apply(_ field: LayerField) {
        // An animated layer's animated properties get their shown values from the next evaluation.
        uniqueAnimationState()?.model.apply(field)
        properties.apply(field)
    }

    /// Keeps the layer's shown transform and position apart from its other shown values, which
    /// become its model values (one copy of the values fewer), when its animations change only
    /// where it is placed and the shown values differ from the model's only there. The steady
    /// pass then writes the placement alone (`changePlacement(_:)`).
    mutating func keepPlacementApart() {
        guard let state = uniqueAnimationState(), !state.isPlacementApart else { return }
        var check = shown.values
        (check.transform, check.position) = (state.model.transform, state.model.position)
        guard check == state.model.values else { return }
        state.placement = SteadyPlacement(transform: shown.transform, position: shown.position)
        state.isPlacementApart = true
        shown = state.model
    }

    /// Changes the placement kept apart through `body`, returning what `body` returns; nil,
    /// calling nothing, when the layer's placement is not kept apart.
    @inline(__always)
    mutating func changePlacement(_ body: (inout SteadyPlacement) -> Bool) -> Bool? {
        guard animationState?.isPlacementApart == true, let state = uniqueAnimationState() else { return nil }
        return body(&state.placement)
    }

    /// Changes the shown values in place through `body`, returning what `body` returns, for a
    /// layer whose placement is not kept apart (`changePlacement(_:)` answered nil): unlike
    /// `properties`, without looking at the animation state first.
    @inline(__always)
    mutating func changeShownValues(_ body: (inout LayerProperties) -> Bool) -> Bool {
        assert(animationState?.isPlacementApart != true, "RenderLayer: a placement kept apart would be lost")
        return body(&shown)
    }

    /// Puts the placement kept apart back into the shown values.
    private mutating func foldPlacement() {
        guard animationState?.isPlacementApart == true, let state = uniqueAnimationState() else { return }
        state.isPlacementApart = false
        state.placement.apply(to: &shown)
    }

    /// Replaces the animation list, keeping what the render side knew of animations it already ran.
    mutating func setAnimations(_ list: [RenderAnimation]) {
        animationReach = list.map(\.reach).max() ?? .placement
        guard !list.isEmpty else {
            if let state = animationState { shown = state.model }
            animationState = nil
            return
        }
        let state = uniqueAnimationState() ?? AnimationState(model: shown)
        animationState = state
        state.eventMarks = state.eventMarks.carried(from: state.animations, to: list)
        state.animations = list
    }

    /// Runs the event pass and evaluates the animations at `layerTime`: started and
    /// finished events are appended to `events`, finished animations that are removed on
    /// completion are dropped (their serials added to `removed`), and `properties` become the
    /// model values with the remaining animations applied.
    mutating func evaluate(
        layerTime: Double, id: LayerID, removed: inout Set<UInt64>, events: inout [AnimationEvent]
    ) -> AnimationOutputs {
        foldPlacement()
        guard let state = uniqueAnimationState() else { return AnimationOutputs() }
        // Worked on as locals, moved out of the state and back, so that the loops below touch
        // no class property (each touch costs an exclusivity check and a retain).
        var animations = state.animations
        var marks = state.eventMarks
        state.animations = []
        // Only the animated properties are recomputed (including those of animations that end
        // now); the others already hold the model values.
        var outputs = AnimationOutputs()
        // The model values are reached through a pointer: passing `state.model` itself copies
        // them for each call, retaining the box they lie in.
        let cache = state.transformCache ?? TransformCacheBox()
        state.transformCache = cache
        withUnsafePointer(to: &state.model) { model in
            AnimationEvaluator.restoreTargets(of: animations, from: model.pointee, into: &shown)
            animations.recordEvents(
                layerTime: layerTime, id: id, marks: &marks, removed: &removed, events: &events)
            var custom: [String: AnimatableValue]?
            AnimationEvaluator.apply(
                animations, layerTime: layerTime, model: model.pointee, presented: &shown,
                custom: &custom, outputs: &outputs, cache: &cache.cache)
        }
        state.animations = animations
        state.eventMarks = marks
        state.setChangeOfContents(contentsBlend: outputs.contentsBlend, transition: outputs.transition)
        return outputs
    }

    /// Lets the transform cache of the general evaluator go: the steady pass, which now runs
    /// the layer's animations, keeps what it needs of the model transform itself.
    mutating func releaseTransformCache() { uniqueAnimationState()?.transformCache = nil }

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
    /// The list the app committed, shared with it: the events sent are kept apart, in `eventMarks`.
    var animations: [RenderAnimation] = []
    var eventMarks = AnimationEventMarks()
    /// The cross-fade or transition in progress; nil (and no box) for most animated layers.
    var changeOfContents: ChangeOfContents?
    /// The general evaluator's decomposition of the model transform: made when the general
    /// evaluator first runs the layer's animations, and let go while the steady pass runs them
    /// (`MemoryLayoutTests` has its size).
    var transformCache: TransformCacheBox?
    /// The shown transform and position, while they are kept apart from the shown values
    /// (`isPlacementApart`, `RenderLayer.keepPlacementApart()`).
    var placement = SteadyPlacement(transform: .identity, position: .zero)
    /// Whether `placement` holds the shown placement (a flag, not an optional: the steady pass
    /// then changes the placement where it lies instead of copying it out and back).
    var isPlacementApart = false

    init(model: LayerProperties) { self.model = model }

    /// Notes the cross-fade and transition in progress, changing the box in place while it is
    /// this state's alone (no allocation a frame while one runs).
    func setChangeOfContents(contentsBlend: ContentsBlend?, transition: TransitionFrame?) {
        guard contentsBlend != nil || transition != nil else {
            changeOfContents = nil
            return
        }
        if changeOfContents != nil, isKnownUniquelyReferenced(&changeOfContents!) {
            (changeOfContents!.contentsBlend, changeOfContents!.transition) = (contentsBlend, transition)
        } else {
            changeOfContents = ChangeOfContents(contentsBlend: contentsBlend, transition: transition)
        }
    }

    func copy() -> AnimationState {
        let copy = AnimationState(model: model)
        copy.animations = animations
        copy.eventMarks = eventMarks
        copy.changeOfContents = changeOfContents
        (copy.placement, copy.isPlacementApart) = (placement, isPlacementApart)
        return copy
    }
}

/// A contents cross-fade or transition in progress, kept out of line.
private final class ChangeOfContents: @unchecked Sendable {
    var contentsBlend: ContentsBlend?
    var transition: TransitionFrame?

    init(contentsBlend: ContentsBlend?, transition: TransitionFrame?) {
        (self.contentsBlend, self.transition) = (contentsBlend, transition)
    }
}

/// A `TransformCache` kept out of line.
private final class TransformCacheBox {
    var cache = TransformCache()
}
