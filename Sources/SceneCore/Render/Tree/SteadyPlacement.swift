import Foundation

/// Where a layer is shown, kept apart from its other shown values while the steady pass
/// (`SteadyAnimationTable`) runs animations that only move it: the layer's shown transform and
/// position. Its other shown values are then its model values and share their storage, so that
/// each such layer stores its placement (`MemoryLayoutTests`) instead of a copy of all its values, and the
/// steady pass writes only here.
struct SteadyPlacement: Sendable {
    var transform: CATransform3D
    var position: CGPoint

    /// Writes the placement into `properties`.
    func apply(to properties: inout LayerProperties) {
        properties.transform = transform
        properties.position = position
    }

    /// Stores the lanes of a steady animation's value at `store`, a store that moves the layer
    /// (`SteadyAnimation.Store.movesLayer`), as `SteadyAnimation.write(_:into:pool:)` stores them in a
    /// layer's values; false, storing nothing, when the value is not one to store.
    @inline(__always)
    mutating func write(
        _ value: SIMD4<Double>, at store: SteadyAnimation.Store, pool: SteadyAnimationPool.Buffers
    ) -> Bool {
        switch store {
        case .transform, .transformParts:
            guard let t = store.transform(from: value, pool: pool) else { return false }
            transform = t
            return true
        case .cgFloats(let offset, let count, let limit):
            let first = (Int(offset) - SteadyAnimation.Store.positionAddress) / MemoryLayout<CGFloat>.stride
            guard first >= 0, first + Int(count) <= 2 else { return false }
            var lanes = (position.x, position.y)
            for lane in 0..<Int(count) {
                guard value[lane].isFinite, let v = limit.apply(value[lane]) else { return false }
                if first + lane == 0 { lanes.0 = CGFloat(v) } else { lanes.1 = CGFloat(v) }
            }
            position = CGPoint(x: lanes.0, y: lanes.1)
            return true
        case .float, .double, .color, .colorList:
            return false
        }
    }
}
