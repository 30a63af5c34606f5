import Foundation

/// The keyframes of a `CAKeyframeAnimation`, resolved when it is added: values of the
/// property's kind, the key time of each, per-segment timing functions, and the spline
/// parameters of the cubic modes. Paced modes are resolved here into key times spaced by the
/// distance between values.
struct KeyframeSpec: Sendable {
    enum Interpolation: Sendable { case linear, discrete, cubic }

    let values: [AnimatableValue]
    let keyTimes: [Double]
    let timingFunctions: [CAMediaTimingFunction]
    let interpolation: Interpolation
    let tension: [Double], continuity: [Double], bias: [Double]
    /// For keyframes along a path, the timing function of each of the path's segments, which
    /// are many keyframes each once flattened (`along`): the progress between a segment's key
    /// times is eased by its function before the keyframes are read.
    var segmentTimings: [SegmentTiming] = []

    /// The timing function of the key times from `start` to `end`.
    struct SegmentTiming: Sendable {
        let start: Double
        let end: Double
        let function: CAMediaTimingFunction
    }

    /// Builds the spec; nil with a reason when the keyframes cannot run.
    static func make(
        values: [AnimatableValue], keyTimes given: [Double]?, timingFunctions: [CAMediaTimingFunction],
        mode: CAAnimationCalculationMode, tension: [Double], continuity: [Double], bias: [Double]
    ) -> Result<KeyframeSpec, AnimationError> {
        guard !values.isEmpty else { return .failure(.invalid("a keyframe animation needs at least one value")) }
        let interpolation: Interpolation =
            switch mode {
            case .discrete: .discrete
            case .cubic, .cubicPaced: .cubic
            default: .linear
            }
        let paced = mode == .paced || mode == .cubicPaced
        let count = values.count
        var times: [Double]
        if paced {
            times = pacedTimes(values)
        } else if let given, !given.isEmpty {
            let expected = interpolation == .discrete ? [count, count + 1] : [count]
            guard expected.contains(given.count) else {
                return .failure(
                    .invalid(
                        "keyTimes has \(given.count) entries for \(count) values (\(mode.rawValue) needs \(expected.map(String.init).joined(separator: " or ")))"
                    ))
            }
            guard given.allSatisfy(\.isFinite), zip(given, given.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                return .failure(.invalid("keyTimes must be finite and ascending"))
            }
            // Key times inside 0...1 that do not reach its ends are valid, as in Core Animation:
            // the first value holds before the first key time and the last after the last.
            times = given.map { min(max($0, 0), 1) }
        } else if interpolation == .discrete {
            times = (0...count).map { Double($0) / Double(count) }
        } else {
            times = count == 1 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
        }
        return .success(
            KeyframeSpec(
                values: values, keyTimes: times, timingFunctions: paced ? [] : timingFunctions,
                interpolation: interpolation, tension: tension, continuity: continuity, bias: bias))
    }

    /// The first and last values, for cumulative repeats.
    package var first: AnimatableValue { values[0] }
    var last: AnimatableValue { values[values.count - 1] }

    /// The value at progress `p` (0...1, after the animation's own timing function).
    func value(at progress: Double) -> AnimatableValue {
        let p = eased(progress)
        let n = values.count
        if n == 1 { return values[0] }
        if interpolation == .discrete {
            // Value i holds from keyTimes[i] until the next key time; the last holds to the end.
            var index = 0
            while index + 1 < n && index + 1 < keyTimes.count && p >= keyTimes[index + 1] { index += 1 }
            return values[index]
        }
        if p <= keyTimes[0] { return values[0] }
        if p >= keyTimes[n - 1] { return values[n - 1] }
        let (segment, local) = segment(at: p)
        if interpolation == .cubic, let v = cubic(segment, local) { return v }
        return values[segment].interpolated(to: values[segment + 1], fraction: local) ?? values[segment]
    }

    /// `p` eased by the timing function of the path segment it lies in (`segmentTimings`).
    func eased(_ p: Double) -> Double {
        for timing in segmentTimings where p >= timing.start && p < timing.end {
            let span = timing.end - timing.start
            return timing.start + span * timing.function.value(at: (p - timing.start) / span)
        }
        return p
    }

    /// The segment of the interpolating modes that progress `p` lies in (from value `index` to
    /// the next), and the fraction of the way through it after the segment's timing function.
    private func segment(at p: Double) -> (index: Int, fraction: Double) {
        var segment = 0
        while segment + 2 < values.count && p >= keyTimes[segment + 1] { segment += 1 }
        let (t0, t1) = (keyTimes[segment], keyTimes[segment + 1])
        var local = t1 > t0 ? min(max((p - t0) / (t1 - t0), 0), 1) : 1
        if segment < timingFunctions.count { local = timingFunctions[segment].value(at: local) }
        return (segment, local)
    }

    /// The two values a cross-fade at progress `p` blends (the fade is `fraction` of the way from
    /// `from` to `to`): the ends of the segment `p` lies in. Nil in discrete mode, where values
    /// switch at their key times and never blend, and outside the key times, where one value holds.
    func crossFade(at progress: Double) -> (from: AnimatableValue, to: AnimatableValue, fraction: Double)? {
        let p = eased(progress)
        guard interpolation != .discrete, values.count > 1, p > keyTimes[0], p < keyTimes[values.count - 1]
        else { return nil }
        let (segment, local) = segment(at: p)
        return (values[segment], values[segment + 1], local)
    }

