import Foundation

/// A layer property's value as it travels in a commit: typed, never `Any`.
///
/// Every property type maps onto one of these kinds through `LayerValue`, so that a commit field
/// is a property id with one of these values and no per-property enum case is needed.
enum PropertyValue: Sendable, Equatable {
    case bool(Bool)
    /// `CGFloat`, `Float` and `Double` values (each converts exactly to and from `Double`).
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    indirect case transform(CATransform3D)
    case color(CGColor?)
    case image(CGImage?)
    case path(CGPath?)
    /// The raw value of a string-valued enumeration (`CALayerContentsGravity`, ...).
    case name(String)
    /// The raw value of an option set (`CACornerMask`, ...).
    case bits(UInt64)
}

/// A type that layer properties have: how its values travel in commits, how animations read and
/// write them, whether they are finite, and how key-value coding reports their default.
protocol LayerValue: Equatable, Sendable, FiniteCheckable {
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
    var isFiniteValue: Bool { true }
    var defaultObject: Any { self }
    var animatableValue: AnimatableValue? { nil }
    init?(animatableValue: AnimatableValue) { nil }
}

extension Bool: LayerValue {
    var propertyValue: PropertyValue { .bool(self) }
    init?(propertyValue: PropertyValue) {
        guard case .bool(let v) = propertyValue else { return nil }
        self = v
    }
    var isZeroValue: Bool { !self }
    /// Booleans animate as numbers: 1 for true, and values from 0.5 up are true.
    var animatableValue: AnimatableValue? { .number(self ? 1 : 0) }
    init?(animatableValue: AnimatableValue) {
        guard case .number(let v) = animatableValue else { return nil }
        self = v >= 0.5
    }
}

/// The floating-point types, which travel and animate as `Double`.
protocol LayerNumber: LayerValue, BinaryFloatingPoint {}

extension LayerNumber {
    var propertyValue: PropertyValue { .number(Double(self)) }
    init?(propertyValue: PropertyValue) {
        guard case .number(let v) = propertyValue else { return nil }
        self.init(v)
    }
    var isZeroValue: Bool { self == 0 }
    var animatableValue: AnimatableValue? { .number(Double(self)) }
    init?(animatableValue: AnimatableValue) {
        guard case .number(let v) = animatableValue else { return nil }
        self.init(v)
    }
}

extension CGFloat: LayerNumber {}
extension Float: LayerNumber {}
extension Double: LayerNumber {}

extension CGPoint: LayerValue {
    var propertyValue: PropertyValue { .point(self) }
    init?(propertyValue: PropertyValue) {
        guard case .point(let v) = propertyValue else { return nil }
        self = v
    }
    var isZeroValue: Bool { self == .zero }
    var animatableValue: AnimatableValue? { .point(self) }
    init?(animatableValue: AnimatableValue) {
        guard case .point(let v) = animatableValue else { return nil }
        self = v
    }
}

extension CGSize: LayerValue {
    var propertyValue: PropertyValue { .size(self) }
    init?(propertyValue: PropertyValue) {
        guard case .size(let v) = propertyValue else { return nil }
        self = v
    }
    var isZeroValue: Bool { self == .zero }
    var animatableValue: AnimatableValue? { .size(self) }
    init?(animatableValue: AnimatableValue) {
        guard case .size(let v) = animatableValue else { return nil }
        self = v
    }
}

extension CGRect: LayerValue {
    var propertyValue: PropertyValue { .rect(self) }
    init?(propertyValue: PropertyValue) {
        guard case .rect(let v) = propertyValue else { return nil }
        self = v
    }
    var isZeroValue: Bool { self == .zero }
    var animatableValue: AnimatableValue? { .rect(self) }
    init?(animatableValue: AnimatableValue) {
        guard case .rect(let v) = animatableValue else { return nil }
        self = v
    }
}

extension CATransform3D: LayerValue {
    var propertyValue: PropertyValue { .transform(self) }
    init?(propertyValue: PropertyValue) {
        guard case .transform(let v) = propertyValue else { return nil }
        self = v
    }
    var isZeroValue: Bool { false }
    var animatableValue: AnimatableValue? { .transform(self) }
    init?(animatableValue: AnimatableValue) {
        guard case .transform(let v) = animatableValue else { return nil }
        self = v
    }
}

