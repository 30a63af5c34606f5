import Foundation

/// One Lottie keyframe: a value at a frame and how the value moves on to the next keyframe.
struct Keyframe<Value> {
    /// The frame of the keyframe, in the time of the layer that owns the property.
    var frame: Double
    /// The value at `frame`.
    var value: Value
    /// Whether the value holds until the next keyframe instead of moving towards it (`h`).
    var hold: Bool
    /// The easing of the segment to the next keyframe: a cubic Bézier's two control points
    /// (Lottie's `o` and `i`), as `CAMediaTimingFunction(controlPoints:)` takes them.
    var easing: (outX: Double, outY: Double, inX: Double, inY: Double)
    /// The spatial tangents of a point property (`to`, `ti`): the path a position follows to the
    /// next keyframe, relative to this value and to the next one; nil for a straight line.
    var spatialOut: CGPoint?
    /// The incoming tangent at the next keyframe (`ti`), relative to its value.
    var spatialIn: CGPoint?
}

/// A Lottie property: a fixed value or keyframes (two or more, in increasing frame order).
enum Animated<Value> {
    case fixed(Value)
    case keyframes([Keyframe<Value>])

    /// Keyframes made by sampling: a fixed value when there are fewer than two (none: `fallback`).
    static func sampled(_ keys: [Keyframe<Value>], fallback: Value) -> Animated<Value> {
        switch keys.count {
        case 0: .fixed(fallback)
        case 1: .fixed(keys[0].value)
        default: .keyframes(keys)
        }
    }

    /// Keyframes sampled from `value` at every frame from `first` to `last` (at most
    /// `maximumSamples` steps, linear between): a property derived from others by a function
    /// that interpolating its inputs' keyframes would not follow. Fixed when `last` is not after
    /// `first`, or either is not finite; frames further apart than a `Double` spans (keyframes at
    /// ±1e308) are sampled at `maximumSamples` steps mixed from the two ends.
    static func sampled(
        from first: Double, through last: Double, maximumSamples: Int, value: (Double) -> Value
    ) -> Animated<Value> {
        guard first.isFinite, last.isFinite, last > first else { return .fixed(value(first.isFinite ? first : 0)) }
        let span = last - first
        let step = max(1, span / Double(maximumSamples))
        let count = span.isFinite ? Int((span / step).rounded(.up)) : maximumSamples
        let keys = (0...count).map { index in
            let fraction = Double(index) / Double(count)
            let frame =
                span.isFinite ? min(first + Double(index) * step, last) : first * (1 - fraction) + last * fraction
            return Keyframe(
                frame: frame, value: value(frame), hold: false, easing: (0, 0, 1, 1), spatialOut: nil, spatialIn: nil)
        }
        return .keyframes(keys)
    }

    /// The value shown before the first keyframe (Lottie holds the first value there).
    var initial: Value {
        switch self {
        case .fixed(let value): value
        case .keyframes(let keys): keys[0].value
        }
    }

    /// Whether the value changes over time.
    var isAnimated: Bool {
        if case .keyframes = self { return true }
        return false
    }

    /// The frames of the keyframes (none for a fixed value).
    var frames: [Double] {
        if case .keyframes(let keys) = self { return keys.map(\.frame) }
        return []
    }

    /// The same property with every value transformed by `transform`.
    func map<Other>(_ transform: (Value) -> Other) -> Animated<Other> {
        switch self {
        case .fixed(let value): .fixed(transform(value))
        case .keyframes(let keys):
            .keyframes(
                keys.map {
                    Keyframe(
                        frame: $0.frame, value: transform($0.value), hold: $0.hold, easing: $0.easing,
                        spatialOut: $0.spatialOut, spatialIn: $0.spatialIn)
                })
        }
    }

    /// The same property with every keyframe's frame mapped through `time` (a precomposition's
    /// start and stretch), keeping the order (`time` increases).
    func retimed(_ time: (Double) -> Double) -> Animated<Value> {
        guard case .keyframes(var keys) = self else { return self }
        for index in keys.indices { keys[index].frame = time(keys[index].frame) }
        return .keyframes(keys)
    }
}

/// A value Lottie interpolates linearly between keyframes (numbers component by component,
/// paths vertex by vertex).
protocol Interpolable {
    /// The value `fraction` of the way from this one to `other`.
    func interpolated(to other: Self, fraction: Double) -> Self
}

