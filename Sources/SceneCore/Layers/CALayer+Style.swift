import Foundation

extension CALayer {
    /// Keys a style never supplies (Apple's `style` documentation), and the style's own structure.
    private static let unstyledKeys: Set<String> = ["bounds", "frame", "style", "actions"]

    /// The values of `style` by key, the nested `style` dictionaries below it giving only what the
    /// shallower ones do not.
    static func styleValues(_ style: [AnyHashable: Any]?) -> [String: Any] {
        var values: [String: Any] = [:]
        var level = style
        var depth = 0
        // A style nested in itself ends somewhere: at 64 levels.
        while let current = level, depth < 64 {
            for case let (key as String, value) in current where values[key] == nil { values[key] = value }
            level = current["style"] as? [AnyHashable: Any]
            depth += 1
        }
        return values
    }

    /// Whether `key` was set explicitly (a property, or a key of the layer's own).
    private func isExplicitlySet(_ key: String) -> Bool {
        if let id = PropertyID(key: key) { return setProperties.contains(LayerChanges(id)) }
        return setKeys.contains(key)
    }

    /// Gives the properties not set explicitly `style`'s values, and those the previous style gave
    /// and this one does not their defaults, without running actions; they do not count as set.
    func applyStyle(_ style: [AnyHashable: Any]?) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let values = Self.styleValues(style).filter {
            !Self.unstyledKeys.contains($0.key) && LayerKey.table[$0.key] != nil
        }
        var styled = styledKeys.filter { !isExplicitlySet($0) }
        for key in styled where values[key] == nil {
            if let id = PropertyID(key: key) { _ = id.declared.accessor.set(self, id.declared.initialObject) }
            unmarkSet(key)
            styled.remove(key)
        }
        for (key, value) in values where !isExplicitlySet(key) {
            guard LayerKey.table[key]?.set(self, value) == true else {
                Diagnostics.error("CALayer.style of \(self): \(type(of: value)) is not a value of \(key); ignored")
                continue
            }
            unmarkSet(key)
            styled.insert(key)
        }
        styledKeys = styled
    }

    /// Forgets that `key` was set, so that it is not archived and a later style may supply it.
    private func unmarkSet(_ key: String) {
        if let id = PropertyID(key: key) { setProperties.subtract(LayerChanges(id)) }
        setKeys.remove(key)
    }
}
