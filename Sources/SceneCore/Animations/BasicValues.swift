/// `CABasicAnimation`'s `fromValue`, `toValue` and `byValue`, compiled (`AnimatableValue`), keeping
/// only those given: an animation gives one or two of the three. Numbers (the common case: an
/// angle, an opacity, one coordinate) are kept inline; other values, 144 bytes each, in a list.
struct BasicValues: Sendable {
    private enum Storage: Sendable {
        /// The given values are all numbers: up to three, in the order from, to, by.
        case numbers(Double, Double, Double)
        /// The given values, in the order from, to, by.
        case values(ContiguousArray<AnimatableValue>)
    }

    private let storage: Storage
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
        self.mask = mask
        var numbers: [Double] = []
        for value in given {
            guard case .number(let number) = value else { break }
            numbers.append(number)
        }
        if numbers.count == given.count {
            numbers += repeatElement(0, count: 3 - numbers.count)
            storage = .numbers(numbers[0], numbers[1], numbers[2])
        } else {
            storage = .values(given)
        }
    }

    var from: AnimatableValue? { value(at: 0) }
    var to: AnimatableValue? { value(at: 1) }
    var by: AnimatableValue? { value(at: 2) }

    /// The value of `bit` (0 from, 1 to, 2 by): the given values before it come first.
    @inline(__always)
    private func value(at bit: UInt8) -> AnimatableValue? {
        guard mask & (1 << bit) != 0 else { return nil }
        let index = (mask & ((1 << bit) - 1)).nonzeroBitCount
        switch storage {
        case .numbers(let first, let second, let third):
            return .number(index == 0 ? first : index == 1 ? second : third)
        case .values(let given):
            return given[index]
        }
    }
}