extension Double: Interpolable {
    func interpolated(to other: Double, fraction: Double) -> Double { self + (other - self) * fraction }
}

extension Array: Interpolable where Element == Double {
    func interpolated(to other: [Double], fraction: Double) -> [Double] {
        indices.map { i in self[i] + (i < other.count ? other[i] - self[i] : 0) * fraction }
    }
}

extension Animated where Value: Interpolable {
    /// The value at `frame`: held before the first and after the last keyframe, eased along each
    /// segment by its Bézier timing curve (the curve Core Animation's timing function evaluates).
    func value(at frame: Double) -> Value {
        guard case .keyframes(let keys) = self else { return initial }
        guard frame > keys[0].frame else { return keys[0].value }
        for index in 0..<(keys.count - 1) where frame < keys[index + 1].frame {
            let key = keys[index]
            if key.hold { return key.value }
            let span = keys[index + 1].frame - key.frame
            let progress = span > 0 ? (frame - key.frame) / span : 1
            return key.value.interpolated(
                to: keys[index + 1].value, fraction: BezierEasing(key.easing).value(at: progress))
        }
        return keys[keys.count - 1].value
    }
}

/// Properties made of several Lottie properties (a rectangle's path of its position, size and
/// roundness; one path of several shapes).
enum DerivedProperty {
    /// The most keyframes a derived property has when its inputs' keyframes differ.
    static let maximumKeyframes = 2_000
    /// The most input values a derived property's keyframes are made of, in all.
    static let maximumSamples = 200_000

    /// `make` applied to `inputs` over time. Inputs whose keyframes share their frames keep
    /// those keyframes and their easing; otherwise the result has a keyframe at every frame any
    /// input has one, linear between them (exact at those frames), or, past the limits, at
    /// evenly spread frames.
    static func derive<Input: Interpolable, Output>(
        _ inputs: [Animated<Input>], make: ([Input]) -> Output
    ) -> Animated<Output> {
        let animated = inputs.filter(\.isAnimated)
        guard let template = animated.first, case .keyframes(let keys) = template else {
            return .fixed(make(inputs.map(\.initial)))
        }
        if animated.allSatisfy({ $0.frames == template.frames }) {
            return .keyframes(
                keys.indices.map { index in
                    let key = keys[index]
                    let values = inputs.map { input -> Input in
                        if case .keyframes(let own) = input { return own[index].value }
                        return input.initial
                    }
                    return Keyframe(
                        frame: key.frame, value: make(values), hold: key.hold, easing: key.easing, spatialOut: nil,
                        spatialIn: nil)
                })
        }
        var frames = Array(Set(animated.flatMap(\.frames))).sorted()
        // Memory stays bounded: at most `maximumSamples` values in all, spread evenly.
        let most = max(2, min(maximumKeyframes, maximumSamples / max(inputs.count, 1)))
        if frames.count > most, let first = frames.first, let last = frames.last {
            frames = (0..<most).map { first + (last - first) * Double($0) / Double(most - 1) }
        }
        return .keyframes(
            frames.map { frame in
                Keyframe(
                    frame: frame, value: make(inputs.map { $0.value(at: frame) }), hold: false, easing: (0, 0, 1, 1),
                    spatialOut: nil, spatialIn: nil)
            })
    }
}

/// The cubic Bézier timing curve from (0, 0) to (1, 1) through two control points, evaluated
/// as Core Animation evaluates a `CAMediaTimingFunction`: solve x for the time, return y.
struct BezierEasing {
    let c1: CGPoint
    let c2: CGPoint

    /// The curve with the control points of a keyframe's easing.
    init(_ easing: (outX: Double, outY: Double, inX: Double, inY: Double)) {
        c1 = CGPoint(x: easing.outX, y: easing.outY)
        c2 = CGPoint(x: easing.inX, y: easing.inY)
    }

    /// y for the x that `progress` is, found by bisection (x increases with the parameter when
    /// the control points' x lie in 0...1, which the parser ensures).
    func value(at progress: Double) -> Double {
        let x = min(max(progress, 0), 1)
        var low = 0.0
        var high = 1.0
        var t = x
        for _ in 0..<48 {
            t = (low + high) / 2
            if Self.cubic(t, c1.x, c2.x) < x { low = t } else { high = t }
        }
        return Self.cubic(t, c1.y, c2.y)
    }

    private static func cubic(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
}
