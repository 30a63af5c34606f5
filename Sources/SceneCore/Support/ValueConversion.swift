import Foundation

/// Converts the untyped values that key-value coding passes around (`Any?`) into the types
/// of layer properties, the way `setValue(_:forKey:)` unwraps NSNumber and NSValue on Apple
/// platforms.
///
/// Every function returns nil when the value has another type. Numbers are accepted as any
/// Swift integer or floating-point type, `NSNumber`, or `Bool` (as 1 or 0), as an NSNumber
/// would be; geometry and transforms as the struct itself or its `NSValue` box (`NSValue(cgPoint:)`,
/// `NSValue(caTransform3D:)`, ..., which cast to their structs). A nil value is a mismatch, except for the optional object types
/// (`color`, `image`), where it means "no colour" or "no image".
package enum ValueConversion {
    /// The value as key-value coding hands it out on Apple's platforms: a Swift number (`CGFloat`,
    /// `Double`, `Float`, an integer, `Bool`) as an `NSNumber` of that type, so that the casts
    /// public code writes (`as? NSNumber`, `as? CGFloat`, `as? Double`, `as? Float` where Apple's
    /// property is a `Float`, `as? Bool`) succeed; anything else as it is.
    package static func object(_ value: Any?) -> Any? {
        guard let value else { return nil }
        // Swift numbers cast to the NSNumber of their own type (`CGFloat` through its bridging).
        if !(type(of: value) is AnyClass), let number = value as? NSNumber { return number }
        return value
    }

    /// The struct in an `NSValue` box of geometry (`CGPoint`, `CGSize`, `CGRect`, `CATransform3D`,
    /// `CGAffineTransform`); any other value as it is.
    static func unboxed(_ value: Any) -> Any {
        guard let box = value as? NSValue, !(box is NSNumber) else { return value }
        if let v = CATransform3D.unboxed(box) { return v }
        if let v = CGAffineTransform.unboxed(box) { return v }
        if let v = CGPoint.unboxed(box) { return v }
        if let v = CGSize.unboxed(box) { return v }
        if let v = CGRect.unboxed(box) { return v }
        return value
    }

    /// The value as a `CGFloat`.
    static func cgFloat(_ value: Any?) -> CGFloat? {
        double(value).map { CGFloat($0) }
    }

    /// The value as a `Float`, rounded to the nearest `Float`.
    static func float(_ value: Any?) -> Float? {
        double(value).map { Float($0) }
    }

    /// The value as a `Double`.
    package static func double(_ value: Any?) -> Double? {
        switch value {
        case let v as any BinaryFloatingPoint: Double(v)
        case let v as any BinaryInteger: Double(v)
        case let v as Bool: v ? 1 : 0
        case let v as NSNumber: v.doubleValue
        default: nil
        }
    }

    /// The value as an `Int`: a whole number, or a finite number rounded toward zero (as
    /// `NSNumber.integerValue`); nil beyond the range of `Int`.
    static func integer(_ value: Any?) -> Int? {
        if let v = value as? Int { return v }
        return double(value).flatMap { Int(exactly: $0.rounded(.towardZero)) }
    }

    /// The value as a `Bool`: a `Bool`, or a number (true when not zero), as `NSNumber.boolValue`.
    static func bool(_ value: Any?) -> Bool? {
        if let v = value as? Bool { return v }
        return double(value).map { $0 != 0 }
    }

    /// The value as a `CGPoint`.
    static func point(_ value: Any?) -> CGPoint? { value as? CGPoint }

    /// The value as a `CGSize`.
    static func size(_ value: Any?) -> CGSize? { value as? CGSize }

    /// The value as a `CGRect`.
    package static func rect(_ value: Any?) -> CGRect? { value as? CGRect }

    /// The value as a `CATransform3D`.
    static func transform3D(_ value: Any?) -> CATransform3D? { value as? CATransform3D }

    /// The value as a `CGAffineTransform`.
    static func affineTransform(_ value: Any?) -> CGAffineTransform? { value as? CGAffineTransform }

    /// The value as an optional colour: `.some(nil)` for nil (no colour), `.some(color)` for a
    /// `CGColor`, and nil for anything else.
    package static func color(_ value: Any?) -> CGColor?? { optional(value) }

    /// The value as an optional image: `.some(nil)` for nil (no image), `.some(image)` for a
    /// `CGImage`, and nil for anything else.
    package static func image(_ value: Any?) -> CGImage?? { optional(value) }

    /// The value as an optional path: `.some(nil)` for nil, `.some(path)` for a `CGPath`, and nil
    /// for anything else.
    static func path(_ value: Any?) -> CGPath?? { optional(value) }

    /// `.some(nil)` for nil or a boxed nil of type `T?`, `.some(value)` for a `T`, nil otherwise.
    /// (Casting `Any?` straight to `T?` fails for a boxed nil, so the outer level is unwrapped first.)
    private static func optional<T>(_ value: Any?) -> T?? {
        guard let value else { return .some(nil) }
        return value as? T?
    }

    /// The value as a `String` (an `NSString` or `Substring` is accepted too).
    static func string(_ value: Any?) -> String? {
        switch value {
        case let v as String: v
        case let v as Substring: String(v)
        default: nil
        }
    }
}
