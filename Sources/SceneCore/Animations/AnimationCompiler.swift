import Foundation

/// Turns an added `CAAnimation` copy into the typed `RenderAnimation` the render side runs.
///
/// Every value arrives as `Any?` (as on Apple platforms) and is converted here, once: a
/// value of the wrong type for the key path, an unknown struct field, or keyframes that do
/// not fit their key times are rejected with a reason, and the animation is not added.
enum AnimationCompiler {
    /// - Parameter inheritedDuration: for a child of a group, the group's duration, which a
    ///   child whose own `duration` is 0 runs for (as in Core Animation).
    static func compile(
        _ animation: CAAnimation, for layer: CALayer, serial: UInt64, inheritedDuration: Double? = nil
    ) -> Result<RenderAnimation, AnimationError> {
        var timing = sanitized(animation.timing)
        if timing.duration == 0, let inheritedDuration { timing.duration = inheritedDuration }
        let kind: RenderAnimation.Kind
        switch animation {
        case let property as CAPropertyAnimation:
            switch compileProperty(property, for: layer) {
            case .success(let spec): kind = .property(spec)
            case .failure(let error): return .failure(error)
            }
        case let group as CAAnimationGroup:
            var children: [RenderAnimation] = []
            for (index, child) in (group.animations ?? []).enumerated() {
                switch compile(child, for: layer, serial: serial, inheritedDuration: timing.duration) {
                case .success(let compiled): children.append(compiled)
                case .failure(let error): return .failure(.invalid("child \(index) of the group: \(error)"))
                }
            }
            kind = .group(children)
        case let transition as CATransition:
            let start = Double(min(max(transition.startProgress.isFinite ? transition.startProgress : 0, 0), 1))
            let end = Double(min(max(transition.endProgress.isFinite ? transition.endProgress : 1, 0), 1))
            kind = .transition(
                TransitionSpec(
                    type: transition.type, subtype: transition.subtype ?? .fromLeft, startProgress: start,
                    endProgress: max(start, end)))
        default:
            // A plain CAAnimation animates nothing but still runs its timing and delegate.
            kind = .group([])
        }
        return .success(
            RenderAnimation(
                serial: serial, timing: timing, timingFunction: animation.timingFunction,
                isRemovedOnCompletion: animation.isRemovedOnCompletion, kind: kind))
    }

    /// Timing with non-finite values and negative durations replaced by the defaults.
    private static func sanitized(_ t: MediaTimingValues) -> MediaTimingValues {
        var t = t
        if !t.beginTime.isFinite { t.beginTime = 0 }
        if !t.duration.isFinite || t.duration < 0 { t.duration = 0 }
        if !t.speed.isFinite { t.speed = 1 }
        if !t.timeOffset.isFinite { t.timeOffset = 0 }
        if t.repeatCount.isNaN || t.repeatCount < 0 { t.repeatCount = 0 }
        if t.repeatDuration.isNaN || t.repeatDuration < 0 { t.repeatDuration = 0 }
        return t
    }

