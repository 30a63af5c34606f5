/// What the steady table's animations keep apart from their rows (`SteadyAnimation`), in
/// contiguous arrays in the table's order: the keys of keyframe animations, the segments of those
/// with timing curves or tangents, the ends of basic animations of more than one number (a point,
/// a size, a rect, a colour, each colour of a list), timing curves, springs, and the model transform's parts that an
/// animation of one part of a transform other than the identity recomposes.
///
/// A row keeps only what every animation has, so the common one (a number, linear or sprung)
/// takes the least room; the others name their stretch of each array. The steady pass reads
/// them front to back as it reads the table, with no object of their own to find in memory and
/// nothing to retain.
struct SteadyAnimationPool: Sendable {
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

    /// A basic animation's start and end, as lanes of its store.
    struct Ends: Sendable {
        let start: SIMD4<Double>
        let end: SIMD4<Double>
    }

    /// The pool read in place, for the steady pass.
    struct Buffers {
        let keys: UnsafeBufferPointer<Key>
        let segments: UnsafeBufferPointer<Segment>
        let ends: UnsafeBufferPointer<Ends>
        let curves: UnsafeBufferPointer<TimingCurve>
        let springs: UnsafeBufferPointer<SpringMotion>
        let transformParts: UnsafeBufferPointer<TransformDecomposition>
    }

    private(set) var keys: [Key] = []
    private(set) var segments: [Segment] = []
    private(set) var ends: [Ends] = []
    private(set) var curves: [TimingCurve] = []
    private(set) var springs: [SpringMotion] = []
    private(set) var transformParts: [TransformDecomposition] = []

    /// Makes room for as much as `other` holds, so that copying what is live in it into this pool
    /// grows no array past what it needs (grown by doubling, an array of 10,000 parts would keep
    /// room for 16,384).
    mutating func reserveCapacity(for other: Self) {
        keys.reserveCapacity(other.keys.count)
        segments.reserveCapacity(other.segments.count)
        ends.reserveCapacity(other.ends.count)
        curves.reserveCapacity(other.curves.count)
        springs.reserveCapacity(other.springs.count)
        transformParts.reserveCapacity(other.transformParts.count)
    }

    mutating func append(_ key: Key) { keys.append(key) }
    mutating func append(_ segment: Segment) { segments.append(segment) }

    /// Appends `ends`; returns where they lie.
    mutating func append(_ ends: Ends) -> Int32 { append(CollectionOfOne(ends)) }

    /// Appends consecutive `ends` (a colour list's); returns where the first lies.
    mutating func append(_ ends: some Collection<Ends>) -> Int32 {
        self.ends.append(contentsOf: ends)
        return Int32(self.ends.count - ends.count)
    }

    /// Appends `curve`; returns where it lies.
    mutating func append(_ curve: TimingCurve) -> Int32 {
        curves.append(curve)
        return Int32(curves.count - 1)
    }

    /// Appends `spring`; returns where it lies.
    mutating func append(_ spring: SpringMotion) -> Int32 {
        springs.append(spring)
        return Int32(springs.count - 1)
    }

    /// Appends a model transform's `parts`; returns where they lie.
    mutating func append(_ parts: TransformDecomposition) -> Int32 {
        transformParts.append(parts)
        return Int32(transformParts.count - 1)
    }

    /// Appends the given stretches of `other`'s keys and segments; returns where they start here.
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
            segments.withUnsafeBufferPointer { segments in
                ends.withUnsafeBufferPointer { ends in
                    curves.withUnsafeBufferPointer { curves in
                        springs.withUnsafeBufferPointer { springs in
                            transformParts.withUnsafeBufferPointer { transformParts in
                                body(
                                    Buffers(
                                        keys: keys, segments: segments, ends: ends, curves: curves, springs: springs,
                                        transformParts: transformParts))
                            }
                        }
                    }
                }
            }
        }
    }
}
