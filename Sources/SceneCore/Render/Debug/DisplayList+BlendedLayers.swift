extension DisplayList {
    /// The blended-layers tint: translucent red, premultiplied.
    package static let blendedTint = SIMD4<Float>(0.5, 0, 0, 0.5)
    /// The opaque-layers tint: translucent green, premultiplied.
    package static let opaqueTint = SIMD4<Float>(0, 0.5, 0, 0.5)

    /// The list with every drawn quad tinted, right after the command that draws it (inside the
    /// same clips and groups), red where it blends and green where it is opaque
    /// (`DebugOverlays.blendedLayers`); an opaque clear colour (the root's background) is green. The quads that draw into a rasterized layer's bitmap are
    /// left as they are (the bitmap is cached): the quads drawing the bitmap are tinted.
    /// - Parameter isOpaque: whether an image has no translucent pixel.
    package func tintingBlendedQuads(isOpaque: (CGImage) -> Bool) -> DisplayList {
        var list = self
        list.commands = []
        list.commands.reserveCapacity(commands.count * 2 + 1)
        // An opaque root background over the whole target is drawn as the clear colour.
        if clearColor.w >= 1, let whole = windowQuad(.unbounded, color: Self.opaqueTint) {
            list.appendBatch([whole])
        }
        var rasterDepth = 0
        for command in commands {
            list.commands.append(command)
            switch command {
            case .beginRaster: rasterDepth += 1
            case .endRaster: rasterDepth -= 1
            default: break
            }
            guard rasterDepth == 0, let drawn = Self.drawnBatch(of: command) else { continue }
            let batch = drawn.batch
            let tints = instances[batch.first..<batch.first + batch.count].map { quad in
                let opaque = covers(quad, source: drawn.source, image: batch.image, isOpaque: isOpaque)
                return Self.tint(of: quad, color: opaque ? Self.opaqueTint : Self.blendedTint)
            }
            list.appendBatch(tints)
        }
        return list
    }

    /// Whether `quad` hides what is below it wherever it draws: an opaque colour, opaque image,
    /// opaque gradient or video frame, with square corners and no border (its edges blend
    /// only where anti-aliased). A bitmap drawn offscreen (rasterized, OpenGL) may hold
    /// translucent pixels, so it blends.
    private func covers(
        _ quad: QuadInstance, source: DrawnBatch.Source, image: CGImage?, isOpaque: (CGImage) -> Bool
    ) -> Bool {
        guard quad.color.w >= 1, quad.parameters.borderWidth == 0, quad.radii == .zero else { return false }
        switch source {
        case .raster, .glContent: return false
        case .video: return true
        case .quads: break
        }
        switch quad.parameters.paint {
        case .color: return true
        case .texture: return image.map(isOpaque) ?? false
        case .interpolatedGradient, .axialTwoStopGradient, .gradient: return gradientIsOpaque(at: Int(quad.uv.x))
        }
    }

    /// Whether every stop of the gradient whose block starts at texel `first` is opaque.
    private func gradientIsOpaque(at first: Int) -> Bool {
        guard first >= 0, first < gradientTexels.count else { return false }
        let stops = Int(gradientTexels[first].y)
        let colours = (first + 2)..<(first + 2 + stops)
        guard stops > 0, colours.upperBound <= gradientTexels.count else { return false }
        return gradientTexels[colours].allSatisfy { $0.w >= 1 }
    }
}

extension CGImage {
    /// Whether every pixel is opaque (alpha 255).
    package var hasOnlyOpaquePixels: Bool {
        var index = 3
        while index < pixels.count {
            if pixels[index] != 255 { return false }
            index += 4
        }
        return true
    }
}
