import Foundation

/// A mask that is only a rounded rectangle — the idiom of a picture cut to a circle or a card
/// with rounded corners: a mask layer with an opaque background, a corner radius and nothing
/// else — cuts a layer exactly as that shape would. When the masked layer draws only its
/// background and contents (no sublayers, no text, shape or other drawing of its kind, no border
/// or shadow, no filters) and the mask lies within its bounds, axis-aligned, the layer's quads are
/// drawn clipped to the mask's shape by the shader, as `masksToBounds` clips them to a rounded
/// layer's, instead of drawing the layer and its mask offscreen: no group, no render-target
/// switch, and quads that batch with their neighbours'.
extension FrameBuilder {
    /// The shape of `layer`'s mask in `layer`'s bounds space, when the mask can be drawn as that
    /// shape clipping the layer's own quads (see the extension); nil otherwise.
    func maskShape(of layer: RenderLayer, id: LayerID) -> Shape? {
        guard let maskID = layer.mask, maskID != id, layer.sublayers.isEmpty, let mask = tree[maskID],
            mask.sublayers.isEmpty, mask.mask == nil, mask.transition == nil
        else { return nil }
        let p = layer.propertiesExceptPlacement
        let m = mask.propertiesExceptPlacement
        guard p.kind == .layer || p.kind == .gradient, !p.drawsOwnContent || p.kind == .gradient,
            p.borderWidth <= 0, p.shadowOpacity == 0, p.filters.filters.isEmpty,
            p.backgroundFilters.filters.isEmpty, p.compositingFilter == .sourceOver, !Shape(properties: p).isRounded,
            m.kind == .layer, m.contents == nil, !m.isHidden, m.opacity == 1, m.borderWidth <= 0,
            m.shadowOpacity == 0, m.filters.filters.isEmpty, m.backgroundFilters.filters.isEmpty,
            m.compositingFilter == .sourceOver, (m.shownBackgroundColor?.premultiplied.a ?? 0) >= 1
        else { return nil }
        let shape = Shape(properties: m)
        guard shape.isRounded else { return nil }
        // The mask's bounds in the layer's: scaled evenly and moved, no more.
        let toLayer = FrameBuilder.layerToWindow(
            mask.placement(offset: nil), parentToWindow: nil, sublayerSpace: p.maskSpaceToOwnSpace)
        guard CATransform3DIsAffine(toLayer) else { return nil }
        let affine = CATransform3DGetAffineTransform(toLayer)
        guard affine.b == 0, affine.c == 0, affine.a > 0, affine.a == affine.d else { return nil }
        let rect = m.bounds.applying(affine)
        let bounds = p.bounds.insetBy(dx: -1e-3, dy: -1e-3)
        guard rect.minX.isFinite, rect.maxY.isFinite, bounds.contains(rect) else { return nil }
        return Shape(rect: rect.float4, radii: shape.radii * Float(affine.a))
    }
}
