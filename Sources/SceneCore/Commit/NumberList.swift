import Foundation

/// A list of numbers, or none, as a layer stores and commits it: a `CAGradientLayer`'s
/// `locations` (nil spreads the stops evenly) and a `CAShapeLayer`'s `lineDashPattern` (nil strokes
/// a solid line).
struct NumberList: LayerValue {
    var values: [Double]?

    init(_ values: [Double]? = nil) { self.values = values }

    var isFiniteValue: Bool { values?.allSatisfy(\.isFinite) ?? true }
    var propertyValue: PropertyValue { .numbers(values) }
    init?(propertyValue: PropertyValue) {
        guard case .numbers(let v) = propertyValue else { return nil }
        values = v
    }
    var isZeroValue: Bool { values == nil }
    var defaultObject: Any { values as Any }
    static func animationSlot(offset: UInt16, limit: AnimatedValueLimit) -> AnimationSlot? {
        .numberList(offset: offset)
    }
}
