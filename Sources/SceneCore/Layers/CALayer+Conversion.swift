import Foundation

extension CALayer {
    /// Converts a point from `layer`'s coordinate space to this layer's.
    ///
    /// nil means the absolute space (the root layer's superlayer space, i.e. the window).
    /// Layers in different trees convert through the absolute space. Points are carried
    /// through every transform, sublayerTransform and bounds origin, and unprojected onto
    /// 3D-rotated layers. Inside a `CATransformLayer` the sublayers' transforms are composed in
    /// 3D, unflattened, up to the transform layer's superlayer, so a point un-projects onto a
    /// cube's face as hit-testing does. A point that cannot be mapped (a layer seen edge-on) is
    /// returned unchanged.
    public func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        let absolute = layer.map { $0.pointToAbsolute(p) } ?? p
        return pointFromAbsolute(absolute ?? p) ?? p
    }

    /// Converts a point from this layer's coordinate space to `layer`'s (nil: absolute space).
    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard let absolute = pointToAbsolute(p) else { return p }
        return layer.map { $0.pointFromAbsolute(absolute) ?? p } ?? absolute
    }

    /// Converts a rectangle from `layer`'s space: the bounding box of its converted corners.
    public func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        CGRect.bounding(r.corners.map { convert($0, from: layer) })
    }

    /// Converts a rectangle to `layer`'s space: the bounding box of its converted corners.
    public func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        CGRect.bounding(r.corners.map { convert($0, to: layer) })
    }

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
            if let layer, layer.state.isTransformLayer {
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
            if layer !== self && layer.state.isTransformLayer {
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
