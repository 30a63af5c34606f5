import Foundation

/// How key-value coding reads and writes one built-in `CALayer` property.
///
/// The closures are pure accessors of the layer passed in, so sharing the table is safe.
struct LayerKey: @unchecked Sendable {
    let get: (CALayer) -> Any?
    /// Returns false when the value has the wrong type for the property.
    let set: (CALayer, Any?) -> Bool

    private init(get: @escaping (CALayer) -> Any?, set: @escaping (CALayer, Any?) -> Bool) {
        (self.get, self.set) = (get, set)
    }

    init<T>(_ keyPath: ReferenceWritableKeyPath<CALayer, T>, _ convert: @escaping (Any?) -> T?) {
        self.init(get: { $0[keyPath: keyPath] }, set: LayerKey.setter(keyPath, convert))
    }

    /// The accessor of an optional property: a property set to nil reads as nil (not as an
    /// optional holding nil).
    init<T>(_ keyPath: ReferenceWritableKeyPath<CALayer, T?>, _ convert: @escaping (Any?) -> T??) {
        self.init(get: { $0[keyPath: keyPath] }, set: LayerKey.setter(keyPath, convert))
    }

    /// The accessor of a property of the layer class `Owner` (`CAEmitterLayer`,
    /// `CAReplicatorLayer`): on other layers the key is an arbitrary stored key, as it is in
    /// Core Animation.
    init<Owner: CALayer, T>(
        owner keyPath: ReferenceWritableKeyPath<Owner, T>, _ key: String, _ convert: @escaping (Any?) -> T?
    ) {
        self.init(
            get: { layer in (layer as? Owner).map { $0[keyPath: keyPath] } ?? layer.keyedValues[key] },
            set: LayerKey.ownerSetter(keyPath, key, convert))
    }

    /// The accessor of an optional property of the layer class `Owner`: a property set to nil
    /// reads as nil.
    init<Owner: CALayer, T>(
        owner keyPath: ReferenceWritableKeyPath<Owner, T?>, _ key: String, _ convert: @escaping (Any?) -> T??
    ) {
        self.init(
            get: { layer in
                guard let owner = layer as? Owner else { return layer.keyedValues[key] }
                return owner[keyPath: keyPath]
            }, set: LayerKey.ownerSetter(keyPath, key, convert))
    }

    private static func setter<T>(
        _ keyPath: ReferenceWritableKeyPath<CALayer, T>, _ convert: @escaping (Any?) -> T?
    ) -> (CALayer, Any?) -> Bool {
        { layer, value in
            guard let typed = convert(value) else { return false }
            layer[keyPath: keyPath] = typed
            return true
        }
    }

    /// Sets the property on an `Owner`; stores the key as an arbitrary key on other layers.
    private static func ownerSetter<Owner: CALayer, T>(
        _ keyPath: ReferenceWritableKeyPath<Owner, T>, _ key: String, _ convert: @escaping (Any?) -> T?
    ) -> (CALayer, Any?) -> Bool {
        { layer, value in
            guard let owner = layer as? Owner else {
                layer.keyedValues[key] = value
                layer.setKeys.insert(key)
                return true
            }
            guard let typed = convert(value) else { return false }
            owner[keyPath: keyPath] = typed
            return true
        }
    }

