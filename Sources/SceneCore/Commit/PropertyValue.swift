import Foundation

/// A layer property's value as it travels in a commit: typed, never `Any`.
///
/// Every property type maps onto one of these kinds through `LayerValue`, so that a commit field
/// is a property id with one of these values and no per-property enum case is needed.
package enum PropertyValue: Sendable, Equatable {
    case bool(Bool)
    /// `CGFloat`, `Float` and `Double` values (each converts exactly to and from `Double`).
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    indirect case transform(CATransform3D)
    case color(CGColor?)
    case image(CGImage?)
    /// The raw value of a string-valued enumeration (`CALayerContentsGravity`, ...).
    case name(String)
    /// The raw value of an option set (`CACornerMask`, ...).
    case bits(UInt64)
}

/// A type that layer properties have: how its values travel in commits, how animations read and
/// write them, whether they are finite, and how key-value coding reports their default.
package protocol LayerValue: Equatable, Sendable, FiniteCheckable {
    /// The value as a commit carries it.
    var propertyValue: PropertyValue { get }
    /// The value a commit carried; nil when it is of another kind.
    init?(propertyValue: PropertyValue)
    /// True for the zero of the type (0, false, nil, empty): a default that
    /// `CALayer.defaultValue(forKey:)` does not report.
    var isZeroValue: Bool { get }
    /// The value as `CALayer.defaultValue(forKey:)` reports it (raw values for names and option sets).
    var defaultObject: Any { get }
    /// The value as animations carry it; nil for types animations cannot drive.
    var animatableValue: AnimatableValue? { get }
    /// The value an animation produced; nil when it is of another kind or not allowed.
    init?(animatableValue: AnimatableValue)
}

extension LayerValue {
    /// Values without floating-point components are always finite.
    package var isFiniteValue: Bool { true }
    package var defaultObject: Any { self }
    package var animatableValue: AnimatableValue? { nil }
    package init?(animatableValue: AnimatableValue) { nil }
}

extension Bool: LayerValue {
    package var propertyValue: PropertyValue { .bool(self) }
    package init?(propertyValue: PropertyValue) {
        guard case .bool(let v) = propertyValue else { return nil }
        self = v
    }
    package var isZeroValue: Bool { !self }
    /// Booleans animate as numbers: 1 for true, and values from 0.5 up are true.
    package var animatableValue: AnimatableValue? { .number(self ? 1 : 0) }
    package init?(animatableValue: AnimatableValue) {
        guard case .number(let v) = animatableValue else { return nil }
        self = v >= 0.5
    }
}

/// The floating-point types, which travel and animate as `Double`.
package protocol LayerNumber: LayerValue, BinaryFloatingPoint {}

extension LayerNumber {
    package var propertyValue: PropertyValue { .number(Double(self)) }
    package init?(propertyValue: PropertyValue) {
        guard case .number(let v) = propertyValue else { return nil }
        self.init(v)
    }
    package var isZeroValue: Bool { self == 0 }
    package var animatableValue: AnimatableValue? { .number(Double(self)) }
    package init?(animatableValue: AnimatableValue) {
        guard case .number(let v) = animatableValue else { return nil }
        self.init(v)
    }
}

extension CGFloat: LayerNumber {}
extension Float: LayerNumber {}
extension Double: LayerNumber {}

extension CGPoint: LayerValue {
    package var propertyValue: PropertyValue { .point(self) }
    package init?(propertyValue: PropertyValue) {
        guard case .point(let v) = propertyValue else { return nil }
        self = v
    }
    package var isZeroValue: Bool { self == .zero }
    package var animatableValue: AnimatableValue? { .point(self) }
    package init?(animatableValue: AnimatableValue) {
        guard case .point(let v) = animatableValue else { return nil }
        self = v
    }
}

extension CGSize: LayerValue {
    package var propertyValue: PropertyValue { .size(self) }
    package init?(propertyValue: PropertyValue) {
        guard case .size(let v) = propertyValue else { return nil }
        self = v
    }
    package var isZeroValue: Bool { self == .zero }
    package var animatableValue: AnimatableValue? { .size(self) }
    package init?(animatableValue: AnimatableValue) {
        guard case .size(let v) = animatableValue else { return nil }
        self = v
    }
}

extension CGRect: LayerValue {
    package var propertyValue: PropertyValue { .rect(self) }
    package init?(propertyValue: PropertyValue) {
        guard case .rect(let v) = propertyValue else { return nil }
        self = v
    }
    package var isZeroValue: Bool { self == .zero }
    package var animatableValue: AnimatableValue? { .rect(self) }
    package init?(animatableValue: AnimatableValue) {
        guard case .rect(let v) = animatableValue else { return nil }
        self = v
    }
}

