import Foundation

/// `CAShapeLayer`s drawn by the render side: the shape shown (committed values, or what the
/// frame's animations made of them) is rasterised at the layer's pixels per unit on screen, kept
/// in the tree's `ShapeRasterCache` (small ones packed into its atlas), and drawn as a textured
/// quad between the layer's contents and its sublayers, clipped to the layer's shape only with
/// `masksToBounds`. The path is in the layer's geometry: a layer whose `isGeometryFlipped` is set
/// draws it flipped about the middle of its bounds, as it places its sublayers.
extension FrameBuilder {
    /// Draws the shape of shape layer `id` (with properties `p`), placed by `toWindow`.
    mutating func drawShape(
        of id: LayerID, properties p: LayerProperties, toWindow: CATransform3D, in draw: ContentsDraw, alpha: Float
    ) {
        let scale = Self.bitmapScale(ShadowTracker.pixelsPerUnit(toWindow))
        guard let drawable = tree.shapeRasters.drawable(of: id, ShapeRaster.Key(p, scale: scale)) else { return }
        var quad = draw.texture(color: SIMD4(repeating: alpha), rect: drawable.rect.float4, uv: drawable.uv)
        if p.isGeometryFlipped {
            // The raster's rows upside down, at the rows the flip maps its rect to.
            let rect = drawable.rect
            quad.rect.y = Float(p.bounds.minY + p.bounds.maxY - rect.maxY)
            quad.uv = SIMD4(drawable.uv.x, drawable.uv.w, drawable.uv.z, drawable.uv.y)
        }
        batcher.add(quad, image: drawable.image, sampling: TextureSampling())
    }
}

extension LayerProperties {
    /// Whether the layer is a shape layer whose shape may draw something (a path, and a fill or
    /// stroke colour).
    var drawsShape: Bool {
        kind == .shape && shapePath.map { !$0.isEmpty } == true
            && (shownFillColor != nil || shownStrokeColor != nil)
    }
}
