import Foundation

/// A JSON object as `JSONSerialization` gives it.
typealias JSONObject = [String: Any]

/// Reading the values of parsed JSON leniently: a member of the wrong kind reads as absent, so
/// that the parser decides what absent means (a default, a warning or an error).
enum JSON {
    /// A finite number (`true` and `false` read as 1 and 0, as Lottie's older flags are written).
    static func number(_ value: Any?) -> Double? {
        let number: Double? =
            switch value {
            case let double as Double: double
            case let int as Int: Double(int)
            case let number as NSNumber: number.doubleValue
            default: nil
            }
        guard let number, number.isFinite else { return nil }
        return number
    }

    /// A whole number (a layer's index, a type code); nil for other numbers and for numbers too
    /// large to be one exactly.
    static func integer(_ value: Any?) -> Int? {
        guard let number = number(value), number.rounded() == number, abs(number) <= 9_007_199_254_740_992 else {
            return nil
        }
        return Int(number)
    }

    /// A number or an array of numbers, as an array; nil when any element is not a finite number.
    static func numbers(_ value: Any?) -> [Double]? {
        if let single = number(value) { return [single] }
        guard let array = value as? [Any] else { return nil }
        var result: [Double] = []
        result.reserveCapacity(array.count)
        for element in array {
            guard let number = number(element) else { return nil }
            result.append(number)
        }
        return result
    }

    /// The first number of a number or an array of numbers (Lottie's per-dimension easing).
    static func firstNumber(_ value: Any?) -> Double? {
        if let single = number(value) { return single }
        return (value as? [Any])?.first.flatMap(number)
    }

    /// A JSON object.
    static func object(_ value: Any?) -> JSONObject? { value as? JSONObject }

    /// A JSON array.
    static func array(_ value: Any?) -> [Any]? { value as? [Any] }

    /// A string.
    static func string(_ value: Any?) -> String? { value as? String }

    /// Whether a member is a true flag (`true`, or the number 1 as older exporters write it).
    static func flag(_ value: Any?) -> Bool {
        if let bool = value as? Bool { return bool }
        return number(value) == 1
    }
}