    private static func compileProperty(_ animation: CAPropertyAnimation, for layer: CALayer)
        -> Result<PropertyAnimationSpec, AnimationError>
    {
        guard let keyPath = animation.keyPath, !keyPath.isEmpty else {
            return .failure(.invalid("\(type(of: animation)) has no keyPath"))
        }
        guard let target = AnimationTarget(keyPath: keyPath, properties: layer.state) else {
            return .failure(.invalid("\"\(keyPath)\" is not a key path of \(type(of: layer))"))
        }
        // What the values must be: the property's kind, or the input of the value function.
        let reference: AnimatableValue?
        if let function = animation.valueFunction {
            guard case .transform = target.read(layer.state) ?? .number(0) else {
                return .failure(.invalid("a value function needs a transform key path, not \"\(keyPath)\""))
            }
            reference = function.takesVector ? .vector(.zero) : .number(0)
        } else if case .custom(let key) = target.property {
            reference = AnimatableValue(layer.value(forKey: key))
        } else {
            reference = target.read(layer.state)
        }
        var converter = ValueConverter(keyPath: keyPath, reference: reference)

        let values: PropertyAnimationSpec.Values
        var spring: SpringMotion?
        var rotationMode: CAAnimationRotationMode?
        switch animation {
        case let keyframes as CAKeyframeAnimation where keyframes.path != nil:
            guard case .point? = reference else {
                return .failure(.invalid("a keyframe path animates a CGPoint property, not \"\(keyPath)\""))
            }
            switch KeyframeSpec.along(
                keyframes.path!, keyTimes: keyframes.keyTimes.map { $0.map(\.doubleValue) },
                timingFunctions: keyframes.timingFunctions ?? [], mode: keyframes.calculationMode)
            {
            case .success(let spec): values = .keyframes(spec)
            case .failure(let error): return .failure(error)
            }
            rotationMode = keyframes.rotationMode
        case let keyframes as CAKeyframeAnimation:
            var converted: [AnimatableValue] = []
            for (index, raw) in (keyframes.values ?? []).enumerated() {
                switch converter.convert(raw, role: "values[\(index)]") {
                case .success(let v?): converted.append(v)
                case .success(nil): return .failure(.invalid("values[\(index)] is nil"))
                case .failure(let error): return .failure(error)
                }
            }
            let numbers = { (list: [NSNumber]?) in (list ?? []).map(\.doubleValue) }
            switch KeyframeSpec.make(
                values: converted, keyTimes: keyframes.keyTimes.map { $0.map(\.doubleValue) },
                timingFunctions: keyframes.timingFunctions ?? [], mode: keyframes.calculationMode,
                tension: numbers(keyframes.tensionValues), continuity: numbers(keyframes.continuityValues),
                bias: numbers(keyframes.biasValues))
            {
            case .success(let spec): values = .keyframes(spec)
            case .failure(let error): return .failure(error)
            }
        case let basic as CABasicAnimation:
            var triple: [AnimatableValue?] = []
            for (raw, role) in [(basic.fromValue, "fromValue"), (basic.toValue, "toValue"), (basic.byValue, "byValue")]
            {
                switch converter.convert(raw, role: role) {
                case .success(let v): triple.append(v)
                case .failure(let error): return .failure(error)
                }
            }
            values = .basic(BasicValues(from: triple[0], to: triple[1], by: triple[2]))
            spring = (basic as? CASpringAnimation)?.motion
        default:
            values = .basic(BasicValues(from: nil, to: nil, by: nil))
        }
        return .success(
            PropertyAnimationSpec(
                target: target, values: values, spring: spring, isAdditive: animation.isAdditive,
                isCumulative: animation.isCumulative, valueFunction: animation.valueFunction, images: converter.images,
                rotationMode: rotationMode))
    }
}

/// Converts an animation's values to the kind its key path needs.
private struct ValueConverter {
    let keyPath: String
    /// The kind required; nil for a custom key with no value yet, where the first value sets it.
    var reference: AnimatableValue?
    /// Every image converted, kept alive by the compiled animation.
    var images: [CGImage] = []

    mutating func convert(_ raw: Any?, role: String) -> Result<AnimatableValue?, AnimationError> {
        guard let raw else { return .success(nil) }
        // A nil boxed in `Any` stands for "no path" or "no image" where the key path needs one
        // (an implicit animation's `fromValue` when the layer had none on screen).
        if let absent = reference?.absent, Mirror(reflecting: raw).displayStyle == .optional,
            Mirror(reflecting: raw).children.isEmpty
        {
            return .success(absent)
        }
        guard var value = AnimatableValue(raw) else {
            return .failure(.invalid("\(role) of type \(type(of: raw)) cannot be animated (key path \"\(keyPath)\")"))
        }
        if let reference {
            // Numbers stand for one-number vectors; nothing else converts.
            if case .vector = reference, case .number(let n) = value { value = .vector(SIMD3(n, n, n)) }
            guard value.isSameKind(as: reference) else {
                return .failure(
                    .invalid(
                        "\(role) of type \(type(of: raw)) does not fit key path \"\(keyPath)\", which needs \(reference.kindName)"
                    ))
            }
        } else {
            reference = value
        }
        guard value.isFinite else { return .failure(.invalid("\(role) is not finite (key path \"\(keyPath)\")")) }
        if let image = raw as? CGImage { images.append(image) }
        return .success(value)
    }
}

extension AnimatableValue {
    /// The kind, for messages ("a number", "a CGPoint", ...).
    var kindName: String {
        switch self {
        case .number: "a number"
        case .point: "a CGPoint"
        case .size: "a CGSize"
        case .rect: "a CGRect"
        case .color: "a CGColor"
        case .transform: "a CATransform3D"
        case .image: "a CGImage"
        case .vector: "three numbers"
        case .filters: "a filter list"
        case .path: "a CGPath"
        case .colors: "a list of CGColors"
        case .numbers: "a list of numbers"
        case .emitterCells: "emitter cells"
        }
    }
}
