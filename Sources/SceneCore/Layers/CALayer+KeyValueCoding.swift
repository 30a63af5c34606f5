import Foundation

extension CALayer {
    /// The implementation of `value(forKey:)`.
    func storedValue(forKey key: String) -> Any? {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        if let entry = LayerKey.table[key] { return ValueConversion.object(entry.get(self)) }
        return ValueConversion.object(keyedValues[key] ?? type(of: self).defaultValue(forKey: key))
    }

    /// The implementation of `setValue(_:forKey:)`.
    func storeValue(_ value: Any?, forKey key: String) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard let entry = LayerKey.table[key] else {
            let old = keyedValues[key]
            let changes =
                committedState != nil && isImplicitlyAnimatable(key) && AnimatableValue(old) != AnimatableValue(value)
            // Custom keys are not committed: what the action animates from is the value shown before the change.
            let shown = changes ? presentationValue(forKeyPath: key) : nil
            keyedValues[key] = value
            setKeys.insert(key)
            if changes {
                replacedCustomValue = (key, shown)
                defer { replacedCustomValue = nil }
                propertyDidChange(key)
            }
            if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
            return
        }
        if !entry.set(self, value) {
            Diagnostics.error(
                "CALayer.setValue(_:forKey: \"\(key)\"): \(value.map { "\(type(of: $0))" } ?? "nil") is not a valid value; unchanged"
            )
        }
    }

    /// The value at a key path such as `position.x`, `bounds.size.width` or
    /// `transform.rotation.z` (on an emitter, `emitterCells.fire.birthRate`); nil (with a logged
    /// error) for a path that does not exist.
    public func value(forKeyPath keyPath: String) -> Any? {
        if let emitter = self as? CAEmitterLayer, let value = emitter.cellValue(forKeyPath: keyPath) { return value }
        let (key, field) = CALayer.split(keyPath)
        guard let field else { return value(forKey: key) }
        guard let base = value(forKey: key), let result = ValueConversion.value(ofField: field, in: base) else {
            Diagnostics.error("CALayer.value(forKeyPath: \"\(keyPath)\"): no such key path")
            return nil
        }
        return ValueConversion.object(result)
    }

    /// Sets the value at a key path such as `position.x` or `transform.scale`; an unknown
    /// path or a value of the wrong type is refused with a logged error.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if let emitter = self as? CAEmitterLayer, emitter.setCellValue(value, forKeyPath: keyPath) { return }
        LayerLock.lock()
        defer { LayerLock.unlock() }
        let (key, field) = CALayer.split(keyPath)
        guard let field else { return setValue(value, forKey: key) }
        guard let base = self.value(forKey: key),
            let updated = ValueConversion.setting(value, forField: field, in: base)
        else {
            Diagnostics.error(
                "CALayer.setValue(_:forKeyPath: \"\(keyPath)\"): no such key path, or \(value.map { "\(type(of: $0))" } ?? "nil") does not fit it; unchanged"
            )
            return
        }
        setValue(updated, forKey: key)
    }

    private static func split(_ keyPath: String) -> (String, String?) {
        guard let dot = keyPath.firstIndex(of: ".") else { return (keyPath, nil) }
        return (String(keyPath[..<dot]), String(keyPath[keyPath.index(after: dot)...]))
    }
}
