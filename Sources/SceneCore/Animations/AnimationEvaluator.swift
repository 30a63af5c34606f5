import Foundation

/// What evaluating a layer's animations found, beyond the values.
struct AnimationOutputs {
    /// The contents cross-fade in progress, if `contents` animates.
    var contentsBlend: ContentsBlend?
    /// The transition in progress, if one runs.
    var transition: TransitionFrame?
    /// True when some animation's value changes with time at this moment (another frame is needed).
    var isChanging = false
    /// The earliest layer time at which a waiting animation begins, if any.
    var nextBegin: Double?

    init() {}
}

/// The one piece of code that evaluates animations, used by the render thread for every
/// frame and by `CALayer.presentation()`, so that what is hit-tested is what is on screen.
///
/// Given a layer's model values and its animations in key order, it computes the presented
/// values at a moment of the layer's local time: each animation's timing gives a progress
/// (Apple's CAMediaTiming documentation), its values give a value, and the value replaces the
/// running result or, for additive animations, is added to it.
enum AnimationEvaluator {
    /// Applies `animations` (in key order) over `model` at `layerTime`, writing the presented
    /// values to `presented` (which starts as a copy of `model`) and custom keys to `custom`.
    package static func apply(
        _ animations: [RenderAnimation], layerTime: Double, model: LayerProperties,
        presented: inout LayerProperties, custom: inout [String: AnimatableValue]?, outputs: inout AnimationOutputs,
        cache: inout TransformCache
    ) {
        for index in animations.indices {
            apply(
                animations[index], parentTime: layerTime, model: model, presented: &presented, custom: &custom,
                outputs: &outputs, cache: &cache)
        }
    }

    /// Sets every property that `animations` drive back to its value in `model`, so that a
    /// layer's shown values can be recomputed without copying all of them every frame.
    static func restoreTargets(
        of animations: [RenderAnimation], from model: LayerProperties,
        into presented: inout LayerProperties
    ) {
        for index in animations.indices {
            switch animations[index].kind {
            case .property(let spec):
                spec.target.property.restore(from: model, into: &presented)
                if spec.rotationMode != nil {
                    AnimatableProperty.transform.restore(from: model, into: &presented)
                }
            case .group(let children): restoreTargets(of: children, from: model, into: &presented)
            case .transition: break
            }
        }
    }

    /// Where `animation` is at `parentTime`: its progress after its timing function (or
    /// nil when it has no effect then), updating `outputs` with whether it is changing or waiting.
    static func progress(of animation: RenderAnimation, parentTime: Double, outputs: inout AnimationOutputs)
        -> (progress: Double, cycle: Double, local: Double)?
    {
        let timing = animation.timing
        let tau = (parentTime - timing.beginTime) * Double(timing.speed)
        if tau < 0, timing.speed != 0 {
            outputs.nextBegin = min(outputs.nextBegin ?? .infinity, timing.beginTime)
        }
        guard let sample = timing.sample(atParentTime: parentTime) else { return nil }
        if timing.speed != 0 && tau >= 0 && tau < timing.activeDuration { outputs.isChanging = true }
        var p = sample.progress
        if case .property(let spec) = animation.kind, spec.spring != nil {
            // The spring's own time replaces the timing curve.
        } else if let function = animation.timingFunction {
            p = function.value(at: p)
        }
        return (p, sample.cycle, sample.progress * timing.duration)
    }

    private static func apply(
        _ animation: RenderAnimation, parentTime: Double, model: LayerProperties,
        presented: inout LayerProperties, custom: inout [String: AnimatableValue]?, outputs: inout AnimationOutputs,
        cache: inout TransformCache
    ) {
        guard let (p, cycle, local) = progress(of: animation, parentTime: parentTime, outputs: &outputs) else { return }
        switch animation.kind {
        case .property(let spec):
            apply(
                spec, progress: p, cycle: cycle, localTime: local, model: model, presented: &presented, custom: &custom,
                outputs: &outputs, cache: &cache)
        case .group(let children):
            // Children run in the group's local time (after its timing function), clipped to it.
            let groupTime = p * animation.timing.duration
            for child in children {
                apply(
                    child, parentTime: groupTime, model: model, presented: &presented, custom: &custom,
                    outputs: &outputs, cache: &cache)
            }
        case .transition(let spec):
            let progress = spec.startProgress + (spec.endProgress - spec.startProgress) * p
            outputs.transition = TransitionFrame(
                serial: animation.serial, spec: spec, progress: min(max(progress, 0), 1))
        }
    }

