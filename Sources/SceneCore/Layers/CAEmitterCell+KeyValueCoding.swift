import Foundation

/// Key-value coding of `CAEmitterCell`, as Core Animation's cells are key-value coding containers
/// like layers: every property by its Objective-C name (`"enabled"`, or the Swift `"isEnabled"`),
/// any other key stored, and key paths through named sub-cells (`"emitterCells.spark.velocity"`).
extension CAEmitterCell {
    /// One property of the cell as key-value coding reads and writes it (`Sendable`: the
    /// closures capture only key paths and conversion functions).
    struct Key: @unchecked Sendable {
        let get: (CAEmitterCell) -> Any?
        /// Stores a value; false (and nothing stored) when it is of the wrong type.
        let set: (CAEmitterCell, Any?) -> Bool
    }

    /// The keys `encode(with:)` writes and `value(forKey:)` answers, in archiving order.
    static let propertyKeys: [String] = [
        "name", "enabled", "birthRate", "lifetime", "lifetimeRange", "emissionLatitude", "emissionLongitude",
        "emissionRange", "velocity", "velocityRange", "xAcceleration", "yAcceleration", "zAcceleration", "scale",
        "scaleRange", "scaleSpeed", "spin", "spinRange", "color", "redRange", "greenRange", "blueRange", "alphaRange",
        "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed", "contents", "contentsRect", "contentsScale",
        "minificationFilter", "magnificationFilter", "minificationFilterBias", "emitterCells", "style", "beginTime",
        "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
    ]

    private static func makeKeys() -> [String: Key] {
        typealias V = ValueConversion
        func key<T>(_ path: ReferenceWritableKeyPath<CAEmitterCell, T>, _ convert: @escaping (Any?) -> T?) -> Key {
            Key(get: { $0[keyPath: path] }) { cell, value in
                guard let converted = convert(value) else { return false }
                cell[keyPath: path] = converted
                return true
            }
        }
        func optional<T>(_ value: Any?) -> T?? { value == nil ? .some(nil) : (value as? T).map(Optional.some) }
        func filter(_ value: Any?) -> String? {
            (value as? CALayerContentsFilter)?.rawValue ?? V.string(value)
        }
        let enabled = key(\.isEnabled, V.bool)
        var keys: [String: Key] = [
            "name": key(\.name) { $0 == nil ? .some(nil) : V.string($0).map(Optional.some) },
            "enabled": enabled, "isEnabled": enabled,
            "birthRate": key(\.birthRate, V.float), "lifetime": key(\.lifetime, V.float),
            "lifetimeRange": key(\.lifetimeRange, V.float),
            "emissionLatitude": key(\.emissionLatitude, V.cgFloat),
            "emissionLongitude": key(\.emissionLongitude, V.cgFloat),
            "emissionRange": key(\.emissionRange, V.cgFloat), "velocity": key(\.velocity, V.cgFloat),
            "velocityRange": key(\.velocityRange, V.cgFloat), "xAcceleration": key(\.xAcceleration, V.cgFloat),
            "yAcceleration": key(\.yAcceleration, V.cgFloat), "zAcceleration": key(\.zAcceleration, V.cgFloat),
            "scale": key(\.scale, V.cgFloat), "scaleRange": key(\.scaleRange, V.cgFloat),
            "scaleSpeed": key(\.scaleSpeed, V.cgFloat), "spin": key(\.spin, V.cgFloat),
            "spinRange": key(\.spinRange, V.cgFloat), "color": key(\.color, V.color),
            "redRange": key(\.redRange, V.float), "greenRange": key(\.greenRange, V.float),
            "blueRange": key(\.blueRange, V.float), "alphaRange": key(\.alphaRange, V.float),
            "redSpeed": key(\.redSpeed, V.float), "greenSpeed": key(\.greenSpeed, V.float),
            "blueSpeed": key(\.blueSpeed, V.float), "alphaSpeed": key(\.alphaSpeed, V.float),
            "contents": key(\.contents) { .some($0) }, "contentsRect": key(\.contentsRect, V.rect),
            "contentsScale": key(\.contentsScale, V.cgFloat),
            "minificationFilter": key(\.minificationFilter, filter),
            "magnificationFilter": key(\.magnificationFilter, filter),
            "minificationFilterBias": key(\.minificationFilterBias, V.float),
            "emitterCells": key(\.emitterCells) { optional($0) },
            "style": key(\.style) { optional($0) },
            "beginTime": key(\.beginTime, V.double), "duration": key(\.duration, V.double),
            "speed": key(\.speed, V.float), "timeOffset": key(\.timeOffset, V.double),
            "repeatCount": key(\.repeatCount, V.float), "repeatDuration": key(\.repeatDuration, V.double),
            "autoreverses": key(\.autoreverses, V.bool),
        ]
        keys["fillMode"] = key(\.fillMode) {
            ($0 as? CAMediaTimingFillMode) ?? V.string($0).map(CAMediaTimingFillMode.init(rawValue:))
        }
        return keys
    }

