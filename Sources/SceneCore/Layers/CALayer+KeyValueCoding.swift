import Foundation

extension CALayer {
    /// The implementation of `value(forKey:)`.
    func storedValue(forKey key: String) -> Any? {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        if let entry = LayerKey.table[key] { return ValueConversion.object(entry.get(self)) }
        return ValueConversion.object(
            keyedValues[key] ?? CALayer.styleValues(attribute(\.style))[key] ?? type(of: self).defaultValue(forKey: key)
        )
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

    static func split(_ keyPath: String) -> (String, String?) {
        guard let dot = keyPath.firstIndex(of: ".") else { return (keyPath, nil) }
        return (String(keyPath[..<dot]), String(keyPath[keyPath.index(after: dot)...]))
    }
}
