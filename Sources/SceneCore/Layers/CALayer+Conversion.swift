import Foundation

extension CALayer {
    /// Maps a point of this layer's space to the absolute space; nil if it goes behind the eye.
    ///
    /// The point is carried from plane to plane: from a layer to its superlayer, or, inside a
    /// `CATransformLayer`, through the unflattened 3D transforms up to the transform layer's
    /// superlayer, where the 3D space is flattened.
    func pointToAbsolute(_ p: CGPoint) -> CGPoint? {
        var point = p
        var layer: CALayer? = self
        var unflattened: CATransform3D?
        while let current = layer {
            var step = current.transformToSuperlayer()
            if let unflattened { step = unflattened.concatenating(step) }
            layer = current.superlayer
            if let layer, layer.state.kind == .transform {
                unflattened = step
                continue
            }
            unflattened = nil
            guard let mapped = Homography(step).map(point) else { return nil }
            point = mapped
        }
        return point
    }

    /// Maps a point of the absolute space into this layer's space; nil if it cannot be unprojected.
    ///
    /// The ancestors are gathered first and the point carried from the root down, without
    /// recursion, plane by plane as `pointToAbsolute(_:)` carries it up.
    func pointFromAbsolute(_ p: CGPoint) -> CGPoint? {
        var point = p
        var unflattened: CATransform3D?
        for layer in selfAndAncestors.reversed() {
            var step = layer.transformToSuperlayer()
            if let unflattened { step = step.concatenating(unflattened) }
            if layer !== self && layer.state.kind == .transform {
                unflattened = step
                continue
            }
            unflattened = nil
            guard let mapped = Homography(step).inverse?.map(point) else { return nil }
            point = mapped
        }
        return point
    }

    /// Maps a point of the superlayer's space into this layer's space (unprojecting onto the layer's plane).
    func pointFromSuperlayer(_ p: CGPoint) -> CGPoint? {
        Homography(transformToSuperlayer()).inverse?.map(p)
    }
}

extension CGRect {
    /// The four corners: min/min, max/min, min/max, max/max.
    var corners: [CGPoint] {
        [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)]
    }
}