    /// Every property by name (Objective-C and Swift names).
    static let keys = makeKeys()

    /// The value of a property or of another key set on the cell; a key never set falls back to
    /// the cell's `style`, then to `defaultValue(forKey:)`.
    public func value(forKey key: String) -> Any? {
        if let entry = CAEmitterCell.keys[key] { return ValueConversion.object(entry.get(self)) }
        return ValueConversion.object(otherValues[key] ?? style?[key] ?? type(of: self).defaultValue(forKey: key))
    }

    /// Sets a property, or stores any other key. A value of the wrong type for a property is
    /// refused with a logged error and changes nothing.
    public func setValue(_ value: Any?, forKey key: String) {
        guard let entry = CAEmitterCell.keys[key] else {
            otherValues[key] = value
            return
        }
        if !entry.set(self, value) {
            Diagnostics.error(
                "CAEmitterCell.setValue(_:forKey: \"\(key)\"): \(value.map { "\(type(of: $0))" } ?? "nil") is not a valid value; unchanged"
            )
        }
    }

    /// The value at a key path: a key, or `emitterCells.<name>.` followed by a key path of the
    /// sub-cell with that `name` (the first one). Nil, with a logged error, when no sub-cell has
    /// the name.
    public func value(forKeyPath keyPath: String) -> Any? {
        guard let (cell, rest) = subcell(in: keyPath, context: "value(forKeyPath:") else {
            return keyPath.hasPrefix("emitterCells.") ? nil : value(forKey: keyPath)
        }
        return rest.map { cell.value(forKeyPath: $0) } ?? cell
    }

    /// Sets the value at a key path (see `value(forKeyPath:)`); a path naming no sub-cell is
    /// refused with a logged error.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let (cell, rest) = subcell(in: keyPath, context: "setValue(_:forKeyPath:") else {
            if !keyPath.hasPrefix("emitterCells.") { setValue(value, forKey: keyPath) }
            return
        }
        guard let rest else {
            return Diagnostics.error(
                "CAEmitterCell.setValue(_:forKeyPath: \"\(keyPath)\"): a cell cannot be replaced by key path; unchanged"
            )
        }
        cell.setValue(value, forKeyPath: rest)
    }

    /// For a key path `emitterCells.<name>[.<rest>]`: the sub-cell named `name` and the rest of
    /// the path. Nil for another key path, and (logged) when no sub-cell has the name.
    private func subcell(in keyPath: String, context: String) -> (CAEmitterCell, String?)? {
        guard let (name, rest) = CAEmitterCell.splitCellPath(keyPath) else { return nil }
        guard let cell = emitterCells?.first(where: { $0.name == name }) else {
            Diagnostics.error("CAEmitterCell.\(context) \"\(keyPath)\"): no sub-cell is named \(name)")
            return nil
        }
        return (cell, rest)
    }

    /// `emitterCells.<name>[.<rest>]` split into the name and the rest; nil for another path.
    static func splitCellPath(_ keyPath: String) -> (name: String, rest: String?)? {
        let prefix = "emitterCells."
        guard keyPath.hasPrefix(prefix) else { return nil }
        let tail = keyPath.dropFirst(prefix.count)
        guard let dot = tail.firstIndex(of: ".") else { return tail.isEmpty ? nil : (String(tail), nil) }
        return (String(tail[..<dot]), String(tail[tail.index(after: dot)...]))
    }
}
