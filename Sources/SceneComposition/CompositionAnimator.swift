import Foundation

/// One animation of a composition's layer, with the composition frame it begins at: the layer
/// installs it in a group whose time starts at the first frame of the range it plays.
struct TimedAnimation {
    var animation: CAKeyframeAnimation
    var startFrame: Double
}

/// The animations of one built layer: the composition's, and those a program added by key
/// path, by the layer key path they animate ("=" and the key path for one holding a value set),
/// played after the composition's (so over them), in the order of their keys.
struct CompositionTrack {
    let layer: CALayer
    var animations: [TimedAnimation]
    var inputAnimations: [String: CAPropertyAnimation] = [:]
}

/// Makes the keyframe animations of a composition and keeps them by layer (`tracks`): each
/// Lottie property with keyframes becomes one `CAKeyframeAnimation` over its keyframes' span,
/// with a key time and a value per keyframe and one timing function per segment (the segment's
/// Bézier easing); a hold becomes a jump (two values at one key time), and a property whose
/// every segment holds is `calculationMode = .discrete`.
final class CompositionAnimator {
    /// How many frames before its frame a value jumps (a hold's end, a layer's in and out
    /// points): the time a frame is shown at, computed through the layers' timing, may fall a
    /// rounding error short of the frame, which would show the value before the jump.
    static let jumpLead = 0.001

    /// The most frames a value derived from several properties, or from one by a function that
    /// interpolating its keyframes would not follow, is sampled at (an auto-orienting layer's
    /// rotation, an animated skew, a repeater's copies).
    static let maximumSampledFrames = 1_000
    /// The most vertices the frames sampled for one path derived at every frame keep in all (a
    /// trimmed or rounded path: 5 MB of points), which also bounds the work of sampling it.
    static let maximumSampledVertices = 100_000

    /// How many frames a path of `vertices` vertices derived at every frame is sampled at:
    /// `maximumSampledFrames`, fewer (at least 2) where the samples would together keep more
    /// than `maximumSampledVertices` vertices.
    static func sampledFrames(forVertices vertices: Int) -> Int {
        max(2, min(maximumSampledFrames, maximumSampledVertices / max(vertices, 1)))
    }

    let frameRate: Double
    private(set) var tracks: [CompositionTrack] = []
    private var trackIndex: [ObjectIdentifier: Int] = [:]

    init(frameRate: Double) { self.frameRate = frameRate }

    /// Sets `keyPath` of `layer` to `animated`'s value before its first keyframe and, when it
    /// has keyframes, records their animation; `convert` makes the layer's value of a Lottie value.
    func apply<Value>(
        _ animated: Animated<Value>, to layer: CALayer, keyPath: String,
        convert: (Value) -> Any
    ) {
        layer.setValue(convert(animated.initial), forKeyPath: keyPath)
        guard case .keyframes(let keys) = animated else { return }
        let frames = keys.map(\.frame)
        let start = frames[0]
        let span = frames[frames.count - 1] - start
        guard span > 0 else {
            layer.setValue(convert(keys[keys.count - 1].value), forKeyPath: keyPath)
            return
        }
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        if keys.dropLast().allSatisfy(\.hold) {
            animation.calculationMode = .discrete
            animation.values = keys.map { convert($0.value) }
            // Each value from (just before) its frame: see `jumpLead`.
            animation.keyTimes = frames.enumerated().map { index, frame in
                NSNumber(value: index == 0 ? 0 : (frame - Self.jumpLead - start) / span)
            }
        } else {
            var values: [Any] = []
            var keyTimes: [NSNumber] = []
            var functions: [CAMediaTimingFunction] = []
            for (index, key) in keys.enumerated() {
                let value = convert(key.value)
                values.append(value)
                keyTimes.append(NSNumber(value: (frames[index] - start) / span))
                guard index + 1 < keys.count else { break }
                if key.hold {
                    // Held until the next keyframe, where the next value takes over at once.
                    values.append(value)
                    keyTimes.append(NSNumber(value: (frames[index + 1] - Self.jumpLead - start) / span))
                    functions += [CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(name: .linear)]
                } else {
                    let e = key.easing
                    functions.append(
                        CAMediaTimingFunction(controlPoints: Float(e.outX), Float(e.outY), Float(e.inX), Float(e.inY)))
                }
            }
            animation.values = values
            animation.keyTimes = keyTimes
            animation.timingFunctions = functions
        }
        record(animation, on: layer, start: start, span: span)
    }

