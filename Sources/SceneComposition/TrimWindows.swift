import Foundation

/// A Lottie trim as windows of a shape layer's `strokeStart` and `strokeEnd`.
///
/// Lottie trims a path to the part from `start` to `end` (percent, swapped when start passes
/// end), turned by `offset` (degrees of a full turn), and the turned part wraps round past the
/// path's end to its start. Core Animation draws one window of a path from `strokeStart` to
/// `strokeEnd`, both within 0...1, so a trim is drawn by one layer per turn it reaches: the
/// window moved by −1, 0 or +1 turns (more when the offset turns further), each clamped to 0...1.
/// When the offset animates or the window wraps, the window is sampled at every frame (at most
/// `maximumSamples` times), linear between, so that the clamping follows the motion; otherwise
/// it keeps the trim's keyframes and easing.
enum TrimWindows {
    /// The most frames a wrapping trim is sampled at.
    static let maximumSamples = 600
    /// The most turns a trim is drawn over.
    static let maximumTurns = 8

    /// The windows drawing `trim`: each a `strokeStart` and `strokeEnd` over time.
    static func windows(_ trim: TrimModel) -> [(start: Animated<Double>, end: Animated<Double>)] {
        let inputs = [trim.start, trim.end, trim.offset].map { $0.map { [$0] } }
        let bounds: ([[Double]]) -> [Double] = { values in
            let (start, end, turn) = (values[0][0] / 100, values[1][0] / 100, values[2][0] / 360)
            return [min(start, end) + turn, max(start, end) + turn]
        }
        var window = DerivedProperty.derive(inputs, make: bounds)
        let keyValues: [[Double]] =
            switch window {
            case .fixed(let value): [value]
            case .keyframes(let keys): keys.map(\.value)
            }
        let wraps = keyValues.contains { $0[0] < 0 || $0[1] > 1 }
        let frames = Array(Set(inputs.flatMap(\.frames))).sorted()
        if let first = frames.first, let last = frames.last, wraps || trim.offset.isAnimated {
            let step = max(1, (last - first) / Double(maximumSamples))
            let sampled = Set(Array(stride(from: first, through: last, by: step)) + frames).sorted()
            window = .sampled(
                sampled.map { frame in
                    Keyframe(
                        frame: frame, value: bounds(inputs.map { $0.value(at: frame) }), hold: false,
                        easing: (0, 0, 1, 1), spatialOut: nil, spatialIn: nil)
                }, fallback: window.initial)
        }
        let sampledValues: [[Double]] =
            switch window {
            case .fixed(let value): [value]
            case .keyframes(let keys): keys.map(\.value)
            }
        let lowest = sampledValues.map { $0[0] }.min() ?? 0
        let highest = sampledValues.map { $0[1] }.max() ?? 1
        guard lowest.isFinite, highest.isFinite else { return [] }
        let turns = Double(maximumTurns)
        let firstTurn = Int(min(max((-highest).rounded(.down), -turns), turns))
        let lastTurn = Int(min(max((1 - lowest).rounded(.up), -turns), turns))
        guard firstTurn <= lastTurn else { return [] }
        return (firstTurn...lastTurn).compactMap { turn in
            let shift = Double(turn)
            let visible = sampledValues.contains { min($0[1] + shift, 1) > max($0[0] + shift, 0) }
            guard visible else { return nil }
            return (
                window.map { min(max($0[0] + shift, 0), 1) }, window.map { min(max($0[1] + shift, 0), 1) }
            )
        }
    }
}