extension CATransform3D: LayerValue {
    package var propertyValue: PropertyValue { .transform(self) }
    package init?(propertyValue: PropertyValue) {
        guard case .transform(let v) = propertyValue else { return nil }
        self = v
    }
    package var isZeroValue: Bool { false }
    package var animatableValue: AnimatableValue? { .transform(self) }
    package init?(animatableValue: AnimatableValue) {
        guard case .transform(let v) = animatableValue else { return nil }
        self = v
    }
}

extension Optional: LayerValue where Wrapped: LayerObject {
    package var propertyValue: PropertyValue { Wrapped.propertyValue(self) }
    package init?(propertyValue: PropertyValue) {
        guard let value = Wrapped.value(of: propertyValue) else { return nil }
        self = value
    }
    package var isZeroValue: Bool { self == nil }
    package var defaultObject: Any { self as Any }
    package var animatableValue: AnimatableValue? { Wrapped.animatableValue(self) }
    package init?(animatableValue: AnimatableValue) {
        guard let value = Wrapped.value(ofAnimatable: animatableValue) else { return nil }
        self = value
    }
}

/// The reference types held by optional layer properties (`CGColor?`, `CGImage?`).
package protocol LayerObject: AnyObject, Equatable, Sendable {
    static func propertyValue(_ value: Self?) -> PropertyValue
    /// The optional value a commit carried; nil when the commit value is of another kind.
    static func value(of propertyValue: PropertyValue) -> Self??
    static func animatableValue(_ value: Self?) -> AnimatableValue
    /// The optional value an animation produced; nil when animations cannot produce one.
    static func value(ofAnimatable value: AnimatableValue) -> Self??
}

extension CGColor: LayerObject {
    package static func propertyValue(_ value: CGColor?) -> PropertyValue { .color(value) }
    package static func value(of propertyValue: PropertyValue) -> CGColor?? {
        guard case .color(let v) = propertyValue else { return nil }
        return .some(v)
    }
    /// No colour animates as clear.
    package static func animatableValue(_ value: CGColor?) -> AnimatableValue { .color(value?.value ?? .clear) }
    /// Animated colours are shown as plain components (`LayerProperties.animatedColors`), never
    /// made into a `CGColor` on the render side.
    package static func value(ofAnimatable value: AnimatableValue) -> CGColor?? { nil }
}

extension CGImage: LayerObject {
    package static func propertyValue(_ value: CGImage?) -> PropertyValue { .image(value) }
    package static func value(of propertyValue: PropertyValue) -> CGImage?? {
        guard case .image(let v) = propertyValue else { return nil }
        return .some(v)
    }
    package static func animatableValue(_ value: CGImage?) -> AnimatableValue { .image(ImageReference(value)) }
    package static func value(ofAnimatable value: AnimatableValue) -> CGImage?? {
        guard case .image(let reference) = value else { return nil }
        return .some(reference.image)
    }
}

/// String-valued enumerations travel as their raw value.
package protocol LayerName: LayerValue, RawRepresentable where RawValue == String {
    init(rawValue: String)
}

extension LayerName {
    package var propertyValue: PropertyValue { .name(rawValue) }
    package init?(propertyValue: PropertyValue) {
        guard case .name(let v) = propertyValue else { return nil }
        self.init(rawValue: v)
    }
    package var isZeroValue: Bool { rawValue.isEmpty }
    package var defaultObject: Any { rawValue }
}

extension CALayerCornerCurve: LayerName {}
extension CALayerContentsGravity: LayerName {}
extension CALayerContentsFormat: LayerName {}
extension CALayerContentsFilter: LayerName {}
extension CAMediaTimingFillMode: LayerName {}

/// Option sets travel as their raw bits.
package protocol LayerBits: LayerValue, OptionSet where RawValue: FixedWidthInteger {}

extension LayerBits {
    package var propertyValue: PropertyValue { .bits(UInt64(rawValue)) }
    package init?(propertyValue: PropertyValue) {
        guard case .bits(let v) = propertyValue, let raw = RawValue(exactly: v) else { return nil }
        self.init(rawValue: raw)
    }
    package var isZeroValue: Bool { rawValue == 0 }
    package var defaultObject: Any { rawValue }
}

extension CACornerMask: LayerBits {}
extension CAEdgeAntialiasingMask: LayerBits {}
extension Optional: FiniteCheckable where Wrapped: LayerObject {}
