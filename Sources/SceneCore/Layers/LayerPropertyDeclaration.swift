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

/// A property stored in `LayerProperties.Values` at `keyPath`.
///
/// `@unchecked Sendable`: the key path is immutable and holds no state.
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
    init(
        _ id: PropertyID, _ key: String, swift swiftKey: String? = nil,
        _ keyPath: WritableKeyPath<LayerProperties.Values, Value>,
        _ accessor: LayerKey, _ animation: PropertyAnimation, limit: AnimatedValueLimit = .none,
        shownColor: WritableKeyPath<LayerProperties.Values, RGBA?>? = nil
    ) {
        (self.id, self.key, self.swiftKey, self.field) = (id, key, swiftKey, Field(keyPath))
        (self.accessor, self.animation) = (accessor, animation)
        let animates = animation == .explicit || animation == .implicit
        if animates, let offset = field.offset.map(UInt16.init) {
            if let shown = shownColor.flatMap({ MemoryLayout<LayerProperties.Values>.offset(of: $0) }) {
                animationSlot = .color(model: offset, shown: UInt16(shown))
            } else {
                animationSlot = Value.animationSlot(offset: offset, limit: limit)
            }
        } else {
            animationSlot = nil
        }
    }

    var defaultObject: Any? {
        let value = field.get(LayerProperties())
        return value.isZeroValue ? nil : value.defaultObject
    }

    func propertyValue(in p: LayerProperties) -> PropertyValue { field.get(p).propertyValue }

    @discardableResult
    func apply(_ value: PropertyValue, to p: inout LayerProperties) -> Bool {
        guard let typed = Value(propertyValue: value) else { return false }
        field.set(typed, in: &p)
        return true
    }
}

/// One field of `LayerProperties.Values`, read and written at its byte offset when it is a
/// stored property (commits and their application do this for every changed value, and a key
/// path projection costs several times as much), else through its key path.
private struct Field<Value> {
    let keyPath: WritableKeyPath<LayerProperties.Values, Value>
    let offset: Int?

    init(_ keyPath: WritableKeyPath<LayerProperties.Values, Value>) {
        self.keyPath = keyPath
        offset = MemoryLayout<LayerProperties.Values>.offset(of: keyPath)
    }

    @inline(__always)
    func get(_ p: LayerProperties) -> Value {
        guard let offset else { return p.values[keyPath: keyPath] }
        return p.withValueBytes { $0.load(fromByteOffset: offset, as: Value.self) }
    }

    @inline(__always)
    func set(_ value: Value, in p: inout LayerProperties) {
        guard let offset else {
            p.values[keyPath: keyPath] = value
            return
        }
        p.withMutableValueBytes { bytes in
            // Assigning through a typed pointer releases the old value and retains the new one.
            (bytes.baseAddress! + offset).assumingMemoryBound(to: Value.self).pointee = value
        }
    }
}
