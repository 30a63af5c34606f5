import Foundation

/// A sub-key of a `CATransform3D` property that Core Animation's key-value coding
/// understands, as in `"transform.rotation.z"` (the part after `transform.`).
enum TransformKey: Equatable, Sendable {
    /// One of the three axes, as an index into `SIMD3`.
    enum Axis: Int, Sendable { case x, y, z }

    /// `rotation.x`, `rotation.y`, `rotation.z`; `rotation` is `rotation.z`.
    case rotation(Axis)
    /// `scale.x`, `scale.y`, `scale.z`.
    case scale(Axis)
    /// `scale`: the average of the three scales on read, all three on write.
    case uniformScale
    /// `translation.x`, `translation.y`, `translation.z`.
    case translation(Axis)
    /// `translation`: a `CGSize` of the x and y translation.
    case translationXY

    private static let byName: [String: TransformKey] = [
        "rotation.x": .rotation(.x), "rotation.y": .rotation(.y), "rotation.z": .rotation(.z),
        "rotation": .rotation(.z),
        "scale.x": .scale(.x), "scale.y": .scale(.y), "scale.z": .scale(.z), "scale": .uniformScale,
        "translation.x": .translation(.x), "translation.y": .translation(.y),
        "translation.z": .translation(.z), "translation": .translationXY,
    ]

    /// The identity with this part set to `c` (nil for `translation`, which takes two numbers).
    func transform(_ c: CGFloat) -> CATransform3D? {
        switch self {
        case .rotation(.x): CATransform3DMakeRotation(c, 1, 0, 0)
        case .rotation(.y): CATransform3DMakeRotation(c, 0, 1, 0)
        case .rotation(.z): CATransform3DMakeRotation(c, 0, 0, 1)
        case .scale(.x): CATransform3DMakeScale(c, 1, 1)
        case .scale(.y): CATransform3DMakeScale(1, c, 1)
        case .scale(.z): CATransform3DMakeScale(1, 1, c)
        case .uniformScale: CATransform3DMakeScale(c, c, c)
        case .translation(.x): CATransform3DMakeTranslation(c, 0, 0)
        case .translation(.y): CATransform3DMakeTranslation(0, c, 0)
        case .translation(.z): CATransform3DMakeTranslation(0, 0, c)
        case .translationXY: nil
        }
    }

    /// Sets this part of `parts` to `v`; false for `translation`, which takes two numbers.
    func set(_ v: Double, in parts: inout TransformDecomposition) -> Bool {
        switch self {
        case .rotation(let axis): parts.rotation[axis.rawValue] = v
        case .scale(let axis): parts.scale[axis.rawValue] = v
        case .uniformScale: parts.scale = SIMD3(repeating: v)
        case .translation(let axis): parts.translation[axis.rawValue] = v
        case .translationXY: return false
        }
        return true
    }

    /// The key named `key`, or nil when Core Animation has no such transform sub-key.
    init?(_ key: String) {
        guard let known = Self.byName[key] else { return nil }
        self = known
    }
}

extension CATransform3D {
    /// The value of a transform sub-key, as `layer.value(forKeyPath: "transform.<key>")`.
    ///
    /// The transform is decomposed as `TransformDecomposition` describes (scale, then rotation
    /// about x, y and z, then translation, then perspective).
    /// - `rotation.x`, `rotation.y`, `rotation.z` (and `rotation`, the same as `rotation.z`):
    ///   Euler angles in radians; for a rotation about z alone, `atan2(m12, m11)`.
    /// - `scale.x`, `scale.y`, `scale.z`: the lengths of the rows of the upper 3x3 part;
    ///   `scale` is the average of the three.
    /// - `translation.x`, `translation.y`, `translation.z`: `m41`, `m42`, `m43`; `translation`
    ///   is a `CGSize` of x and y.
    /// - Returns: a `CGFloat`, or a `CGSize` for `translation`; nil for an unknown key.
    func value(forTransformKey key: String) -> Any? {
        guard let key = TransformKey(key) else { return nil }
        let parts = TransformDecomposition(self)
        return switch key {
        case .rotation(let axis): CGFloat(parts.rotation[axis.rawValue])
        case .scale(let axis): CGFloat(parts.scale[axis.rawValue])
        case .uniformScale: CGFloat(parts.scale.sum() / 3)
        case .translation(let axis): CGFloat(parts.translation[axis.rawValue])
        case .translationXY: CGSize(width: parts.translation.x, height: parts.translation.y)
        }
    }

    /// This transform with one sub-key changed, as
    /// `layer.setValue(value, forKeyPath: "transform.<key>")`.
    ///
    /// The transform is decomposed, the one part replaced, and the transform rebuilt, so the
    /// other parts are kept: setting `rotation.z` on a scaled, translated transform keeps the
    /// scale and the translation. Writing `scale` sets all three scales; writing `translation`
    /// (a `CGSize`) sets x and y and keeps z.
    /// - Parameter value: a number (`CGFloat`, `Double`, `Float`, `Int`, `NSNumber`, ...), or a
    ///   `CGSize` for `translation`.
    /// - Returns: nil for an unknown key, a value of the wrong type, or a number that is not
    ///   finite.
    func setting(_ value: Any?, forTransformKey key: String) -> CATransform3D? {
        guard let key = TransformKey(key) else { return nil }
        var parts = TransformDecomposition(self)
        let number = ValueConversion.double(value).flatMap { $0.isFinite ? $0 : nil }
        switch key {
        case .rotation(let axis):
            guard let number else { return nil }
            parts.rotation[axis.rawValue] = number
        case .scale(let axis):
            guard let number else { return nil }
            parts.scale[axis.rawValue] = number
        case .uniformScale:
            guard let number else { return nil }
            parts.scale = SIMD3(repeating: number)
        case .translation(let axis):
            guard let number else { return nil }
            parts.translation[axis.rawValue] = number
        case .translationXY:
            guard let size = ValueConversion.size(value), size.width.isFinite, size.height.isFinite else { return nil }
            (parts.translation.x, parts.translation.y) = (Double(size.width), Double(size.height))
        }
        return parts.transform
    }
}