    /// Kochanek–Bartels (Hermite) interpolation in segment `i` at `s`; with tension,
    /// continuity and bias 0 this is the Catmull-Rom spline. The end values are repeated
    /// beyond the ends. Nil for kinds that do not add (transforms, images).
    private func cubic(_ i: Int, _ s: Double) -> AnimatableValue? {
        guard let (out1, in2) = tangents(ofSegment: i) else { return nil }
        let (p1, p2) = (values[i], values[i + 1])
        let h = Self.hermiteWeights(at: s)
        guard let a = p1.scaled(by: h.start), let b = out1.scaled(by: h.outgoing), let c = p2.scaled(by: h.end),
            let d = in2.scaled(by: h.incoming)
        else { return nil }
        return a.adding(b)?.adding(c)?.adding(d)
    }

    /// The cubic Hermite basis at `s`: the weights of a segment's start value, its outgoing
    /// tangent, its end value and its incoming tangent (`SteadyKeyframes` uses the same).
    static func hermiteWeights(at s: Double) -> (start: Double, outgoing: Double, end: Double, incoming: Double) {
        let s2 = s * s
        let s3 = s2 * s
        return (2 * s3 - 3 * s2 + 1, s3 - 2 * s2 + s, -2 * s3 + 3 * s2, s3 - s2)
    }

    /// The tangents of the cubic modes' spline in segment `i` (from value `i` to `i + 1`): leaving
    /// value `i` and arriving at value `i + 1`. Nil for kinds that do not add (transforms, images).
    func tangents(ofSegment i: Int) -> (outgoing: AnimatableValue, incoming: AnimatableValue)? {
        let n = values.count
        let p0 = values[max(i - 1, 0)]
        let p1 = values[i]
        let p2 = values[i + 1]
        let p3 = values[min(i + 2, n - 1)]
        func parameter(_ list: [Double], _ k: Int) -> Double { k < list.count ? list[k] : 0 }
        let (t1, c1, b1) = (parameter(tension, i), parameter(continuity, i), parameter(bias, i))
        let (t2, c2, b2) = (parameter(tension, i + 1), parameter(continuity, i + 1), parameter(bias, i + 1))
        guard !isTransformOrImage(p1),
            let d01 = p1.subtracting(p0), let d12 = p2.subtracting(p1), let d23 = p3.subtracting(p2),
            let out1 = combine(d01, (1 - t1) * (1 + b1) * (1 + c1) / 2, d12, (1 - t1) * (1 - b1) * (1 - c1) / 2),
            let in2 = combine(d12, (1 - t2) * (1 + b2) * (1 - c2) / 2, d23, (1 - t2) * (1 - b2) * (1 + c2) / 2)
        else { return nil }
        return (out1, in2)
    }

    private func combine(_ a: AnimatableValue, _ wa: Double, _ b: AnimatableValue, _ wb: Double) -> AnimatableValue? {
        guard let sa = a.scaled(by: wa), let sb = b.scaled(by: wb) else { return nil }
        return sa.adding(sb)
    }

    private func isTransformOrImage(_ v: AnimatableValue) -> Bool {
        switch v {
        case .transform, .image: true
        default: false
        }
    }

    /// Key times proportional to the distance travelled between consecutive values (even
    /// spacing when the values have no distance, such as transforms or images).
    private static func pacedTimes(_ values: [AnimatableValue]) -> [Double] {
        let n = values.count
        guard n > 1 else { return [0] }
        var cumulative = [0.0]
        for i in 1..<n { cumulative.append(cumulative[i - 1] + distance(values[i - 1], values[i])) }
        let total = cumulative[n - 1]
        guard total > 0, total.isFinite else { return (0..<n).map { Double($0) / Double(n - 1) } }
        return cumulative.map { $0 / total }
    }

    /// The Euclidean distance between two values of the same kind, over their components.
    static func distance(_ a: AnimatableValue, _ b: AnimatableValue) -> Double {
        func hypot(_ parts: Double...) -> Double { parts.reduce(0) { $0 + $1 * $1 }.squareRoot() }
        switch (a, b) {
        case (.number(let x), .number(let y)): return abs(y - x)
        case (.point(let p), .point(let q)): return hypot(Double(q.x - p.x), Double(q.y - p.y))
        case (.size(let p), .size(let q)): return hypot(Double(q.width - p.width), Double(q.height - p.height))
        case (.rect(let p), .rect(let q)):
            return hypot(
                Double(q.minX - p.minX), Double(q.minY - p.minY), Double(q.width - p.width), Double(q.height - p.height)
            )
        case (.color(let p), .color(let q)):
            return hypot(Double(q.r - p.r), Double(q.g - p.g), Double(q.b - p.b), Double(q.a - p.a))
        case (.vector(let p), .vector(let q)): return ((q - p) * (q - p)).sum().squareRoot()
        default: return 0
        }
    }
}
