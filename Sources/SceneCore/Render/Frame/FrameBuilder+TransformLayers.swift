import Foundation

/// Drawing a `CATransformLayer`: the 3D space of its sublayers, unflattened, drawn back to front.
///
/// A plain layer's sublayers are flattened into its plane (`ClipSpace.flatten` between each
/// layer and its superlayer). The sublayers of a transform layer are not: each keeps the
/// transform layer's own placement (and its superlayer's `sublayerTransform`) as 4x4
/// transforms, through nested transform layers, into the space of the transform layer's
/// superlayer, where the whole 3D space is flattened at once. Every layer met that is not a
/// transform layer is a plane: drawn by `visit` like any layer (culled when it faces away
/// and is not double-sided, its own subtree flattened into it), in `DepthOrder`.
extension FrameBuilder {
    /// One layer of a 3D space that draws as a plane.
    private struct SpacePlane {
        let id: LayerID
        /// The map from the space the plane is positioned in to the 3D space's (its `visit` argument).
        let sublayerSpace: CATransform3D
        /// The opacity of the transform layers above it, multiplied.
        let opacity: Float
        let depth: Int
        let geometry: DepthOrder.Plane
    }

    /// Draws the transform layer `layer` (not hidden, opacity `opacity` including what it
    /// inherits), placed by `sublayerSpace` into its superlayer, whose own map to the window is
    /// `parentToWindow`: nothing of its own, then its planes back to front.
    mutating func visitTransformLayer(
        _ layer: RenderLayer, parentToWindow: CATransform3D?, sublayerSpace: CATransform3D, opacity: Float,
        depth: Int, offset: CGSize?
    ) {
        let toSpace = layer.placement(offset: offset).concatenating(sublayerSpace)
        var planes: [SpacePlane] = []
        collectPlanes(of: layer, toSpace: toSpace, opacity: opacity, depth: depth, into: &planes)
        for index in DepthOrder.backToFront(planes.map(\.geometry)) {
            let plane = planes[index]
            visit(
                plane.id, parentToWindow: parentToWindow, sublayerSpace: plane.sublayerSpace,
                inheritedOpacity: plane.opacity, depth: plane.depth)
        }
    }

    /// Appends the planes under the transform layer `layer`, whose own space maps into the 3D
    /// space by `toSpace`, in drawing order (zPosition, then sublayer order).
    private func collectPlanes(
        of layer: RenderLayer, toSpace: CATransform3D, opacity: Float, depth: Int, into planes: inout [SpacePlane]
    ) {
        let space = layer.propertiesExceptPlacement.sublayerSpaceToOwnSpace.concatenating(toSpace)
        for id in tree.drawOrder(of: layer) {
            guard let child = tree[id] else { continue }
            let p = child.propertiesExceptPlacement
            let childOpacity = p.opacity.isFinite ? min(max(p.opacity, 0), 1) : 1
            guard !p.isHidden, childOpacity > 0 else { continue }
            let childToSpace = child.placement(offset: nil).concatenating(space)
            if p.kind == .transform && depth + 1 < FrameBuilder.maximumDepth {
                collectPlanes(
                    of: child, toSpace: childToSpace, opacity: opacity * childOpacity, depth: depth + 1, into: &planes)
            } else {
                // Too deep a transform layer is passed to `visit` too, which logs and skips it.
                planes.append(
                    SpacePlane(
                        id: id, sublayerSpace: space, opacity: opacity, depth: depth + 1,
                        geometry: DepthOrder.Plane(bounds: p.bounds, toSpace: childToSpace)))
            }
        }
    }
}
