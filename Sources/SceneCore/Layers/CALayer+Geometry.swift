import Foundation

extension CALayer {
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
