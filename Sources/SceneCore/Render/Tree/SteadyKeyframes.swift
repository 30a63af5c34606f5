import Foundation

/// A keyframe animation's keyframes compiled for the steady pass (`SteadyAnimation`): each value
/// as lanes of the animation's store, each segment's timing curve and, in the cubic modes, each
/// segment's tangents, all worked out once when the animation compiles and kept in the steady
/// table's `SteadyAnimationPool`; this names where.
///
/// Each frame computes what `KeyframeSpec.value(at:)` computes for the same fraction, with the
/// same formulas in the same order and precision on the lanes (colours in `Float`; rects
/// standardised wherever `CGRect`'s accessors standardise them), so that the steady pass and the
/// general evaluator show the same bits. Reading the spec instead copied its six arrays and a
/// 129-byte `AnimatableValue` for every value it touched, every frame.
struct SteadyKeyframes: Sendable {
    /// How the store's lanes are computed.
    private enum Arithmetic: Sendable {
        /// In `Double` (`CGFloat`): numbers, points and sizes.
        case double
        /// In `Float`: colours.
        case float
        /// In `Double`, read as a standardised rect (minX, minY, width, height) by every step.
        case rect
    }

    /// The keys' stretch of the pool.
    private var keyStart: Int32
    private let keyCount: Int32
    /// The segments' stretch of the pool: one a key but the last, or none when the keyframes have
    /// no timing curves and are not cubic.
    private var segmentStart: Int32
    private let hasSegments: Bool
    private let isDiscrete: Bool
    private let isCubic: Bool
    private let arithmetic: Arithmetic

    /// Compiles `keyframes` for `store`, appending the keys and segments to `pool`; nil (with
    /// `pool` as it was) when a value is not of the store's kind.
    init?(_ keyframes: KeyframeSpec, store: SteadyAnimation.Store, into pool: inout SteadyAnimationPool) {
        let values = keyframes.values.compactMap(store.lanes(of:))
        // Keyframes along a path with eased segments are evaluated as `KeyframeSpec` evaluates them.
        guard values.count == keyframes.values.count, keyframes.keyTimes.count >= values.count,
            keyframes.segmentTimings.isEmpty
        else { return nil }
        isCubic = keyframes.interpolation == .cubic
        var segments: [SteadyAnimationPool.Segment] = []
        if isCubic || !keyframes.timingFunctions.isEmpty {
            for segment in 0..<values.count - 1 {
                let curve = segment < keyframes.timingFunctions.count ? keyframes.timingFunctions[segment].curve : nil
                var (outgoing, incoming) = (SIMD4<Double>.zero, SIMD4<Double>.zero)
                if isCubic {
                    guard let tangents = keyframes.tangents(ofSegment: segment),
                        let out = store.lanes(of: tangents.outgoing), let into = store.lanes(of: tangents.incoming)
                    else { return nil }
                    (outgoing, incoming) = (out, into)
                }
                segments.append(.init(curve: curve, outgoing: outgoing, incoming: incoming))
            }
        }
        (keyStart, keyCount) = (Int32(pool.keys.count), Int32(values.count))
        (segmentStart, hasSegments) = (Int32(pool.segments.count), !segments.isEmpty)
        // Key times number the values, or one more in the discrete mode (never read).
        for (value, time) in zip(values, keyframes.keyTimes) { pool.append(.init(value: value, time: time)) }
        for segment in segments { pool.append(segment) }
        isDiscrete = keyframes.interpolation == .discrete
        switch store {
        case .color: arithmetic = .float
        case .cgFloats(_, 4, _): arithmetic = .rect
        default: arithmetic = .double
        }
    }

    /// These keyframes with their keys and segments copied from `old` to the end of `new`.
    func moved(from old: SteadyAnimationPool, to new: inout SteadyAnimationPool) -> Self {
        let keys = Int(keyStart)..<Int(keyStart + keyCount)
        let segments = Int(segmentStart)..<Int(segmentStart) + (hasSegments ? Int(keyCount) - 1 : 0)
        var moved = self
        let starts = new.append(keys: keys, segments: segments, of: old)
        (moved.keyStart, moved.segmentStart) = (Int32(starts.keys), Int32(starts.segments))
        return moved
    }

    /// The lanes of the keyframes' value at progress `p`, as `KeyframeSpec.value(at:)` gives it.
    func lanes(at p: Double, in pool: SteadyAnimationPool.Buffers) -> SIMD4<Double> {
        let keys = UnsafeBufferPointer(rebasing: pool.keys[Int(keyStart)..<Int(keyStart + keyCount)])
        let n = keys.count
        if n == 1 { return keys[0].value }
        if isDiscrete {
            var index = 0
            while index + 1 < n && p >= keys[index + 1].time { index += 1 }
            return keys[index].value
        }
        if p <= keys[0].time { return keys[0].value }
        if p >= keys[n - 1].time { return keys[n - 1].value }
        var index = 0
        while index + 2 < n && p >= keys[index + 1].time { index += 1 }
        let (start, end) = (keys[index], keys[index + 1])
        var local = end.time > start.time ? (p - start.time) / (end.time - start.time) : 1
        guard hasSegments else { return mixed(start.value, end.value, local) }
        let segment = pool.segments[Int(segmentStart) + index]
        if let curve = segment.curve { local = curve.value(at: local) }
        guard isCubic else { return mixed(start.value, end.value, local) }
        return cubic(start.value, end.value, segment, local)
    }

    /// The Hermite spline of `KeyframeSpec`'s cubic modes from `start` to `end` at `s`.
    private func cubic(
        _ start: SIMD4<Double>, _ end: SIMD4<Double>, _ segment: SteadyAnimationPool.Segment, _ s: Double
    ) -> SIMD4<Double> {
        let h = KeyframeSpec.hermiteWeights(at: s)
        let a = scaled(start, h.start)
        let b = scaled(segment.outgoing, h.outgoing)
        let c = scaled(end, h.end)
        let d = scaled(segment.incoming, h.incoming)
        return sum(sum(sum(a, b), c), d)
    }

    /// `AnimatableValue.interpolated(to:fraction:)` from `a` to `b`.
    private func mixed(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ f: Double) -> SIMD4<Double> {
        switch arithmetic {
        case .double, .rect: return a + (b - a) * f
        case .float:
            let (a, b) = (SIMD4<Float>(a), SIMD4<Float>(b))
            return SIMD4<Double>(a + (b - a) * Float(f))
        }
    }

    /// `AnimatableValue.scaled(by:)`: the interpolation from zero, as it computes it
    /// (`0 + (v - 0) * f` differs from `v * f` in the sign of a zero).
    private func scaled(_ v: SIMD4<Double>, _ factor: Double) -> SIMD4<Double> {
        mixed(.zero, arithmetic == .rect ? Self.standardised(v) : v, factor)
    }

    /// `AnimatableValue.adding(_:)`.
    private func sum(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
        switch arithmetic {
        case .double: return a + b
        case .rect: return Self.standardised(a) + Self.standardised(b)
        case .float: return SIMD4<Double>(SIMD4<Float>(a) + SIMD4<Float>(b))
        }
    }

    /// A rect's lanes as `CGRect` reads them back (`minX`, `minY`, `width`, `height`).
    private static func standardised(_ v: SIMD4<Double>) -> SIMD4<Double> {
        let rect = CGRect(x: v.x, y: v.y, width: v.z, height: v.w)
        return SIMD4(Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
    }
}
