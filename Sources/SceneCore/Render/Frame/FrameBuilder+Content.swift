/// What a layer draws of its own over its background, in one switch on its `LayerKind`: its
/// contents image (every kind but the gradient draws it first), and what its kind adds. A new
/// kind of layer is one case of `LayerKind`, one case here calling one builder function (a
/// `FrameBuilder+<Kind>.swift` of its own), and its test (`LayerKindDrawingTests`).
extension FrameBuilder {
    /// Draws layer `id`'s contents and what its kind draws, placed by `toWindow`, in `draw`'s
    /// shape and clip, at `alpha`.
    mutating func drawOwnContent(
        of id: LayerID, layer: RenderLayer, toWindow: CATransform3D, in draw: ContentsDraw, alpha: Float
    ) {
        let p = layer.propertiesExceptPlacement
        switch p.kind {
        case .layer, .transform, .replicator:
            drawContents(of: layer, in: draw, alpha: alpha)
        case .gradient:
            // Between the background and the contents, in the rounded shape with or without
            // `masksToBounds`, as the background is.
            if let block = GradientTexels.block(for: p) {
                batcher.addGradient(draw.shape.gradient(draw.clip, alpha: alpha, edges: draw.smooth), block: block)
            }
            drawContents(of: layer, in: draw, alpha: alpha)
        case .shape:
            drawContents(of: layer, in: draw, alpha: alpha)
            if p.drawsOwnContent { drawShape(of: id, properties: p, toWindow: toWindow, in: draw, alpha: alpha) }
        case .text:
            drawContents(of: layer, in: draw, alpha: alpha)
            if let runs = p.glyphs?.runs { drawGlyphs(runs, properties: p, in: draw, alpha: alpha) }
        case .emitter:
            drawContents(of: layer, in: draw, alpha: alpha)
            drawParticles(of: id, properties: p, toWindow: toWindow, alpha: alpha)
        case .tiled:
            drawContents(of: layer, in: draw, alpha: alpha)
            if let store = p.tileStore {
                drawTiles(of: store, properties: p, toWindow: toWindow, in: draw, alpha: alpha)
            }
        case .openGL:
            drawContents(of: layer, in: draw, alpha: alpha)
            if let content = p.glContent {
                drawGLContent(of: id, content: content, properties: p, in: draw, alpha: alpha)
            }
        case .video:
            drawContents(of: layer, in: draw, alpha: alpha)
            if let content = p.videoContent {
                drawVideo(of: id, content: content, properties: p, in: draw, alpha: alpha)
            }
        }
    }

    /// Draws the layer's contents image, or during a contents cross-fade the old image fading
    /// out under the new one fading in.
    private mutating func drawContents(of layer: RenderLayer, in draw: ContentsDraw, alpha: Float) {
        let p = layer.propertiesExceptPlacement
        guard let image = p.contents else { return }
        guard let blend = layer.contentsBlend else {
            draw.add(draw.pieces, of: image, alpha: alpha, to: &batcher)
            return
        }
        let f = Float(blend.fraction)
        if let old = blend.from {
            draw.add(ContentsLayout.pieces(for: p, image: old), of: old, alpha: alpha * (1 - f), to: &batcher)
        }
        draw.add(draw.pieces, of: image, alpha: alpha * f, to: &batcher)
    }
}
