/// `CABasicAnimation`'s `fromValue`, `toValue` and `byValue`, compiled (`AnimatableValue`), keeping
/// only those given: an animation gives one or two of the three, and each takes 136 bytes.
struct BasicValues: Sendable {
    /// The values given, in the order from, to, by.
    private let given: ContiguousArray<AnimatableValue>
    /// Which of from, to and by were given (bits 0, 1, 2).
    private let mask: UInt8

    init(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?) {
        var given = ContiguousArray<AnimatableValue>()
        var mask: UInt8 = 0
        for (bit, value) in [from, to, by].enumerated() {
            guard let value else { continue }
            given.append(value)
            mask |= 1 << bit
        }
        (self.given, self.mask) = (given, mask)
    }

    var from: AnimatableValue? { value(at: 0) }
    var to: AnimatableValue? { value(at: 1) }
    var by: AnimatableValue? { value(at: 2) }

    /// The value of `bit` (0 from, 1 to, 2 by): the given values before it come first.
    @inline(__always)
    private func value(at bit: UInt8) -> AnimatableValue? {
        guard mask & (1 << bit) != 0 else { return nil }
        return given[(mask & ((1 << bit) - 1)).nonzeroBitCount]
    }
}