    private static func apply(
        _ spec: PropertyAnimationSpec, progress p: Double, cycle: Double, localTime: Double, model: LayerProperties,
        presented: inout LayerProperties, custom: inout [String: AnimatableValue]?, outputs: inout AnimationOutputs,
        cache: inout TransformCache
    ) {
        let target = spec.target
        guard let base = target.read(model, custom: custom, cache: &cache) else { return }
        var value: AnimatableValue
        var span: (start: AnimatableValue, end: AnimatableValue)
        switch spec.values {
        case .basic(let basic):
            guard
                let ends = endpoints(
                    from: basic.from, to: basic.to, by: basic.by, current: spec.valueFunction == nil ? base : nil)
            else { return }
            span = ends
            let f = spec.spring.map { $0.position(at: localTime) } ?? p
            value = ends.start.interpolated(to: ends.end, fraction: f) ?? ends.end
        case .keyframes(let keyframes):
            span = (keyframes.first, keyframes.last)
            value = keyframes.value(at: p)
        }
        if spec.isCumulative, cycle > 0, let delta = span.end.subtracting(span.start),
            let accumulated = delta.scaled(by: cycle).flatMap(value.adding)
        {
            value = accumulated
        }
        if case .layer(.contents, _) = target.property {
            // Images cross-fade: a basic animation from its start to its end, keyframes within
            // their segment (discrete keyframes switch instead).
            let fade: (from: AnimatableValue, to: AnimatableValue, fraction: Double)? =
                switch spec.values {
                case .basic: (span.start, span.end, min(max(spec.spring.map { $0.position(at: localTime) } ?? p, 0), 1))
                case .keyframes(let keyframes): keyframes.crossFade(at: p)
                }
            if let fade, case .image(let start) = fade.from, case .image(let end) = fade.to {
                outputs.contentsBlend =
                    fade.fraction < 1 && start != end ? ContentsBlend(from: start.image, fraction: fade.fraction) : nil
                value = .image(end)
            }
        }
        if let function = spec.valueFunction {
            let input: SIMD3<Double>
            switch value {
            case .number(let n): input = SIMD3(n, n, n)
            case .vector(let v): input = v
            default: return
            }
            value = .transform(function.transform(input))
        }
        if spec.isAdditive, let current = target.read(presented, custom: custom, cache: &cache),
            let sum = current.adding(value)
        {
            value = sum
        }
        target.write(value, to: &presented, custom: &custom, cache: &cache)
        if let mode = spec.rotationMode, case .keyframes(let keyframes) = spec.values,
            let angle = keyframes.tangentAngle(at: p)
        {
            // Turned to the direction of travel (half a turn more for auto-reverse), about the
            // anchor point, before the layer's own transform.
            let turn = CGFloat(mode == .rotateAutoReverse ? angle + .pi : angle)
            presented.transform = CATransform3DMakeRotation(turn, 0, 0, 1).concatenating(presented.transform)
        }
    }

    /// The start and end of a basic animation from its from/to/by values (Apple's
    /// CABasicAnimation documentation), with `current` (the model value) filling what is missing.
    static func endpoints(
        from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, current: AnimatableValue?
    )
        -> (start: AnimatableValue, end: AnimatableValue)?
    {
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return f.adding(b).map { (f, $0) }
        case (nil, let t?, let b?): return t.subtracting(b).map { ($0, t) }
        case (let f?, nil, nil): return current.map { (f, $0) }
        case (nil, let t?, nil): return current.map { ($0, t) }
        case (nil, nil, let b?): return current.flatMap { c in c.adding(b).map { (c, $0) } }
        case (nil, nil, nil): return current.map { ($0, $0) }
        }
    }
}
