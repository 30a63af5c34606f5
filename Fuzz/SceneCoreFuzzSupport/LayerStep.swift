import Foundation
import SceneCore

/// One step of a random layer program: a tree edit, a property change, an animation, a commit or
/// a frame. Layers are named by their index in a `LayerPool`.
public enum LayerStep: Sendable, CustomStringConvertible {
    /// `addSublayer`.
    case add(Int, to: Int)
    /// `insertSublayer(_:at:)`, at any index.
    case insert(Int, into: Int, at: UInt32)
    /// `insertSublayer(_:above:)` or `(_:below:)` in the sibling's superlayer.
    case insertNextTo(Int, sibling: Int, above: Bool)
    /// `removeFromSuperlayer()`.
    case remove(Int)
    /// `replaceSublayer(_:with:)` on the first layer's superlayer (on itself when it has none).
    case replace(Int, with: Int)
    /// `sublayers =` a list (duplicates and the layer itself allowed) or nil.
    case setSublayers(Int, [Int]?)
    /// `mask =` a layer (itself, a sublayer, an ancestor...) or nil.
    case mask(Int, Int?)
    /// `setValue(_:forKey:)`, or `setValue(_:forKeyPath:)` for a key path with a dot.
    case set(Int, key: String, FuzzValue)
    /// A public setter, given random numbers.
    case setter(Int, LayerSetter, [Double])
    /// `add(_:forKey:)`.
    case animate(Int, AnimationRecipe)
    /// `removeAnimation(forKey:)`, or `removeAllAnimations()` for nil.
    case removeAnimation(Int, key: String?)
    /// `CATransaction.setDisableActions`: whether later changes animate implicitly.
    case disableActions(Bool)
    /// `CATransaction.flush()`.
    case commit
    /// Commits, then shows a frame at this many seconds after now.
    case render(after: Double)

    /// Keys set through key-value coding: every built-in property, the subclasses' properties,
    /// key paths into structs and transforms, and unknown keys.
    public static let keys = [
        "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
        "hidden", "isHidden", "doubleSided", "geometryFlipped", "masksToBounds", "opacity", "allowsGroupOpacity",
        "allowsEdgeAntialiasing", "edgeAntialiasingMask", "backgroundColor", "cornerRadius", "maskedCorners",
        "cornerCurve", "borderWidth", "borderColor", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius",
        "shadowPath", "shouldRasterize", "rasterizationScale", "contents", "contentsRect", "contentsCenter",
        "contentsGravity", "contentsScale", "contentsFormat", "minificationFilter", "magnificationFilter",
        "minificationFilterBias", "opaque", "beginTime", "duration", "speed", "timeOffset", "repeatCount",
        "repeatDuration", "autoreverses", "fillMode", "name", "frame", "sublayers", "mask", "path", "fillColor",
        "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit", "lineDashPattern",
        "lineDashPhase", "strokeStart", "strokeEnd", "string", "font", "fontSize", "foregroundColor", "wrapped",
        "truncationMode", "alignmentMode", "colors", "locations", "startPoint", "endPoint", "type",
        "position.x", "position.y", "bounds.size", "bounds.size.width", "bounds.origin.x", "transform.rotation.z",
        "transform.scale", "transform.translation.x", "sublayerTransform.scale.z", "shadowOffset.height",
        "frame.size", "anchorPoint.x", "", "customKey", "transform.nonsense", "position.x.y", ".", "a..b",
    ]

    /// A random step on a pool of `layerCount` layers.
    public static func random(layerCount: Int, using random: inout some RandomNumberGenerator) -> LayerStep {
        func layer() -> Int { Int.random(in: 0..<layerCount, using: &random) }
        func optionalLayer() -> Int? { Int.random(in: 0..<5, using: &random) == 0 ? nil : layer() }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<10: return .add(layer(), to: layer())
        case 10..<15:
            let index = [0, 1, 2, 5, 1000, UInt32.max].randomElement(using: &random)!
            return .insert(layer(), into: layer(), at: index)
        case 15..<18: return .insertNextTo(layer(), sibling: layer(), above: Bool.random(using: &random))
        case 18..<24: return .remove(layer())
        case 24..<27: return .replace(layer(), with: layer())
        case 27..<30:
            let list =
                Int.random(in: 0..<6, using: &random) == 0
                ? nil : (0..<Int.random(in: 0...4, using: &random)).map { _ in layer() }
            return .setSublayers(layer(), list)
        case 30..<34: return .mask(layer(), optionalLayer())
        case 34..<55:
            return .set(layer(), key: keys.randomElement(using: &random)!, FuzzValue.random(using: &random))
        case 55..<70:
            return .setter(
                layer(), LayerSetter.allCases.randomElement(using: &random)!,
                (0..<4).map { _ in FuzzNumber.mostlyIn(-50...120, using: &random) })
        case 70..<82: return .animate(layer(), AnimationRecipe.random(using: &random))
        case 82..<85: return .removeAnimation(layer(), key: [nil, "a", "b"].randomElement(using: &random)!)
        case 85..<89: return .disableActions(Bool.random(using: &random))
        case 89..<93: return .commit
        default: return .render(after: FuzzNumber.mostlyIn(-1...10, using: &random))
        }
    }

    public var description: String {
        switch self {
        case .add(let child, let parent): "add(\(child), to: \(parent))"
        case .insert(let child, let parent, let index): "insert(\(child), into: \(parent), at: \(index))"
        case .insertNextTo(let layer, let sibling, let above):
            "insertNextTo(\(layer), sibling: \(sibling), above: \(above))"
        case .remove(let layer): "remove(\(layer))"
        case .replace(let old, let new): "replace(\(old), with: \(new))"
        case .setSublayers(let layer, let list): "setSublayers(\(layer), \(list.map { "\($0)" } ?? "nil"))"
        case .mask(let owner, let mask): "mask(\(owner), \(mask.map { "\($0)" } ?? "nil"))"
        case .set(let layer, let key, let value): "set(\(layer), key: \(key.debugDescription), \(value))"
        case .setter(let layer, let setter, let numbers): "setter(\(layer), .\(setter), \(numbers))"
        case .animate(let layer, let recipe): "animate(\(layer), \(recipe))"
        case .removeAnimation(let layer, let key): "removeAnimation(\(layer), key: \(key ?? "nil"))"
        case .disableActions(let value): "disableActions(\(value))"
        case .commit: "commit"
        case .render(let offset): "render(after: \(offset))"
        }
    }
}
