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
    /// A layer's `filters` or `backgroundFilters`.
    case filters(RenderFilterList)
    /// A `CAEmitterLayer`'s `emitterCells`.
    case emitterCells(EmitterCellList)
    /// A `CAGradientLayer`'s `colors`.
    case gradientColors(GradientColorList)
    /// A list of numbers, or none (a `CAGradientLayer`'s `locations`).
    case numbers([Double]?)
}

/// A type that layer properties have: how its values travel in commits, where animations find
/// them, whether they are finite, and how key-value coding reports their default.
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
    /// Where animations find a value of this type stored at `offset` of `LayerProperties`; nil for
    /// types animations cannot drive.
    static func animationSlot(offset: UInt16, limit: AnimatedValueLimit) -> AnimationSlot?
}

extension LayerValue {
    /// Values without floating-point components are always finite.
    var isFiniteValue: Bool { true }
    var defaultObject: Any { self }
    static func animationSlot(offset: UInt16, limit: AnimatedValueLimit) -> AnimationSlot? { nil }
}

extension Bool: LayerValue {
    var propertyValue: PropertyValue { .bool(self) }
    init?(propertyValue: PropertyValue) {
        guard case .bool(let v) = propertyValue else { return nil }
        self = v
    }
    var isZeroValue: Bool { !self }
    static func animationSlot(offset: UInt16, limit: AnimatedValueLimit) -> AnimationSlot? { .bool(offset: offset) }
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
}

extension CGFloat: LayerNumber {
    static func animationSlot(offset: UInt16, limit: AnimatedValueLimit) -> AnimationSlot? {
        .cgFloat(offset: offset, limit: limit)
    }
}

extension Float: LayerNumber {
    static func animationSlot(offset: UInt16, limit: AnimatedValueLimit) -> AnimationSlot? {
        .float(offset: offset, limit: limit)
    }
}

/// Doubles are the timing properties, which do not animate, and `instanceDelay`, which does.
extension Double: LayerNumber {
    static func animationSlot(offset: UInt16, limit: AnimatedValueLimit) -> AnimationSlot? {
        .double(offset: offset, limit: limit)
    }
}

/// Integers (`instanceCount`) travel and animate as numbers.
extension Int: LayerValue {
    var propertyValue: PropertyValue { .number(Double(self)) }
    init?(propertyValue: PropertyValue) {
        guard case .number(let v) = propertyValue, let whole = Int(exactly: v.rounded(.towardZero)) else { return nil }
        self = whole
    }
    var isZeroValue: Bool { self == 0 }
    static func animationSlot(offset: UInt16, limit: AnimatedValueLimit) -> AnimationSlot? { .integer(offset: offset) }
}

extension CGPoint: LayerValue {
    var propertyValue: PropertyValue { .point(self) }
    init?(propertyValue: PropertyValue) {
        guard case .point(let v) = propertyValue else { return nil }
        self = v
    }
    var isZeroValue: Bool { self == .zero }
    static func animationSlot(offset: UInt16, limit: AnimatedValueLimit) -> AnimationSlot? { .point(offset: offset) }
}

extension CGSize: LayerValue {
    var propertyValue: PropertyValue { .size(self) }
    init?(propertyValue: PropertyValue) {
        guard case .size(let v) = propertyValue else { return nil }
        self = v
    }
    var isZeroValue: Bool { self == .zero }
    static func animationSlot(offset: UInt16, limit: AnimatedValueLimit) -> AnimationSlot? { .size(offset: offset) }
}

extension CGRect: LayerValue {
    var propertyValue: PropertyValue { .rect(self) }
    init?(propertyValue: PropertyValue) {
        guard case .rect(let v) = propertyValue else { return nil }
        self = v
    }
    var isZeroValue: Bool { self == .zero }
    static func animationSlot(offset: UInt16, limit: AnimatedValueLimit) -> AnimationSlot? { .rect(offset: offset) }
}

extension CATransform3D: LayerValue {
    var propertyValue: PropertyValue { .transform(self) }
    init?(propertyValue: PropertyValue) {
        guard case .transform(let v) = propertyValue else { return nil }
        self = v
    }
    var isZeroValue: Bool { false }
    static func animationSlot(offset: UInt16, limit: AnimatedValueLimit) -> AnimationSlot? {
        .transform(offset: offset)
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
    static func animationSlot(offset: UInt16, limit: AnimatedValueLimit) -> AnimationSlot? {
        Wrapped.animationSlot(offset: offset)
    }
}

/// The reference types held by optional layer properties (`CGColor?`, `CGImage?`, `CGPath?`).
protocol LayerObject: AnyObject, Equatable, Sendable {
    static func propertyValue(_ value: Self?) -> PropertyValue
    /// The object a commit carried (`.some(nil)` for none); nil when the value is of another kind.
    static func object(of propertyValue: PropertyValue) -> AnyObject??
    /// Where animations find an optional object of this type stored at `offset`; nil when they
    /// cannot drive it (colours are shown through their declaration's plain components instead).
    static func animationSlot(offset: UInt16) -> AnimationSlot?
}

extension CGColor: LayerObject {
    static func propertyValue(_ value: CGColor?) -> PropertyValue { .color(value) }
    static func object(of propertyValue: PropertyValue) -> AnyObject?? {
        guard case .color(let v) = propertyValue else { return nil }
        return .some(v)
    }
    /// Animated colours are shown as plain components (`LayerProperties.animatedColors`), named by
    /// the colour property's declaration.
    static func animationSlot(offset: UInt16) -> AnimationSlot? { nil }
}

extension CGImage: LayerObject {
    static func propertyValue(_ value: CGImage?) -> PropertyValue { .image(value) }
    static func object(of propertyValue: PropertyValue) -> AnyObject?? {
        guard case .image(let v) = propertyValue else { return nil }
        return .some(v)
    }
    static func animationSlot(offset: UInt16) -> AnimationSlot? { .image(offset: offset) }
}

extension CGPath: LayerObject {
    static func propertyValue(_ value: CGPath?) -> PropertyValue { .path(value) }
    static func object(of propertyValue: PropertyValue) -> AnyObject?? {
        guard case .path(let v) = propertyValue else { return nil }
        return .some(v)
    }
    /// Paths animate point by point (`shadowPath`).
    static func animationSlot(offset: UInt16) -> AnimationSlot? { .path(offset: offset) }
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
