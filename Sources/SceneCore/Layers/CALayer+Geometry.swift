import Foundation

extension CALayer {
    /// The layer's own coordinate space: its origin offsets the sublayers (scrolling). Animatable.
    public var bounds: CGRect {
        get { LayerLock.withLock { state.bounds } }
        set {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            let old = state.bounds
            setState(\.bounds, newValue.standardized, .bounds)
            guard state.bounds != old else { return }
            if needsDisplayOnBoundsChange && state.bounds.size != old.size { setNeedsDisplay() }
            geometryChanged(oldSize: old.size)
        }
    }

    /// Where the anchor point sits, in the superlayer's coordinate space. Animatable.
    public var position: CGPoint {
        get { LayerLock.withLock { state.position } }
        set { setState(\.position, newValue, .position) }
    }

    /// The layer's position on the z axis; higher values are nearer the viewer and are drawn
    /// and hit-tested above lower ones among siblings. Animatable.
    public var zPosition: CGFloat {
        get { LayerLock.withLock { state.zPosition } }
        set { setState(\.zPosition, newValue, .zPosition) }
    }

    /// The point, in unit coordinates of the bounds, that `position` refers to and that
    /// transforms act about. Default (0.5, 0.5). Animatable.
    public var anchorPoint: CGPoint {
        get { LayerLock.withLock { state.anchorPoint } }
        set { setState(\.anchorPoint, newValue, .anchorPoint) }
    }

    /// The anchor point's z component. Animatable.
    public var anchorPointZ: CGFloat {
        get { LayerLock.withLock { state.anchorPointZ } }
        set { setState(\.anchorPointZ, newValue, .anchorPointZ) }
    }

    /// The transform applied to the layer, about its anchor point. Animatable.
    public var transform: CATransform3D {
        get { LayerLock.withLock { state.transform } }
        set {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            let old = state.transform
            setState(\.transform, newValue, .transform)
            if state.transform != old { geometryChanged(oldSize: nil) }
        }
    }

    /// The transform applied to the sublayers, about this layer's anchor point; set `m34`
    /// here for perspective. Animatable.
    public var sublayerTransform: CATransform3D {
        get { LayerLock.withLock { state.sublayerTransform } }
        set { setState(\.sublayerTransform, newValue, .sublayerTransform) }
    }

    /// The layer's rectangle in its superlayer's space, derived from bounds, position,
    /// anchorPoint and transform (the bounding box when transformed). Setting it changes
    /// `position` and `bounds.size`, keeping `bounds.origin`, and takes the transform out, its
    /// translation included: with `transform` a translation of (10, 20), setting the frame to
    /// (10, 20, 100, 50) gives position (50, 25) and bounds (0, 0, 100, 50). Not animatable.
    public var frame: CGRect {
        get {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            let m = transformToSuperlayer(includingSublayerTransform: false)
            let b = state.bounds
            let corners = [(b.minX, b.minY), (b.maxX, b.minY), (b.minX, b.maxY), (b.maxX, b.maxY)]
            return CGRect.bounding(corners.compactMap { Homography(m).map(CGPoint(x: $0.0, y: $0.1)) })
        }
        set {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            guard newValue.isFiniteValue else {
                Diagnostics.error("CALayer.frame of \(self): refused non-finite value \(newValue); keeping \(frame)")
                return
            }
            // The transform's linear part sizes the bounds; its translation and the anchor point's
            // offset from the bounds' centre (both through the linear part) place the position, so
            // that the frame reads back as set.
            let f = newValue.standardized
            let affine = CATransform3DGetAffineTransform(state.transform)
            let linear = CGAffineTransform(a: affine.a, b: affine.b, c: affine.c, d: affine.d, tx: 0, ty: 0)
            var size = f.size
            if !linear.isIdentity {
                let mapped = f.size.applying(linear.inverted())
                size = CGSize(width: abs(mapped.width), height: abs(mapped.height))
            }
            let anchor = state.anchorPoint
            let centreFromAnchor = CGPoint(x: size.width * (0.5 - anchor.x), y: size.height * (0.5 - anchor.y))
                .applying(linear)
            position = CGPoint(
                x: f.midX - affine.tx - centreFromAnchor.x, y: f.midY - affine.ty - centreFromAnchor.y)
            bounds = CGRect(origin: state.bounds.origin, size: size)
        }
    }

    /// Whether the sublayers' coordinate space is flipped vertically (nested flips cancel).
    public var isGeometryFlipped: Bool {
        get { LayerLock.withLock { state.isGeometryFlipped } }
        set { setState(\.isGeometryFlipped, newValue, .isGeometryFlipped) }
    }

    /// The transform's affine part, or identity when the transform is not affine.
    public func affineTransform() -> CGAffineTransform {
        let transform = LayerLock.withLock { state.transform }
        return CATransform3DIsAffine(transform) ? CATransform3DGetAffineTransform(transform) : .identity
    }

    /// Replaces `transform` with the given affine transform.
    public func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    // MARK: - The layer → superlayer mapping

    /// Maps this layer's coordinate space into its superlayer's (row vectors):
    /// `T(-anchor) · transform · T(position, zPosition)`, followed by the superlayer's
    /// geometry flip and `T(-A) · sublayerTransform · T(A)` about its anchor `A`.
    func transformToSuperlayer(includingSublayerTransform: Bool = true) -> CATransform3D {
        var m = state.placement(offset: nil)
        if includingSublayerTransform, let parent = superlayer {
            m = m.concatenating(parent.state.sublayerSpaceToOwnSpace)
        }
        return m
    }
}

extension LayerProperties {
    /// Maps the layer's bounds space into the space it is positioned in:
    /// `T(−anchor + offset) · transform · T(position, zPosition)`.
    func placement(offset: CGSize?) -> CATransform3D {
        placement(offset: offset, transform: transform, position: position)
    }

    /// The same with `transform` and `position` in place of the layer's own.
    func placement(offset: CGSize?, transform: CATransform3D, position: CGPoint) -> CATransform3D {
        let (ax, ay, az) = anchorInBounds
        return transform.prependingTranslation(x: -ax + (offset?.width ?? 0), y: -ay + (offset?.height ?? 0), z: -az)
            .appendingTranslation(x: position.x, y: position.y, z: zPosition)
    }

    /// Maps the space sublayers are positioned in to this layer's own bounds space:
    /// the geometry flip, then `sublayerTransform` about the anchor point.
    var sublayerSpaceToOwnSpace: CATransform3D {
        var m = maskSpaceToOwnSpace
        if !CATransform3DIsIdentity(sublayerTransform) {
            let (ax, ay, az) = anchorInBounds
            m = m.concatenating(CATransform3DMakeTranslation(-ax, -ay, -az))
                .concatenating(sublayerTransform)
                .concatenating(CATransform3DMakeTranslation(ax, ay, az))
        }
        return m
    }

    /// Maps the space the mask is positioned in to this layer's own bounds space: the
    /// geometry flip only, as the mask is not a sublayer and `sublayerTransform` leaves it be.
    var maskSpaceToOwnSpace: CATransform3D {
        guard isGeometryFlipped else { return .identity }
        return CATransform3DMakeScale(1, -1, 1).concatenating(
            CATransform3DMakeTranslation(0, bounds.minY + bounds.maxY, 0))
    }
}
