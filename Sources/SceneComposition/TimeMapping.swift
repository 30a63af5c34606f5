import Foundation

/// How a layer list's frames map to the composition's frames. A precomposition starts at its
/// layer's start time (`st`) and runs `stretch` (`sr`) times slower, inside whatever its own
/// parent does: an affine map, under which keyframes keep their easing at mapped frames. A
/// time-remapped precomposition (`tm`) shows, at each composition frame, the frame its remap
/// names, which no affine map follows: from there down the map is `samples`, the list's frame
/// at composition frames spread over the remapped layer's time, and properties are sampled there.
struct TimeMapping {
    /// The affine map, `root = offset + scale × frame`, when `samples` is nil.
    var offset: Double = 0
    var scale: Double = 1
    /// Composition frames, increasing, with the list's frame shown at each.
    var samples: [(root: Double, list: Double)]?

    /// The most composition frames a remapped precomposition is sampled at.
    static let maximumSamples = 1_000

    /// The composition frame of `frame` under the affine map.
    func root(_ frame: Double) -> Double { offset + scale * frame }

    /// The mapping of the layers of a precomposition shown by a layer of this list.
    func precomposition(start: Double, stretch: Double) -> TimeMapping {
        guard let samples else { return TimeMapping(offset: offset + scale * start, scale: scale * stretch) }
        return TimeMapping(samples: samples.map { ($0.root, ($0.list - start) / stretch) })
    }

    /// The mapping of the layers of a precomposition whose layer remaps its time: `remap` gives
    /// the precomposition's time in seconds at each frame of this list, sampled at every
    /// composition frame (at most `maximumSamples`) of `window`, composition frames.
    func remapped(by remap: Animated<Double>, frameRate: Double, window: ClosedRange<Double>) -> TimeMapping {
        let pairs: [(root: Double, list: Double)]
        if let samples {
            pairs = samples.filter { window.contains($0.root) }
        } else {
            let step = max(1, (window.upperBound - window.lowerBound) / Double(Self.maximumSamples))
            let count = Int(((window.upperBound - window.lowerBound) / step).rounded(.up))
            pairs = (0...count).map { index in
                let root = min(window.lowerBound + Double(index) * step, window.upperBound)
                return (root, scale != 0 ? (root - offset) / scale : 0)
            }
        }
        return TimeMapping(samples: pairs.map { ($0.root, remap.value(at: $0.list) * frameRate) })
    }

    /// `animated` in composition frames: its keyframes at their mapped frames, or, sampled, its
    /// value at the list frame of each sample (at most `limit` of them, spread evenly), linear
    /// between.
    func retimed<Value: Interpolable>(_ animated: Animated<Value>, limit: Int = maximumSamples) -> Animated<Value> {
        guard case .keyframes = animated else { return animated }
        guard let samples else { return animated.retimed(root) }
        return .sampled(
            Self.spread(samples, limit).map {
                Keyframe(
                    frame: $0.root, value: animated.value(at: $0.list), hold: false, easing: (0, 0, 1, 1),
                    spatialOut: nil, spatialIn: nil)
            }, fallback: animated.initial)
    }

    /// `values` sampled at the list frame of each sample, a keyframe each (for values worked out
    /// from several properties, such as a position along its curves).
    func sampled<Value>(_ value: (Double) -> Value) -> Animated<Value>? {
        guard let samples, samples.count > 1 else { return nil }
        return .keyframes(
            samples.map {
                Keyframe(
                    frame: $0.root, value: value($0.list), hold: false, easing: (0, 0, 1, 1), spatialOut: nil,
                    spatialIn: nil)
            })
    }

    /// The composition frames from which a layer shown from list frame `inPoint` until
    /// `outPoint` is shown, and until which: the first and last samples showing a frame in that
    /// span (the span after them), when sampled.
    func shown(from inPoint: Double, until outPoint: Double) -> (Double, Double) {
        guard let samples else { return (root(inPoint), root(outPoint)) }
        let showing = samples.filter { $0.list >= inPoint && $0.list < outPoint }
        guard let first = showing.first, let last = showing.last else { return (0, 0) }
        let step = samples.count > 1 ? samples[1].root - samples[0].root : 1
        return (first.root, last.root + step)
    }

    private static func spread(_ samples: [(root: Double, list: Double)], _ limit: Int) -> [(
        root: Double, list: Double
    )] {
        let most = max(2, limit)
        guard samples.count > most else { return samples }
        return (0..<most).map { samples[$0 * (samples.count - 1) / (most - 1)] }
    }
}
