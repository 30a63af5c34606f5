import Foundation

/// One property of a built layer that a key path reaches (an input of the composition layer):
/// the Lottie property's key path, the layer carrying it, and how values in the API's units
/// become the layer's and back.
struct CompositionInput {
    /// What values the property takes, and how they map to the layer's.
    enum Kind {
        /// A `CGColor`, as the layer's `fillColor`, `strokeColor` or `backgroundColor` takes it.
        case color
        /// An opacity from 0 to 1, times `scale` on the layer (the opacity of the still groups
        /// folded into it).
        case opacity(scale: Double)
        /// A number (a stroke's width, a trim's end), times `scale` on the layer (for a width,
        /// the scale of the still groups folded into it), as a `CGFloat`.
        case number(scale: Double)
        /// A `CGPoint`, as the layer takes it.
        case point
        /// A `CGPoint`, the anchor: the origin of the layer's empty bounds.
        case anchor
        /// A `String`.
        case text
    }

    /// The key path's components: the names of the layers, groups and items leading to the
    /// property, then the property's name.
    let path: [String]
    /// Other spellings of `path` that reach the property (a layer's transform properties
    /// without "Transform").
    let aliases: [[String]]
    let layer: CALayer
    let kind: Kind
    /// The layer's key path the value is set at and animated on.
    let keyPath: String
    /// The key paths of the composition's keyframe animations that a set value replaces.
    let replacedKeyPaths: [String]
    /// Whether a set value is also held by an animation after the composition's, which would
    /// otherwise replace it (a rotation, under the keyframes of a scale matrix that carries the
    /// first rotation).
    let heldByAnimation: Bool
    /// What follows a value set on the layer (a point text layer sized for its new text).
    let afterSet: ((CALayer) -> Void)?

    /// The layer's value for `value`, or nil when `value` is not of the property's kind.
    func layerValue(_ value: Any) -> Any? {
        switch kind {
        case .color:
            return value as? CGColor
        case .opacity(let scale):
            return Self.number(value).map { Float($0 * scale) }
        case .number(let scale):
            return Self.number(value).map { CGFloat($0 * scale) }
        case .point:
            return value as? CGPoint
        case .anchor:
            return (value as? CGPoint).map { CGRect(origin: $0, size: .zero) }
        case .text:
            return value as? String
        }
    }

    /// The property's value in the API's units for the layer's `value`.
    func value(ofLayerValue value: Any?) -> Any? {
        switch kind {
        case .color, .point, .text:
            return value
        case .anchor:
            return (value as? CGRect)?.origin
        case .opacity(let scale), .number(let scale):
            guard let number = value.flatMap(Self.number) else { return nil }
            return scale == 0 ? 0 : number / scale
        }
    }

    private static func number(_ value: Any) -> Double? {
        switch value {
        case let value as Double: value
        case let value as CGFloat: Double(value)
        case let value as Float: Double(value)
        case let value as Int: Double(value)
        case let value as NSNumber: value.doubleValue
        default: nil
        }
    }
}
