extension DisplayList {
    /// A command that draws quads to the target it runs in: the batch it draws and, for the
    /// quads of a rasterized layer's bitmap, an OpenGL layer's picture or a video frame, which.
    struct DrawnBatch {
        enum Source { case quads, raster, glContent, video }
        let source: Source
        let batch: DrawBatch
    }

    /// The batch `command` draws, nil for a command that draws no quads of its own.
    static func drawnBatch(of command: DisplayCommand) -> DrawnBatch? {
        switch command {
        case .draw(let batch): DrawnBatch(source: .quads, batch: batch)
        case .drawRaster(_, let batch): DrawnBatch(source: .raster, batch: batch)
        case .drawGLContent(_, let batch): DrawnBatch(source: .glContent, batch: batch)
        case .drawVideo(_, let batch): DrawnBatch(source: .video, batch: batch)
        default: nil
        }
    }

    /// A quad with `quad`'s place, shape and border, filled with `color` (premultiplied).
    static func tint(of quad: QuadInstance, color: SIMD4<Float>) -> QuadInstance {
        let p = quad.parameters
        return QuadInstance(
            transform: quad.transform, rect: quad.rect, color: color, shapeRect: quad.shapeRect, radii: quad.radii,
            parameters: QuadParameters(
                paint: .color, edges: p.edges, clipsToShape: p.clipsToShape, borderWidth: p.borderWidth))
    }

    /// A quad filling `box` (window pixels, GL's orientation) with `color`, over the whole target.
    func windowQuad(_ box: PixelBox, color: SIMD4<Float>) -> QuadInstance? {
        let size = SIMD2(Float(width), Float(height))
        let inside = box.intersection(PixelBox(low: .zero, high: size))
        guard inside.low.x < inside.high.x, inside.low.y < inside.high.y else { return nil }
        return QuadInstance.filled(
            transform: ClipSpace.fromWindow(width: width, height: height).float16, rect: inside.windowRect(in: size),
            color: color)
    }

    /// Appends `quads` and a command drawing them as one untextured batch.
    mutating func appendBatch(_ quads: [QuadInstance]) {
        guard !quads.isEmpty else { return }
        commands.append(.draw(batchOf(quads)))
    }

    /// Appends `quads` to the instances and returns the untextured batch that draws them.
    mutating func batchOf(_ quads: [QuadInstance]) -> DrawBatch {
        let first = instances.count
        instances += quads
        return DrawBatch(
            first: first, count: quads.count, image: nil, sampling: .init(), isShaped: quads.contains(where: \.isShaped)
        )
    }
}
