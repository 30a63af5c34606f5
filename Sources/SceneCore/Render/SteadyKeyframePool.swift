/// The keyframes of the steady table's keyframe animations (`SteadyKeyframes`), in two
/// contiguous arrays in the table's order: the keys, and the segments of the animations that
/// have timing curves or tangents.
///
/// Each animation names its stretch of each array, so the steady pass reads them front to back
/// as it reads the table, with no object of their own to find in memory and nothing to retain.
struct SteadyKeyframePool: Sendable {
    /// One keyframe: its value as lanes of the animation's store, and its key time.
    struct Key: Sendable {
        let value: SIMD4<Double>
        let time: Double
    }

    /// One segment (from a key to the next): its timing curve, and in the cubic modes the
    /// spline's tangents leaving the first key and arriving at the second (zero otherwise).
    struct Segment: Sendable {
        let curve: TimingCurve?
        let outgoing: SIMD4<Double>
        let incoming: SIMD4<Double>
    }

    /// The pool read in place, for the steady pass.
    struct Buffers {
        let keys: UnsafeBufferPointer<Key>
        let segments: UnsafeBufferPointer<Segment>
    }

    private(set) var keys: [Key] = []
    private(set) var segments: [Segment] = []

    mutating func append(_ key: Key) { keys.append(key) }
    mutating func append(_ segment: Segment) { segments.append(segment) }

    /// Appends the given stretches of `other`; returns where they start here.
    mutating func append(keys keyRange: Range<Int>, segments segmentRange: Range<Int>, of other: Self) -> (
        keys: Int, segments: Int
    ) {
        let starts = (keys.count, segments.count)
        keys.append(contentsOf: other.keys[keyRange])
        segments.append(contentsOf: other.segments[segmentRange])
        return starts
    }

    /// Calls `body` with the pool read in place.
    func withBuffers<Result>(_ body: (Buffers) -> Result) -> Result {
        keys.withUnsafeBufferPointer { keys in
            segments.withUnsafeBufferPointer { segments in body(Buffers(keys: keys, segments: segments)) }
        }
    }
}
