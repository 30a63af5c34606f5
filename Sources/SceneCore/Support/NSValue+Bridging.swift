import Foundation

// Casts between Foundation's boxes and the values they hold, as Swift performs them on Apple's
// platforms: `value(forKey:) as? CGFloat` for an `NSNumber`, `NSValue(cgPoint:) as? CGPoint`,
// `point as? NSValue`, `[NSValue] as? [CGPoint]`. Linux Foundation bridges `Double`, `Float` and
// the integers to `NSNumber`, but not `CGFloat`, and no geometry type to `NSValue`; these
// conformances add exactly those casts. A box of another type (a size asked for as a point, a
// number as a transform) does not cast. They are retroactive on purpose (the casts need the
// Foundation types themselves to conform), so the formatter's rule against that is waived for each.

// swift-format-ignore: AvoidRetroactiveConformances
extension CGFloat: @retroactive _ObjectiveCBridgeable {
    public typealias _ObjectiveCType = NSNumber

    public func _bridgeToObjectiveC() -> NSNumber { NSNumber(value: Double(self)) }

    public static func _forceBridgeFromObjectiveC(_ number: NSNumber, result: inout CGFloat?) {
        result = CGFloat(number.doubleValue)
    }

    public static func _conditionallyBridgeFromObjectiveC(_ number: NSNumber, result: inout CGFloat?) -> Bool {
        result = CGFloat(number.doubleValue)
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ number: NSNumber?) -> CGFloat {
        CGFloat(number?.doubleValue ?? 0)
    }
}

/// A value that bridges to an `NSValue` box and back (`_ObjectiveCBridgeable` through one
/// function each way).
protocol NSValueBridging: _ObjectiveCBridgeable where _ObjectiveCType == NSValue {
    /// The value in `box`; nil when the box holds another type.
    static func unboxed(_ box: NSValue) -> Self?
}

extension NSValueBridging {
    public static func _forceBridgeFromObjectiveC(_ box: NSValue, result: inout Self?) {
        result = unboxed(box)
    }

    public static func _conditionallyBridgeFromObjectiveC(_ box: NSValue, result: inout Self?) -> Bool {
        result = unboxed(box)
        return result != nil
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ box: NSValue?) -> Self {
        // Only reached by a forced cast that Swift has already checked.
        box.flatMap(unboxed)!
    }
}

// swift-format-ignore: AvoidRetroactiveConformances
extension CGPoint: @retroactive _ObjectiveCBridgeable, NSValueBridging {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(point: self) }
    static func unboxed(_ box: NSValue) -> CGPoint? { box.holds(.point) ? box.pointValue : nil }
}

// swift-format-ignore: AvoidRetroactiveConformances
extension CGSize: @retroactive _ObjectiveCBridgeable, NSValueBridging {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(size: self) }
    static func unboxed(_ box: NSValue) -> CGSize? { box.holds(.size) ? box.sizeValue : nil }
}

// swift-format-ignore: AvoidRetroactiveConformances
extension CGRect: @retroactive _ObjectiveCBridgeable, NSValueBridging {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(rect: self) }
    static func unboxed(_ box: NSValue) -> CGRect? { box.holds(.rect) ? box.rectValue : nil }
}

extension CATransform3D: _ObjectiveCBridgeable, NSValueBridging {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(caTransform3D: self) }
    static func unboxed(_ box: NSValue) -> CATransform3D? { (box as? StructValue<CATransform3D>)?.wrapped }
}

extension CGAffineTransform: _ObjectiveCBridgeable, NSValueBridging {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgAffineTransform: self) }
    static func unboxed(_ box: NSValue) -> CGAffineTransform? { (box as? StructValue<CGAffineTransform>)?.wrapped }
}
