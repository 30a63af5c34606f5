/// `CABasicAnimation`'s from, to and by values as they were set, kept small: a value whose type
/// is `Double` (what most basic animations hold) is kept as a number, anything else as given,
/// in a list made only for such values. Smaller than three `Any?` (`MemoryLayoutTests` has the size).
struct BasicAnimationValues {
    /// Which of the three are kept as numbers (bit 0 from, 1 to, 2 by).
    private var numberMask: UInt8 = 0
    private var numbers: (Double, Double, Double) = (0, 0, 0)
    /// The values that are not `Double`s, by position; nil while there are none.
    private var others: [Any?]?

    /// The value at `index` (0 from, 1 to, 2 by), of the type it was set with.
    subscript(index: Int) -> Any? {
        get {
            if numberMask & (1 << index) != 0 { return number(at: index) }
            return others?[index] ?? nil
        }
        set {
            if let value = newValue, type(of: value) == Double.self, let number = value as? Double {
                numberMask |= 1 << index
                setNumber(number, at: index)
                others?[index] = nil
                return
            }
            numberMask &= ~(1 << index)
            guard newValue != nil || others != nil else { return }
            if others == nil { others = [nil, nil, nil] }
            others?[index] = newValue
        }
    }

    private func number(at index: Int) -> Double {
        index == 0 ? numbers.0 : index == 1 ? numbers.1 : numbers.2
    }

    private mutating func setNumber(_ number: Double, at index: Int) {
        switch index {
        case 0: numbers.0 = number
        case 1: numbers.1 = number
        default: numbers.2 = number
        }
    }
}
