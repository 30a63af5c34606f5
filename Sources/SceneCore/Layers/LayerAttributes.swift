import Foundation

/// The values a layer keeps on the app side only, never sent to the renderers: its name, style,
/// actions, layout settings and the effects SceneCore stores without drawing. Read and written
/// under `LayerLock` (`CALayer.attribute(_:)` and `setAttribute(_:_:key:)`), like `state`.
struct LayerAttributes {
    var name: String?
    var style: [AnyHashable: Any]?
    var actions: [String: any CAAction]?
    var filters: [Any]?
    var backgroundFilters: [Any]?
    var compositingFilter: Any?
    var contentsHeadroom: CGFloat = 0
    var wantsExtendedDynamicRangeContent = false
    var preferredDynamicRange: CADynamicRange = .standard
    var toneMapMode: CAToneMapMode = .automatic
    var displaysOnBoundsChange = false
    var drawsAsynchronously = false
    var layoutManager: (any CALayoutManager)?
    var autoresizingMask: CAAutoresizingMask = []

    /// The attributes of a layer that set none.
    nonisolated(unsafe) static let defaults = LayerAttributes()

    /// A layer's attributes once it set one (`CALayer.attributes`).
    final class Box {
        var attributes = LayerAttributes()
    }
}

extension CALayer {
    /// The attribute at `keyPath`, read under `LayerLock`.
    @inline(__always)
    func attribute<Value>(_ keyPath: KeyPath<LayerAttributes, Value>) -> Value {
        LayerLock.withLock { attributes[keyPath: keyPath] }
    }

    /// Stores `value` at `keyPath` under `LayerLock` and notes `key` as set (for
    /// `shouldArchiveValue(forKey:)`).
    @inline(__always)
    func setAttribute<Value>(_ keyPath: WritableKeyPath<LayerAttributes, Value>, _ value: Value, key: String) {
        LayerLock.withLock {
            attributes[keyPath: keyPath] = value
            setKeys.insert(key)
        }
    }
}