    /// Every built-in key, by its Objective-C KVC name and, where different, its Swift name: the
    /// declared properties, and the keys that are not committed values (`frame`, `name`, ...).
    static let table: [String: LayerKey] = {
        typealias V = ValueConversion
        var table: [String: LayerKey] = [
            "frame": LayerKey(\.frame, V.rect),
            "name": LayerKey(\.name, { $0 == nil ? .some(nil) : V.string($0).map(Optional.some) }),
            "sublayers": LayerKey(\.sublayers, { $0 == nil ? .some(nil) : ($0 as? [CALayer]).map(Optional.some) }),
            "mask": LayerKey(\.mask, { $0 == nil ? .some(nil) : ($0 as? CALayer).map(Optional.some) }),
            "contentsHeadroom": LayerKey(\.contentsHeadroom, V.cgFloat),
            "wantsExtendedDynamicRangeContent": LayerKey(\.wantsExtendedDynamicRangeContent, V.bool),
            "preferredDynamicRange": LayerKey(
                \.preferredDynamicRange, { ($0 as? CADynamicRange) ?? V.string($0).map(CADynamicRange.init) }),
            "toneMapMode": LayerKey(\.toneMapMode, { ($0 as? CAToneMapMode) ?? V.string($0).map(CAToneMapMode.init) }),
            "style": LayerKey(\.style, { $0 == nil ? .some(nil) : ($0 as? [AnyHashable: Any]).map(Optional.some) }),
            "actions": LayerKey(\.actions, actionTable),
            "needsDisplayOnBoundsChange": LayerKey(\.needsDisplayOnBoundsChange, V.bool),
            "drawsAsynchronously": LayerKey(\.drawsAsynchronously, V.bool),
            "autoresizingMask": LayerKey(
                \.autoresizingMask,
                {
                    ($0 as? CAAutoresizingMask)
                        ?? V.double($0).flatMap { $0 >= 0 && $0 <= 0xFFFF_FFFF ? .init(rawValue: UInt32($0)) : nil }
                }),
            "layoutManager": LayerKey(
                \.layoutManager, { $0 == nil ? .some(nil) : ($0 as? any CALayoutManager).map(Optional.some) }),
        ]
        for declaration in PropertyID.declarations {
            table[declaration.key] = declaration.accessor
            if let swiftKey = declaration.swiftKey { table[swiftKey] = declaration.accessor }
        }
        return table
    }()

    /// An `actions` dictionary from key-value coding: nil (none), or actions by key; nil when an
    /// entry is not an action.
    private static func actionTable(_ value: Any?) -> [String: any CAAction]?? {
        guard let value else { return .some(nil) }
        guard let entries = value as? [String: Any] else { return nil }
        let actions = entries.compactMapValues { $0 as? any CAAction }
        return actions.count == entries.count ? .some(actions) : nil
    }

    /// The values `CALayer.defaultValue(forKey:)` reports: Core Animation's non-zero defaults, under
    /// both names of a property. Immutable after initialisation, so sharing it across threads is safe.
    nonisolated(unsafe) package static let defaults: [String: Any] = {
        var defaults: [String: Any] = [:]
        // The keys of a layer class's own properties are arbitrary keys on other layers
        // (`CALayer.defaultValue(forKey:)` reports their defaults on their class).
        for declaration in PropertyID.declarations where declaration.id.ownerClass == nil {
            guard let value = declaration.defaultObject else { continue }
            defaults[declaration.key] = value
            if let swiftKey = declaration.swiftKey { defaults[swiftKey] = value }
        }
        // Core Animation answers these two although they are false: `drawsAsynchronously` is false
        // on every platform; `allowsEdgeAntialiasing` is false here, as on iOS (macOS answers true).
        defaults["drawsAsynchronously"] = false
        defaults["preferredDynamicRange"] = CADynamicRange.standard.rawValue
        defaults["toneMapMode"] = CAToneMapMode.automatic.rawValue
        defaults["allowsEdgeAntialiasing"] = false
        return defaults
    }()
}

extension PropertyID {
    /// The layer class whose own property this is (its `owner`'s); nil for a property of every
    /// layer. On other layers its key is an arbitrary key, with no default.
    var ownerClass: CALayer.Type? {
        switch owner {
        case .layer: nil
        case .transform: CATransformLayer.self
        case .replicator: CAReplicatorLayer.self
        case .gradient: CAGradientLayer.self
        case .shape: CAShapeLayer.self
        case .text: CATextLayer.self
        case .emitter: CAEmitterLayer.self
        case .tiled: CATiledLayer.self
        case .openGL: CAOpenGLLayer.self
        // No declared property is a video layer's own: its gravity travels in `VideoContent`.
        case .video: nil
        }
    }
}
