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
    /// Core Animation's default as the public accessor takes it, zero included.
    var initialObject: Any? { get }
    /// Where animations read and write the property; nil for a property animations cannot drive.
    var animationSlot: AnimationSlot? { get }
    /// The property's value in `p`, as a commit carries it.
    func propertyValue(in p: LayerProperties) -> PropertyValue
    /// Stores a committed value in `p`; false (and nothing stored) when it is of another kind.
    @discardableResult func apply(_ value: PropertyValue, to p: inout LayerProperties) -> Bool
}

extension LayerPropertyDeclaration {
    /// Whether animations can drive the property.
    var isAnimatable: Bool { animation == .explicit || animation == .implicit }
    /// Whether setting the property on a committed layer runs an action.
    var runsActions: Bool { animation == .actionOnly || animation == .implicit }
}

/// A property stored in `LayerProperties`: in its `Values`, or in its `ExtraValues` (`extra:`).
///
/// `@unchecked Sendable`: the key path a computed field reaches its value through is immutable
/// and holds no state.
struct StoredProperty<Value: LayerValue>: LayerPropertyDeclaration, @unchecked Sendable {
    let id: PropertyID
    let key: String
    let swiftKey: String?
    let animation: PropertyAnimation
    let accessor: LayerKey
    let animationSlot: AnimationSlot?
    private let field: Field<Value>

    /// - Parameters:
    ///   - limit: what animated numbers may become.
    ///   - shownColor: for colours, where animated values are kept as plain components, so that
    ///     the render side makes no `CGColor` per frame; shown instead of the model colour while set.
    ///   - shownExtraColor: the same, kept in `ExtraValues`.
    init(
        _ id: PropertyID, _ key: String, swift swiftKey: String? = nil,
        _ keyPath: WritableKeyPath<LayerProperties.Values, Value>,
        _ accessor: LayerKey, _ animation: PropertyAnimation, limit: AnimatedValueLimit = .none,
        shownColor: WritableKeyPath<LayerProperties.Values, RGBA?>? = nil,
        shownExtraColor: WritableKeyPath<LayerProperties.ExtraValues, RGBA?>? = nil
    ) {
        let shown =
            shownColor.flatMap(LayerProperties.address(of:))
            ?? shownExtraColor.flatMap(LayerProperties.address(ofExtra:))
        self.init(id, key, swiftKey, Field(keyPath), accessor, animation, limit, shown)
    }

    /// A property stored in `LayerProperties.ExtraValues` at `keyPath`.
    init(
        _ id: PropertyID, _ key: String, swift swiftKey: String? = nil,
        extra keyPath: WritableKeyPath<LayerProperties.ExtraValues, Value>,
        _ accessor: LayerKey, _ animation: PropertyAnimation, limit: AnimatedValueLimit = .none,
        shownColor: WritableKeyPath<LayerProperties.ExtraValues, RGBA?>? = nil
    ) {
        let shown = shownColor.flatMap(LayerProperties.address(ofExtra:))
        self.init(id, key, swiftKey, Field(extra: keyPath), accessor, animation, limit, shown)
    }

    private init(
        _ id: PropertyID, _ key: String, _ swiftKey: String?, _ field: Field<Value>, _ accessor: LayerKey,
        _ animation: PropertyAnimation, _ limit: AnimatedValueLimit, _ shownColor: Int?
    ) {
        (self.id, self.key, self.swiftKey, self.field) = (id, key, swiftKey, field)
        (self.accessor, self.animation) = (accessor, animation)
        let animates = animation == .explicit || animation == .implicit
        if animates, let address = field.address.map(UInt16.init) {
            animationSlot =
                shownColor.map { .color(model: address, shown: UInt16($0)) }
                ?? Value.animationSlot(offset: address, limit: limit)
        } else {
            animationSlot = nil
        }
    }

    var defaultObject: Any? {
        let value = field.get(LayerProperties())
        return value.isZeroValue ? nil : value.defaultObject
    }

    var initialObject: Any? { field.get(LayerProperties()).defaultObject }

    func propertyValue(in p: LayerProperties) -> PropertyValue { field.get(p).propertyValue }

    @discardableResult
    func apply(_ value: PropertyValue, to p: inout LayerProperties) -> Bool {
        guard let typed = Value(propertyValue: value) else { return false }
        field.set(typed, in: &p)
        return true
    }
}

/// One value of `LayerProperties`, read and written at its address when it is a stored
/// property (commits and their application do this for every changed value, and a key path
/// projection costs several times as much), else through its key path.
private struct Field<Value> {
    let address: Int?
    private let get: (LayerProperties) -> Value
    private let set: (inout LayerProperties, Value) -> Void

    /// The value at `keyPath` in `LayerProperties.Values`.
    init(_ keyPath: WritableKeyPath<LayerProperties.Values, Value>) {
        address = LayerProperties.address(of: keyPath)
        (get, set) = ({ $0.values[keyPath: keyPath] }, { $0.values[keyPath: keyPath] = $1 })
    }

    /// The value at `keyPath` in `LayerProperties.ExtraValues`.
    init(extra keyPath: WritableKeyPath<LayerProperties.ExtraValues, Value>) {
        address = LayerProperties.address(ofExtra: keyPath)
        (get, set) = ({ $0.values.extras.value[keyPath: keyPath] }, { $0.values.extras.value[keyPath: keyPath] = $1 })
    }

    @inline(__always)
    func get(_ p: LayerProperties) -> Value {
        guard let address else { return get(p) }
        return p.load(Value.self, at: address)
    }

    @inline(__always)
    func set(_ value: Value, in p: inout LayerProperties) {
        guard let address else { return set(&p, value) }
        p.store(value, at: address)
    }
}
