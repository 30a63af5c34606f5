import Foundation

/// Whether animations drive a property, and whether setting it runs an action.
enum PropertyAnimation: Sendable {
    /// Animations cannot drive it, and setting it runs no action.
    case none
    /// Setting it on a committed layer runs the action for its key (found in the delegate,
    /// `actions` or `style`), with no implicit animation; animations cannot drive it.
    case actionOnly
    /// Animations added with `add(_:forKey:)` drive it; setting it runs no action.
    case explicit
    /// Animations drive it, and setting it on a committed layer runs its action: by default the
    /// implicit animation (the programming guide's table of animatable properties).
    case implicit
}

/// What the model, the commit, key-value coding and the render side know of one built-in layer
/// property. Every part is derived from the property's one declaration in `PropertyID`.
protocol LayerPropertyDeclaration: Sendable {
    /// The property, whose position is its change bit.
    var id: PropertyID { get }
    /// The key-value coding name (Core Animation's Objective-C name, as in `"hidden"`).
    var key: String { get }
    /// The Swift name, where it differs from `key` (`"isHidden"`); also accepted by key-value coding.
    var swiftKey: String? { get }
    var animation: PropertyAnimation { get }
    /// Reads and writes the property through `CALayer`'s public accessors.
    var accessor: LayerKey { get }
    /// Core Animation's default as `CALayer.defaultValue(forKey:)` reports it; nil for zero defaults.
    var defaultObject: Any? { get }
    /// The property's value in `p`, as a commit carries it.
    func propertyValue(in p: LayerProperties) -> PropertyValue
    /// Stores a committed value in `p`; false (and nothing stored) when it is of another kind.
    @discardableResult func apply(_ value: PropertyValue, to p: inout LayerProperties) -> Bool
    /// The value shown in `p` as animations carry it (nil for a property animations cannot drive).
    func animatableValue(in p: LayerProperties) -> AnimatableValue?
    /// Copies the model value from `model` into `p`, dropping an animated value shown instead.
    func restore(from model: LayerProperties, into p: inout LayerProperties)
    /// Stores an animated value in `p`; values of another kind, non-finite values and values the
    /// property does not allow are ignored, so that the render side never sees them.
    func write(_ value: AnimatableValue, to p: inout LayerProperties)
}

extension LayerPropertyDeclaration {
    /// Whether animations can drive the property.
    var isAnimatable: Bool { animation == .explicit || animation == .implicit }
    /// Whether setting the property on a committed layer runs an action.
    var runsActions: Bool { animation == .actionOnly || animation == .implicit }
}

/// A property stored in `LayerProperties` at `keyPath`.
///
/// `@unchecked Sendable`: key paths and the limit closure are immutable and hold no state.
struct StoredProperty<Value: LayerValue>: LayerPropertyDeclaration, @unchecked Sendable {
    let id: PropertyID
    let key: String
    let swiftKey: String?
    let animation: PropertyAnimation
    let accessor: LayerKey
    private let keyPath: WritableKeyPath<LayerProperties, Value>
    /// Applied to animated values: returns the value to store, or nil to ignore it.
    private let limit: (Value) -> Value?
    /// For colours: where animated values are kept as plain components, so that the render side
    /// makes no `CGColor` per frame. Shown instead of the model colour while set.
    private let shownColor: WritableKeyPath<LayerProperties, RGBA?>?

    init(
        _ id: PropertyID, _ key: String, swift swiftKey: String? = nil,
        _ keyPath: WritableKeyPath<LayerProperties, Value>,
        _ accessor: LayerKey, _ animation: PropertyAnimation, limit: @escaping (Value) -> Value? = { $0 },
        shownColor: WritableKeyPath<LayerProperties, RGBA?>? = nil
    ) {
        (self.id, self.key, self.swiftKey, self.keyPath) = (id, key, swiftKey, keyPath)
        (self.accessor, self.animation, self.limit, self.shownColor) = (accessor, animation, limit, shownColor)
    }

    var defaultObject: Any? {
        let value = LayerProperties()[keyPath: keyPath]
        return value.isZeroValue ? nil : value.defaultObject
    }

    func propertyValue(in p: LayerProperties) -> PropertyValue { p[keyPath: keyPath].propertyValue }

    @discardableResult
    package func apply(_ value: PropertyValue, to p: inout LayerProperties) -> Bool {
        guard let typed = Value(propertyValue: value) else { return false }
        p[keyPath: keyPath] = typed
        return true
    }

    func animatableValue(in p: LayerProperties) -> AnimatableValue? {
        if let shownColor, let shown = p[keyPath: shownColor] { return .color(shown) }
        return p[keyPath: keyPath].animatableValue
    }

    func restore(from model: LayerProperties, into p: inout LayerProperties) {
        p[keyPath: keyPath] = model[keyPath: keyPath]
        if let shownColor { p[keyPath: shownColor] = nil }
    }

    func write(_ value: AnimatableValue, to p: inout LayerProperties) {
        guard value.isFinite else { return }
        if let shownColor, case .color(let components) = value {
            p[keyPath: shownColor] = components
        } else if let typed = Value(animatableValue: value), let allowed = limit(typed) {
            p[keyPath: keyPath] = allowed
        }
    }
}
