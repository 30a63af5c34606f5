extension DisplayList {
    /// The offscreen-rendering tint: translucent yellow, premultiplied.
    package static let offscreenTint = SIMD4<Float>(0.4, 0.4, 0, 0.4)

    /// The list with the area of every offscreen pass tinted yellow over everything
    /// (`DebugOverlays.offscreenRendered`): groups (group opacity, masks, filters, blend modes),
    /// rounded clips, shadows drawn from their layer's drawing, background filters, and the
    /// quads that draw a rasterized layer's bitmap. A pass inside another tints twice.
    package func tintingOffscreenPasses() -> DisplayList {
        let size = SIMD2(Float(width), Float(height))
        var open: [PixelBox] = []
        var rasterDepth = 0
        var passes: [PixelBox] = []
        /// Adds `box` to the pass being drawn (and so to the passes around it when it ends).
        func add(_ box: PixelBox) {
            if let last = open.indices.last { open[last] = open[last].union(box) }
        }
        for command in commands {
            switch command {
            case .beginGroup, .beginShapeClip, .beginShadow:
                if rasterDepth == 0 { open.append(.empty) }
            case .endGroup, .endMask, .endEffectGroup, .endShapeClip, .endShadow:
                if rasterDepth == 0, let box = open.popLast() {
                    passes.append(box)
                    add(box)
                }
            case .beginRaster: rasterDepth += 1
            case .endRaster: rasterDepth -= 1
            case .filterBackdrop(_, _, let region):
                if rasterDepth == 0 { passes.append(PixelBox(region)) }
            default:
                guard rasterDepth == 0, let drawn = Self.drawnBatch(of: command) else { continue }
                let batch = drawn.batch
                for quad in instances[batch.first..<batch.first + batch.count] {
                    let box = PixelBox(covering: quad, in: size)
                    if drawn.source == .raster { passes.append(box) }
                    add(box)
                }
            }
        }
        var list = self
        list.appendBatch(passes.compactMap { list.windowQuad($0, color: Self.offscreenTint) })
        return list
    }
}
