import Foundation

extension ValueConversion {
    /// The field of a geometry struct named by `field`, as Core Animation's struct-field key
    /// paths (`position.x`, `bounds.size.width`, `transform.rotation.z`) read it.
    ///
    /// - `CGPoint`: `x`, `y`.
    /// - `CGSize`: `width`, `height`.
    /// - `CGRect`: `origin`, `size`, and through them `origin.x`, `origin.y`, `size.width`,
    ///   `size.height` (not `x`, `y`, `width` or `height`).
    /// - `CATransform3D`: the keys of `CATransform3D.value(forTransformKey:)`.
    /// - A filter list: `<name>.<input>` (see `filterInput(_:in:)`).
    ///
    /// - Returns: a `CGFloat`, `CGPoint` or `CGSize`, or nil for a field the type does not have.
    static func value(ofField field: String, in value: Any) -> Any? {
        if let transform = value as? CATransform3D { return transform.value(forTransformKey: field) }
        if let filters = value as? [Any] { return filterInput(field, in: filters) }
        let (head, rest) = split(field)
        guard let component = component(head, of: value) else { return nil }
        guard let rest else { return component }
        return self.value(ofField: rest, in: component)
    }

    /// A copy of the geometry struct `value` with the field named by `field` set to
    /// `newValue` (the fields of `value(ofField:in:)`).
    ///
    /// - Returns: the updated struct, or nil for a field the type does not have or a new value
    ///   of the wrong type.
    static func setting(_ newValue: Any?, forField field: String, in value: Any) -> Any? {
        if let transform = value as? CATransform3D { return transform.setting(newValue, forTransformKey: field) }
        if let filters = value as? [Any] { return settingFilterInput(newValue, field, in: filters) }
        let (head, rest) = split(field)
        guard let rest else { return replacing(head, of: value, with: newValue) }
        guard let inner = component(head, of: value), let updated = setting(newValue, forField: rest, in: inner)
        else { return nil }
        return replacing(head, of: value, with: updated)
    }

    /// `field` split at its first dot.
    private static func split(_ field: String) -> (head: String, rest: String?) {
        guard let dot = field.firstIndex(of: ".") else { return (field, nil) }
        return (String(field[..<dot]), String(field[field.index(after: dot)...]))
    }

    /// One level of field access.
    private static func component(_ name: String, of value: Any) -> Any? {
        switch (value, name) {
        case (let p as CGPoint, "x"): p.x
        case (let p as CGPoint, "y"): p.y
        case (let s as CGSize, "width"): s.width
        case (let s as CGSize, "height"): s.height
        case (let r as CGRect, "origin"): r.origin
        case (let r as CGRect, "size"): r.size
        default: nil
        }
    }

    /// One level of field replacement; nil when the field is unknown or `newValue` mismatches.
    private static func replacing(_ name: String, of value: Any, with newValue: Any?) -> Any? {
        switch (value, name) {
        case (var p as CGPoint, "x"):
            cgFloat(newValue).map {
                p.x = $0
                return p
            }
        case (var p as CGPoint, "y"):
            cgFloat(newValue).map {
                p.y = $0
                return p
            }
        case (var s as CGSize, "width"):
            cgFloat(newValue).map {
                s.width = $0
                return s
            }
        case (var s as CGSize, "height"):
            cgFloat(newValue).map {
                s.height = $0
                return s
            }
        case (var r as CGRect, "origin"):
            point(newValue).map {
                r.origin = $0
                return r
            }
        case (var r as CGRect, "size"):
            size(newValue).map {
                r.size = $0
                return r
            }
        default: nil
        }
    }
}
