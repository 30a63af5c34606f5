import Foundation

/// A layer property that animations can drive, as the render side reads and writes it.
enum AnimatableProperty: Sendable, Equatable {
    /// A built-in property whose declaration says it animates, and where animations find it.
    case layer(PropertyID, AnimationSlot)
    /// A key the render side does not draw (a subclass's own animatable property); evaluated
    /// on the app side only, for `presentation()`.
    case custom(String)

    /// The built-in animatable property named `key`, nil for any other key.
    init?(key: String) {
        guard let id = PropertyID(key: key), let slot = id.declared.animationSlot else { return nil }
        self = .layer(id, slot)
    }

    /// The transform, which rotation modes drive besides the animated property.
    static let transform = AnimatableProperty(key: "transform")!

    /// The keys Core Animation animates implicitly when set on a standalone layer (the
    /// Core Animation Programming Guide's table of animatable properties), under both names.
    static let implicitlyAnimatedKeys: Set<String> = Set(
        PropertyID.declarations.filter { $0.animation == .implicit }.flatMap {
            [$0.key] + ($0.swiftKey.map { [$0] } ?? [])
        })

    /// The property's value in `p` (custom keys: 0).
    func read(_ p: LayerProperties) -> AnimatableValue {
        guard case .layer(_, let slot) = self else { return .number(0) }
        return slot.read(p)
    }

    /// Copies the property's model value from `model` into `p` (custom keys: nothing).
    func restore(from model: LayerProperties, into p: inout LayerProperties) {
        guard case .layer(_, let slot) = self else { return }
        slot.restore(from: model, into: &p)
    }

    /// Stores `value` in `p`; a value of another kind (which compiled animations never carry)
    /// is ignored. Non-finite numbers are ignored too, so that the render side never sees them.
    func write(_ value: AnimatableValue, to p: inout LayerProperties) {
        guard case .layer(_, let slot) = self else { return }
        slot.write(value, to: &p)
    }
}

/// The part of a property that a struct-field key path names (`position.x`,
/// `bounds.size.width`, `transform.rotation.z`, ...).
enum AnimationField: Sendable, Equatable {
    case x, y, width, height, origin, size, originX, originY, sizeWidth, sizeHeight
    case transform(TransformKey)
    /// The number input `input` of the filter named `name` in a filter list
    /// (`filters.blur.inputRadius`). Boxed, as the next case: the common fields stay small, and
    /// so does every compiled animation (`PropertyAnimationSpec`).
    indirect case filterInput(name: String, input: String)
    /// A number or the colour of the emitter cell that `names` lead to (`emitterCells.fire.birthRate`:
    /// `["fire"]`, `birthRate`).
    indirect case emitterCell(names: [String], key: EmitterCellKey)

    /// The field named `name` of a value of `value`'s kind, nil when that kind has no such field.
    init?(_ name: String, of value: AnimatableValue) {
        switch value {
        case .point:
            switch name {
            case "x": self = .x
            case "y": self = .y
            default: return nil
            }
        case .size:
            switch name {
            case "width": self = .width
            case "height": self = .height
            default: return nil
            }
        case .rect:
            switch name {
            case "origin": self = .origin
            case "size": self = .size
            case "origin.x": self = .originX
            case "origin.y": self = .originY
            case "size.width": self = .sizeWidth
            case "size.height": self = .sizeHeight
            default: return nil
            }
        case .transform:
            guard let key = TransformKey(name) else { return nil }
            self = .transform(key)
        case .filters(let list):
            guard let dot = name.firstIndex(of: "."),
                let filter = list.filters.first(where: { $0.name == name[..<dot] }),
                filter.numberInputKey == String(name[name.index(after: dot)...])
            else { return nil }
            self = .filterInput(name: filter.name, input: String(name[name.index(after: dot)...]))
        case .emitterCells(let list):
            guard let field = AnimationField.emitterCell(name, in: list) else { return nil }
            self = field
        default: return nil
        }
    }

    /// The field's value within `base`.
    func read(_ base: AnimatableValue, cache: inout TransformCache) -> AnimatableValue {
        switch (self, base) {
        case (.x, .point(let p)): .number(Double(p.x))
        case (.y, .point(let p)): .number(Double(p.y))
        case (.width, .size(let s)): .number(Double(s.width))
        case (.height, .size(let s)): .number(Double(s.height))
        case (.origin, .rect(let r)): .point(r.origin)
        case (.size, .rect(let r)): .size(r.size)
        case (.originX, .rect(let r)): .number(Double(r.minX))
        case (.originY, .rect(let r)): .number(Double(r.minY))
        case (.sizeWidth, .rect(let r)): .number(Double(r.width))
        case (.sizeHeight, .rect(let r)): .number(Double(r.height))
        case (.transform(let key), .transform(let t)): Self.read(key, of: cache.parts(of: t))
        case (.filterInput(let name, _), .filters(let list)):
            .number(list.filters.first { $0.name == name }?.amount ?? 0)
        case (.emitterCell(let names, let key), .emitterCells(let list)):
            list.cellPath(names).flatMap(list.cell(at:)).map(key.read) ?? .number(0)
        default: .number(0)
        }
    }

