import Foundation

/// `CAOpenGLLayer`s: the layer's picture is drawn as its content, one quad over its bounds
/// textured with the framebuffer the renderer keeps for the layer (`GLContentRequest`), in the
/// layer's shape when it clips to its bounds, sampled with its minification and magnification
/// filters.
extension FrameBuilder {
    /// Adds the `drawGLContent` command of the layer `id`; nothing when its bounds are empty
    /// (or not finite, logged once).
    mutating func drawGLContent(
        of id: LayerID, content: GLContent, properties p: LayerProperties, in draw: ContentsDraw, alpha: Float
    ) {
        guard let size = FrameBuilder.glDrawableSize(of: p) else { return }
        let time = tree.animationTime ?? 0
        let request = GLContentRequest(
            layer: id, source: content.source, version: content.version, isAsynchronous: p.isAsynchronous,
            width: size.width, height: size.height, scale: size.scale, layerTime: tree.localTime(of: id, at: time).time,
            displayTime: time)
        // GL's bottom row (texture v = 0) at the layer's bottom edge.
        let quad = draw.texture(color: SIMD4(repeating: alpha), rect: draw.shape.rect, uv: SIMD4(0, 1, 1, 0))
        batcher.drawGLContent(request, quad: quad, sampling: draw.sampling)
    }

    /// The framebuffer size of a `CAOpenGLLayer`: its bounds times `contentsScale`, rounded up,
    /// each side at most `CAOpenGLLayer.maximumDrawableSize` (a larger layer is drawn at a lower
    /// scale, logged once), with the pixels per point on each axis. Nil for empty bounds, and
    /// for bounds or a scale that are not finite (logged once).
    static func glDrawableSize(of p: LayerProperties) -> (width: Int, height: Int, scale: CGSize)? {
        let bounds = p.bounds.size
        let scale = p.contentsScale
        guard bounds.width.isFinite, bounds.height.isFinite, scale.isFinite, scale > 0 else {
            Diagnostics.errorOnce(
                "render.glLayerSize",
                "render: a CAOpenGLLayer's bounds \(bounds) or contentsScale \(scale) is not finite; it is not drawn")
            return nil
        }
        guard bounds.width > 0, bounds.height > 0 else { return nil }
        let largest = CGFloat(CAOpenGLLayer.maximumDrawableSize)
        var pixelsPerPoint = scale
        if bounds.width * scale > largest || bounds.height * scale > largest {
            Diagnostics.errorOnce(
                "render.glLayerLarge",
                "render: a CAOpenGLLayer needs a framebuffer larger than \(CAOpenGLLayer.maximumDrawableSize) pixels a side; it is drawn at a lower scale"
            )
            pixelsPerPoint = min(largest / bounds.width, largest / bounds.height)
        }
        let width = min(max((bounds.width * pixelsPerPoint).rounded(.up), 1), largest)
        let height = min(max((bounds.height * pixelsPerPoint).rounded(.up), 1), largest)
        return (
            Int(width), Int(height), CGSize(width: width / bounds.width, height: height / bounds.height)
        )
    }
}
