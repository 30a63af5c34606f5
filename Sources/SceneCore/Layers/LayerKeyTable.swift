import Foundation

/// How key-value coding reads and writes one built-in `CALayer` property.
///
/// The closures are pure accessors of the layer passed in, so sharing the table is safe.
struct LayerKey: @unchecked Sendable {
    let get: (CALayer) -> Any?
    /// Returns false when the value has the wrong type for the property.
    let set: (CALayer, Any?) -> Bool

    init<T>(_ keyPath: ReferenceWritableKeyPath<CALayer, T>, _ convert: @escaping (Any?) -> T?) {
        get = { $0[keyPath: keyPath] }
        set = { layer, value in
            guard let typed = convert(value) else { return false }
            layer[keyPath: keyPath] = typed
            return true
        }
    }

    /// Every built-in key, by its Objective-C KVC name and, where different, its Swift name.
    static let table: [String: LayerKey] = {
        typealias V = ValueConversion
        func string<T: RawRepresentable>(_ make: @escaping (String) -> T) -> (Any?) -> T? where T.RawValue == String {
            { V.string($0).map(make) }
        }
        func bits<T: OptionSet>(_ make: @escaping (UInt64) -> T) -> (Any?) -> T? {
            { V.double($0).flatMap { $0 >= 0 && $0 < 1e18 ? make(UInt64($0)) : nil } }
        }
        var table: [String: LayerKey] = [
            "bounds": LayerKey(\.bounds, V.rect), "position": LayerKey(\.position, V.point),
            "frame": LayerKey(\.frame, V.rect), "zPosition": LayerKey(\.zPosition, V.cgFloat),
            "anchorPoint": LayerKey(\.anchorPoint, V.point), "anchorPointZ": LayerKey(\.anchorPointZ, V.cgFloat),
            "transform": LayerKey(\.transform, V.transform3D), "sublayerTransform": LayerKey(\.sublayerTransform, V.transform3D),
            "hidden": LayerKey(\.isHidden, V.bool), "doubleSided": LayerKey(\.isDoubleSided, V.bool),
            "geometryFlipped": LayerKey(\.isGeometryFlipped, V.bool), "masksToBounds": LayerKey(\.masksToBounds, V.bool),
            "opacity": LayerKey(\.opacity, V.float), "allowsGroupOpacity": LayerKey(\.allowsGroupOpacity, V.bool),
            "allowsEdgeAntialiasing": LayerKey(\.allowsEdgeAntialiasing, V.bool),
            "edgeAntialiasingMask": LayerKey(\.edgeAntialiasingMask, bits { CAEdgeAntialiasingMask(rawValue: UInt32(truncatingIfNeeded: $0)) }),
            "backgroundColor": LayerKey(\.backgroundColor, V.color), "cornerRadius": LayerKey(\.cornerRadius, V.cgFloat),
            "maskedCorners": LayerKey(\.maskedCorners, bits { CACornerMask(rawValue: UInt($0)) }),
            "cornerCurve": LayerKey(\.cornerCurve, string(CALayerCornerCurve.init)),
            "borderWidth": LayerKey(\.borderWidth, V.cgFloat), "borderColor": LayerKey(\.borderColor, V.color),
            "shadowColor": LayerKey(\.shadowColor, V.color), "shadowOpacity": LayerKey(\.shadowOpacity, V.float),
            "shadowOffset": LayerKey(\.shadowOffset, V.size), "shadowRadius": LayerKey(\.shadowRadius, V.cgFloat),
            "shouldRasterize": LayerKey(\.shouldRasterize, V.bool), "rasterizationScale": LayerKey(\.rasterizationScale, V.cgFloat),
            "contents": LayerKey(\.contents, { .some($0) }), "contentsRect": LayerKey(\.contentsRect, V.rect),
            "contentsCenter": LayerKey(\.contentsCenter, V.rect),
            "contentsGravity": LayerKey(\.contentsGravity, string(CALayerContentsGravity.init)),
            "contentsScale": LayerKey(\.contentsScale, V.cgFloat),
            "contentsFormat": LayerKey(\.contentsFormat, string(CALayerContentsFormat.init)),
            "minificationFilter": LayerKey(\.minificationFilter, string(CALayerContentsFilter.init)),
            "magnificationFilter": LayerKey(\.magnificationFilter, string(CALayerContentsFilter.init)),
            "minificationFilterBias": LayerKey(\.minificationFilterBias, V.float), "opaque": LayerKey(\.isOpaque, V.bool),
            "beginTime": LayerKey(\.beginTime, V.double), "duration": LayerKey(\.duration, V.double),
            "speed": LayerKey(\.speed, V.float), "timeOffset": LayerKey(\.timeOffset, V.double),
            "repeatCount": LayerKey(\.repeatCount, V.float), "repeatDuration": LayerKey(\.repeatDuration, V.double),
            "autoreverses": LayerKey(\.autoreverses, V.bool),
            "fillMode": LayerKey(\.fillMode, string(CAMediaTimingFillMode.init)),
            "name": LayerKey(\.name, { $0 == nil ? .some(nil) : V.string($0).map(Optional.some) }),
            "sublayers": LayerKey(\.sublayers, { $0 == nil ? .some(nil) : ($0 as? [CALayer]).map(Optional.some) }),
            "mask": LayerKey(\.mask, { $0 == nil ? .some(nil) : ($0 as? CALayer).map(Optional.some) }),
        ]
        for (objc, swift) in [("hidden", "isHidden"), ("doubleSided", "isDoubleSided"), ("geometryFlipped", "isGeometryFlipped"), ("opaque", "isOpaque")] {
            table[swift] = table[objc]
        }
        return table
    }()

    /// The values `CALayer.defaultValue(forKey:)` reports: Core Animation's non-zero defaults.
    /// Immutable after initialisation, so sharing it across threads is safe.
    nonisolated(unsafe) static let defaults: [String: Any] = {
        let p = LayerProperties()
        var defaults: [String: Any] = [
            "anchorPoint": p.anchorPoint, "opacity": p.opacity, "transform": p.transform,
            "sublayerTransform": p.sublayerTransform, "contentsRect": p.contentsRect, "contentsCenter": p.contentsCenter,
            "contentsScale": p.contentsScale, "contentsGravity": p.contentsGravity.rawValue,
            "contentsFormat": p.contentsFormat.rawValue,
            "minificationFilter": p.minificationFilter.rawValue, "magnificationFilter": p.magnificationFilter.rawValue,
            "borderColor": p.borderColor as Any, "shadowColor": p.shadowColor as Any, "shadowOffset": p.shadowOffset,
            "shadowRadius": p.shadowRadius, "doubleSided": true, "allowsGroupOpacity": true, "speed": p.timing.speed,
            "rasterizationScale": p.rasterizationScale, "maskedCorners": p.maskedCorners.rawValue,
            "edgeAntialiasingMask": p.edgeAntialiasingMask.rawValue, "cornerCurve": p.cornerCurve.rawValue,
            "fillMode": p.timing.fillMode.rawValue,
        ]
        defaults["isDoubleSided"] = true
        return defaults
    }()
}