    /// The points a position curve is sampled at per segment, in time.
    static let curveSamples = 16

    /// Records a point (a position, a gradient's end) that follows curved paths between
    /// keyframes (spatial tangents), as Lottie moves it: along each Bézier segment by arc length, the segment's easing giving the
    /// fraction of the length travelled. Core Animation's path animations move by the curve's
    /// parameter and take no timing functions, so the motion is sampled instead: a linear
    /// keyframe at `curveSamples` even steps of each segment's time, exact at those points.
    func applyCurve(
        _ keys: [Keyframe<[Double]>], to layer: CALayer, keyPath: String,
        convert: (CGPoint) -> Any
    ) {
        let frames = keys.map(\.frame)
        let start = frames[0]
        let span = frames[frames.count - 1] - start
        let points = keys.map { CGPoint(x: $0.value[0], y: $0.value[1]) }
        layer.setValue(convert(points[0]), forKeyPath: keyPath)
        guard span > 0 else { return }
        var values: [Any] = [convert(points[0])]
        var keyTimes: [NSNumber] = [0]
        for index in 0..<(keys.count - 1) {
            let key = keys[index]
            let curve = ArcLengthCurve(
                points[index], points[index] + (key.spatialOut ?? .zero),
                points[index + 1] + (key.spatialIn ?? .zero), points[index + 1])
            let easing = BezierEasing(key.easing)
            for step in 1...Self.curveSamples {
                let fraction = Double(step) / Double(Self.curveSamples)
                values.append(convert(curve.point(atFraction: easing.value(at: fraction))))
                let frame = frames[index] + (frames[index + 1] - frames[index]) * fraction
                keyTimes.append(NSNumber(value: (frame - start) / span))
            }
        }
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.keyTimes = keyTimes
        record(animation, on: layer, start: start, span: span)
    }

    /// Applies a point property as `apply` does, along its spatial tangents when it has any
    /// (and no holds, which jump instead).
    func applyPoint(
        _ animated: Animated<[Double]>, to layer: CALayer, keyPath: String,
        convert: @escaping (CGPoint) -> Any
    ) {
        if case .keyframes(let keys) = animated, keys.contains(where: { $0.spatialOut != nil || $0.spatialIn != nil }),
            !keys.contains(where: \.hold)
        {
            applyCurve(keys, to: layer, keyPath: keyPath, convert: convert)
        } else {
            apply(animated, to: layer, keyPath: keyPath) { convert(CGPoint(x: $0[0], y: $0[1])) }
        }
    }

    /// Records that `layer` is shown from composition frame `inPoint` until `outPoint`, when
    /// that is not the whole composition: a discrete animation of `hidden`.
    func applyVisibility(to layer: CALayer, inPoint: Double, outPoint: Double, composition: ClosedRange<Double>) {
        guard inPoint > composition.lowerBound || outPoint < composition.upperBound else { return }
        guard outPoint > inPoint, inPoint < composition.upperBound, outPoint > composition.lowerBound else {
            layer.isHidden = true
            return
        }
        // Hidden before the in point (filled backwards), shown until the out point, hidden after.
        let start = min(inPoint, composition.lowerBound) - 1
        let end = max(outPoint, composition.upperBound) + 1
        let span = end - start
        let animation = CAKeyframeAnimation(keyPath: "hidden")
        animation.calculationMode = .discrete
        animation.values = [true, false, true]
        animation.keyTimes = [0, inPoint - Self.jumpLead - start, outPoint - Self.jumpLead - start, span].map {
            NSNumber(value: $0 / span)
        }
        record(animation, on: layer, start: start, span: span)
    }

    private func record(_ animation: CAKeyframeAnimation, on layer: CALayer, start: Double, span: Double) {
        animation.duration = span / frameRate
        animation.fillMode = .both
        let timed = TimedAnimation(animation: animation, startFrame: start)
        if let index = trackIndex[ObjectIdentifier(layer)] {
            tracks[index].animations.append(timed)
        } else {
            trackIndex[ObjectIdentifier(layer)] = tracks.count
            tracks.append(CompositionTrack(layer: layer, animations: [timed]))
        }
    }
}