extension Optional: LayerValue where Wrapped: LayerObject {
    var propertyValue: PropertyValue { Wrapped.propertyValue(self) }
    init?(propertyValue: PropertyValue) {
        guard let object = Wrapped.object(of: propertyValue) else { return nil }
        self = object.flatMap { $0 as? Wrapped }
    }
    var isZeroValue: Bool { self == nil }
    var defaultObject: Any { self as Any }
    var animatableValue: AnimatableValue? { Wrapped.animatableValue(self) }
    init?(animatableValue: AnimatableValue) {
        guard let object = Wrapped.object(ofAnimatable: animatableValue) else { return nil }
        self = object.flatMap { $0 as? Wrapped }
    }
}

/// The reference types held by optional layer properties (`CGColor?`, `CGImage?`, `CGPath?`).
protocol LayerObject: AnyObject, Equatable, Sendable {
    static func propertyValue(_ value: Self?) -> PropertyValue
    /// The object a commit carried (`.some(nil)` for none); nil when the value is of another kind.
    static func object(of propertyValue: PropertyValue) -> AnyObject??
    /// The value as animations carry it; nil for objects animations cannot drive.
    static func animatableValue(_ value: Self?) -> AnimatableValue?
    /// The object an animation produced (`.some(nil)` for none); nil when animations cannot produce one.
    static func object(ofAnimatable value: AnimatableValue) -> AnyObject??
}

extension CGColor: LayerObject {
    static func propertyValue(_ value: CGColor?) -> PropertyValue { .color(value) }
    static func object(of propertyValue: PropertyValue) -> AnyObject?? {
        guard case .color(let v) = propertyValue else { return nil }
        return .some(v)
    }
    /// No colour animates as clear.
    static func animatableValue(_ value: CGColor?) -> AnimatableValue? { .color(value?.value ?? .clear) }
    /// Animated colours are shown as plain components (`LayerProperties.animatedColors`), never
    /// made into a `CGColor` on the render side.
    static func object(ofAnimatable value: AnimatableValue) -> AnyObject?? { nil }
}

extension CGImage: LayerObject {
    static func propertyValue(_ value: CGImage?) -> PropertyValue { .image(value) }
    static func object(of propertyValue: PropertyValue) -> AnyObject?? {
        guard case .image(let v) = propertyValue else { return nil }
        return .some(v)
    }
    static func animatableValue(_ value: CGImage?) -> AnimatableValue? { .image(ImageReference(value)) }
    static func object(ofAnimatable value: AnimatableValue) -> AnyObject?? {
        guard case .image(let reference) = value else { return nil }
        return .some(reference.image)
    }
}

extension CGPath: LayerObject {
    static func propertyValue(_ value: CGPath?) -> PropertyValue { .path(value) }
    static func object(of propertyValue: PropertyValue) -> AnyObject?? {
        guard case .path(let v) = propertyValue else { return nil }
        return .some(v)
    }
    /// Paths do not animate as layer properties.
    static func animatableValue(_ value: CGPath?) -> AnimatableValue? { nil }
    static func object(ofAnimatable value: AnimatableValue) -> AnyObject?? { nil }
}

/// String-valued enumerations travel as their raw value.
protocol LayerName: LayerValue, RawRepresentable where RawValue == String {
    init(rawValue: String)
}

extension LayerName {
    var propertyValue: PropertyValue { .name(rawValue) }
    init?(propertyValue: PropertyValue) {
        guard case .name(let v) = propertyValue else { return nil }
        self.init(rawValue: v)
    }
    var isZeroValue: Bool { rawValue.isEmpty }
    var defaultObject: Any { rawValue }
}

extension CALayerCornerCurve: LayerName {}
extension CALayerContentsGravity: LayerName {}
extension CALayerContentsFormat: LayerName {}
extension CALayerContentsFilter: LayerName {}
extension CAMediaTimingFillMode: LayerName {}
extension CADynamicRange: LayerName {}
extension CAToneMapMode: LayerName {}

/// Option sets travel as their raw bits.
protocol LayerBits: LayerValue, OptionSet where RawValue: FixedWidthInteger {}

extension LayerBits {
    var propertyValue: PropertyValue { .bits(UInt64(rawValue)) }
    init?(propertyValue: PropertyValue) {
        guard case .bits(let v) = propertyValue, let raw = RawValue(exactly: v) else { return nil }
        self.init(rawValue: raw)
    }
    var isZeroValue: Bool { rawValue == 0 }
    var defaultObject: Any { rawValue }
}

extension CACornerMask: LayerBits {}
extension CAEdgeAntialiasingMask: LayerBits {}
extension Optional: FiniteCheckable where Wrapped: LayerObject {}