    /// `base` with this field set to `value` (unchanged when the kinds do not fit).
    func write(_ value: AnimatableValue, into base: AnimatableValue, cache: inout TransformCache) -> AnimatableValue {
        switch (self, base, value) {
        case (.x, .point(var p), .number(let v)):
            p.x = CGFloat(v)
            return .point(p)
        case (.y, .point(var p), .number(let v)):
            p.y = CGFloat(v)
            return .point(p)
        case (.width, .size(var s), .number(let v)):
            s.width = CGFloat(v)
            return .size(s)
        case (.height, .size(var s), .number(let v)):
            s.height = CGFloat(v)
            return .size(s)
        case (.origin, .rect(var r), .point(let v)):
            r.origin = v
            return .rect(r)
        case (.size, .rect(var r), .size(let v)):
            r.size = v
            return .rect(r)
        case (.originX, .rect(var r), .number(let v)):
            r.origin.x = CGFloat(v)
            return .rect(r)
        case (.originY, .rect(var r), .number(let v)):
            r.origin.y = CGFloat(v)
            return .rect(r)
        case (.sizeWidth, .rect(var r), .number(let v)):
            r.size.width = CGFloat(v)
            return .rect(r)
        case (.sizeHeight, .rect(var r), .number(let v)):
            r.size.height = CGFloat(v)
            return .rect(r)
        case (.transform(let key), .transform(let t), _):
            return .transform(Self.write(key, value, into: t, cache: &cache))
        case (.filterInput(let name, _), .filters(var list), .number(let v)):
            guard let index = list.filters.firstIndex(where: { $0.name == name }) else { return base }
            let filter = list.filters[index]
            list.filters[index].amount = filter.kind == .gaussianBlur ? max(v, 0) : v
            return .filters(list)
        case (.emitterCell(let names, let key), .emitterCells(var list), _):
            guard let path = list.cellPath(names) else { return base }
            list.modifyCell(at: path) { key.write(value, to: &$0) }
            return .emitterCells(list)
        default: return base
        }
    }

    private static func read(_ key: TransformKey, of parts: TransformDecomposition) -> AnimatableValue {
        switch key {
        case .rotation(let axis): .number(parts.rotation[axis.rawValue])
        case .scale(let axis): .number(parts.scale[axis.rawValue])
        case .uniformScale: .number(parts.scale.sum() / 3)
        case .translation(let axis): .number(parts.translation[axis.rawValue])
        case .translationXY: .size(CGSize(width: parts.translation.x, height: parts.translation.y))
        }
    }

    private static func write(
        _ key: TransformKey, _ value: AnimatableValue, into t: CATransform3D, cache: inout TransformCache
    ) -> CATransform3D {
        // The identity is by far the common base (a layer with no transform of its own):
        // build the one part directly.
        if CATransform3DIsIdentity(t), case .number(let v) = value, let made = key.transform(CGFloat(v)) {
            return made
        }
        var parts = cache.parts(of: t)
        switch (key, value) {
        case (.translationXY, .size(let s)):
            (parts.translation.x, parts.translation.y) = (Double(s.width), Double(s.height))
        case (_, .number(let v)):
            guard key.set(v, in: &parts) else { return t }
        default: return t
        }
        return parts.transform
    }
}

/// What a property animation drives: a property, and optionally one field of it.
struct AnimationTarget: Sendable, Equatable {
    let property: AnimatableProperty
    let field: AnimationField?

    /// Resolves `keyPath` for a layer whose current values are `p`. A built-in property with
    /// a field it does not have is nil; any other unknown key is a custom property.
    init?(keyPath: String, properties p: LayerProperties) {
        let head: String
        let rest: String?
        if let dot = keyPath.firstIndex(of: ".") {
            head = String(keyPath[..<dot])
            rest = String(keyPath[keyPath.index(after: dot)...])
        } else {
            (head, rest) = (keyPath, nil)
        }
        guard let property = AnimatableProperty(key: head) else {
            self.property = .custom(keyPath)
            field = nil
            return
        }
        self.property = property
        if let rest {
            guard let field = AnimationField(rest, of: property.read(p)) else { return nil }
            self.field = field
        } else {
            field = nil
        }
    }

    /// The target's value in `p` (custom properties read from `custom`).
    func read(_ p: LayerProperties, custom: [String: AnimatableValue]? = nil) -> AnimatableValue? {
        var cache = TransformCache()
        return read(p, custom: custom, cache: &cache)
    }

    /// The target's value in `p`, decomposing transforms through `cache`.
    func read(_ p: LayerProperties, custom: [String: AnimatableValue]?, cache: inout TransformCache) -> AnimatableValue?
    {
        if case .custom(let key) = property { return custom?[key] }
        let whole = property.read(p)
        return field.map { $0.read(whole, cache: &cache) } ?? whole
    }

    /// Stores `value` as the target's value in `p` (custom properties in `custom`).
    func write(
        _ value: AnimatableValue, to p: inout LayerProperties, custom: inout [String: AnimatableValue]?,
        cache: inout TransformCache
    ) {
        if case .custom(let key) = property {
            custom?[key] = value
            return
        }
        guard let field else { return property.write(value, to: &p) }
        property.write(field.write(value, into: property.read(p), cache: &cache), to: &p)
    }
}
