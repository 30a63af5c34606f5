import CSceneCoreGL
import Foundation
import SceneCore

extension FramePass {
    /// Starts a layer that casts a shadow from its drawing. With the layer's blurred alpha in
    /// the shadow cache, draws the shadow now and lets the layer draw straight into the current
    /// target; otherwise redirects the layer's drawing into a target of `ShadowTargets`, blurred
    /// and composited at `endShadow`.
    mutating func beginShadow(_ shadow: ContentShadow) {
        statistics.shadows += 1
        if !current.discardsDrawing,
            let entry = renderer.shadowCache.entry(
                for: .layer(shadow.layer), key: shadow.key, frame: frameOfCut(offset: shadow.offset))
        {
            statistics.shadowCacheHits += 1
            drawShadow(entry, color: shadow.color, transform: windowToClip(offset: shadow.offset), clip: shadow.clip)
            var level = TargetLevel(framebuffer: current.framebuffer, group: nil, baseDepth: current.stencilDepth)
            level.isShadow = true
            levels.append(level)
            return
        }
        // Drawn offscreen, unless drawing is thrown away or groups nest too deep (then the
        // layer draws into its parent with no shadow, as a group would, logged).
        guard !current.discardsDrawing, levels.count - 1 < renderer.maxGroupDepth,
            let target = renderer.shadowTargets.acquire(width: width, height: height)
        else {
            beginGroup()
            current.isShadow = true
            return
        }
        var level = TargetLevel(framebuffer: target.framebuffer, group: target, baseDepth: 0)
        level.isShadow = true
        level.shadow = shadow
        levels.append(level)
    }

    /// Ends the layer started by the innermost open `beginShadow`. When it was drawn offscreen:
    /// blurs the alpha of its drawing over `bounds` (window pixels, y down) grown by three
    /// standard deviations, keeps that in the shadow cache, draws the shadow, then composites
    /// the layer's drawing over it.
    mutating func endShadow(bounds: SIMD4<Float>) {
        guard levels.count > 1, current.isShadow else {
            reject("endShadow without a matching beginShadow")
            return
        }
        closeOpenClips(before: "endShadow")
        let level = levels.removeLast()
        guard let target = level.group else { return }
        let area = drawnArea(bounds)
        defer { renderer.shadowTargets.release(target, drawn: area ?? PixelRegion.empty) }
        if let shadow = level.shadow, let entry = blurContent(target, bounds: bounds, shadow: shadow) {
            let kept = renderer.shadowCache.store(entry, for: .layer(shadow.layer), returningTexturesTo: renderer.blur)
            bindDrawTarget(current.framebuffer)
            drawShadow(entry, color: shadow.color, transform: windowToClip(offset: shadow.offset), clip: shadow.clip)
            if !kept { renderer.blur.recycle(entry.blurred) }
        }
        bindDrawTarget(current.framebuffer)
        // Only the layer's drawn area is composited: the rest of the target is transparent.
        if let area { withScissor(area) { $0.composite(target, opacity: 1) } }
    }

    /// The frame's pixels (GL's convention, rows from the bottom) that hold `bounds` (window
    /// pixels, y down) and a pixel around it for anti-aliasing; nil when none do.
    private func drawnArea(_ bounds: SIMD4<Float>) -> PixelRegion? {
        guard (0..<4).allSatisfy({ bounds[$0].isFinite }) else {
            return PixelRegion(x: 0, y: 0, width: width, height: height)
        }
        // Clamped to just around the frame before they become whole numbers: a huge box (a
        // layer far off screen) must not overflow `Int`.
        func pixel(_ v: Float, within size: Int, _ rule: FloatingPointRoundingRule) -> Int {
            Int(min(max(v, -1), Float(size) + 1).rounded(rule))
        }
        let x0 = max(pixel(bounds.x, within: width, .down) - 1, 0)
        let y0 = max(pixel(bounds.y, within: height, .down) - 1, 0)
        let x1 = min(pixel(bounds.x + bounds.z, within: width, .up) + 1, width)
        let y1 = min(pixel(bounds.y + bounds.w, within: height, .up) + 1, height)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRegion(x: x0, y: height - y1, width: x1 - x0, height: y1 - y0)
    }

    /// Draws a `shadowPath` shadow: from the shadow cache, or from the path rasterised, uploaded
    /// and blurred, kept in the cache for the next frames.
    mutating func drawShadow(_ shadow: PathShadow) {
        statistics.shadows += 1
        guard !current.discardsDrawing else { return }
        let owner = ShadowCache.Owner.shape(ShadowCache.ShapeKey(key: shadow.key))
        if let entry = renderer.shadowCache.entry(for: owner, key: shadow.key) {
            statistics.shadowCacheHits += 1
            drawShadow(entry, color: shadow.color, transform: shadow.transform, clip: shadow.clip, hole: shadow.hole)
            return
        }
        guard let entry = blurPath(shadow) else { return }
        let kept = renderer.shadowCache.store(entry, for: owner, returningTexturesTo: renderer.blur)
        drawShadow(entry, color: shadow.color, transform: shadow.transform, clip: shadow.clip, hole: shadow.hole)
        if !kept { renderer.blur.recycle(entry.blurred) }
    }

    // MARK: Blurring

    /// Blurs the alpha of `target` over `bounds` grown by three standard deviations, cut to
    /// what can reach the frame once offset; nil when nothing can.
    private mutating func blurContent(
        _ target: GroupTarget, bounds: SIMD4<Float>, shadow: ContentShadow
    ) -> ShadowCache.Entry? {
        let sigma = GaussianBlur.sanitized(shadow.sigma)
        let margin = Float(Int((3 * sigma).rounded(.up)) + 1)
        let limit: Float = 1e7
        func clamped(_ v: Float) -> Float { v.isFinite ? min(max(v, -limit), limit) : 0 }
        let offset = SIMD2(clamped(shadow.offset.x), clamped(shadow.offset.y))
        // What the content covers, grown by the blur's reach...
        var low = SIMD2(clamped(bounds.x).rounded(.down), clamped(bounds.y).rounded(.down)) - margin
        var high =
            SIMD2(clamped(bounds.x + bounds.z).rounded(.up), clamped(bounds.y + bounds.w).rounded(.up)) + margin
        // ...and what, once offset, can reach the frame.
        let frameLow = -offset - margin
        let frameHigh = SIMD2(Float(width), Float(height)) - offset + margin
        let cut = any(low .< frameLow) || any(high .> frameHigh)
        low = pointwiseMax(low, frameLow.rounded(.down))
        high = pointwiseMin(high, frameHigh.rounded(.up))
        guard all(high .> low) else { return nil }
        let (x0, y0, x1, y1) = (Int(low.x), Int(low.y), Int(high.x), Int(high.y))
        let region = PixelRegion(x: x0, y: height - y1, width: x1 - x0, height: y1 - y0)
        guard
            let blurred = renderer.blur.blur(
                target.colorTexture, size: (width, height), region: region, sigma: sigma,
                cut: GaussianBlur.shadowCut)
        else { return nil }
        statistics.drawCalls += blurred.passes
        let covered = blurred.covered
        let rect = SIMD4(
            Float(covered.x), Float(height - covered.y - covered.height), Float(covered.width),
            Float(covered.height))
        return ShadowCache.Entry(
            key: shadow.key, blurred: blurred, rect: rect, uv: SIMD4(0, 1, 1, 0),
            cutFor: cut ? frameOfCut(offset: shadow.offset) : nil)
    }

    /// Rasterises a `shadowPath`, uploads it and blurs it; nil when the path draws nothing or
    /// no texture can be made.
    private mutating func blurPath(_ shadow: PathShadow) -> ShadowCache.Entry? {
        let sigma = GaussianBlur.sanitized(shadow.key.sigma)
        let margin = Int((3 * sigma).rounded(.up)) + 2
        guard let mask = ShadowPathMask.image(of: shadow.path, scale: CGFloat(shadow.key.scale), margin: margin)
        else { return nil }
        let image = mask.image
        let source: ColorTarget
        do {
            source = try ColorTarget(width: image.width, height: image.height)
        } catch {
            Diagnostics.errorOnce(
                "GLRenderer.shadowPathTexture",
                "GLRenderer: no \(image.width)x\(image.height) texture for a shadowPath: \(error)")
            return nil
        }
        defer { source.delete() }
        // Making the texture's framebuffer bound it: draw into the current target again.
        glBindFramebuffer(GL_FRAMEBUFFER.glEnum, current.framebuffer)
        if frameScissor != nil { scissorBoundTarget() }
        glBindTexture(GL_TEXTURE_2D.glEnum, source.texture)
        glPixelStorei(GL_UNPACK_ALIGNMENT.glEnum, 1)
        glPixelStorei(GL_UNPACK_ROW_LENGTH.glEnum, GLint(image.bytesPerRow / 4))
        image.pixels.withUnsafeBytes {
            glTexSubImage2D(
                GL_TEXTURE_2D.glEnum, 0, 0, 0, GLsizei(image.width), GLsizei(image.height), GL_RGBA.glEnum,
                GL_UNSIGNED_BYTE.glEnum, $0.baseAddress)
        }
        glPixelStorei(GL_UNPACK_ROW_LENGTH.glEnum, 0)
        statistics.uploadedBytes += image.width * image.height * 4
        // The raster may be coarser than asked (a huge path): the blur shrinks with it.
        let rasterSigma = sigma * Float(mask.scale) / shadow.key.scale
        let region = PixelRegion(x: 0, y: 0, width: image.width, height: image.height)
        guard
            let blurred = renderer.blur.blur(
                source.texture, size: (image.width, image.height), region: region, sigma: rasterSigma,
                cut: GaussianBlur.shadowCut)
        else { return nil }
        statistics.drawCalls += blurred.passes
        let unitsPerPixel = Float(1 / mask.scale)
        let rect = SIMD4(
            Float(mask.origin.x), Float(mask.origin.y), Float(blurred.covered.width) * unitsPerPixel,
            Float(blurred.covered.height) * unitsPerPixel)
        return ShadowCache.Entry(
            key: shadow.key, blurred: blurred, rect: rect, uv: SIMD4(0, 0, 1, 1), cutFor: nil)
    }

    // MARK: Drawing

    /// Draws a kept shadow alpha tinted by `color` with `transform`, inside the layer's clip
    /// shape `clip` when given (and the current clip).
    /// Draws a kept shadow's alpha in `color`, leaving out `hole` (a rectangle of the quad's
    /// space that is painted over next): the quad is then drawn as the up to four strips around it.
    private mutating func drawShadow(
        _ entry: ShadowCache.Entry, color: SIMD4<Float>, transform: SIMD16<Float>, clip: Int?,
        hole: SIMD4<Float>? = nil
    ) {
        if let clip { pushClip(clip) }
        setStencil(testing: current.stencilDepth, passOperation: GL_KEEP)
        for (rect, uv) in Self.pieces(of: entry.rect, uv: entry.uv, around: hole) {
            renderer.blur.draw(entry.blurred, transform: transform, rect: rect, uv: uv, tint: color, paint: .alpha)
            statistics.drawCalls += 1
        }
        if let clip { popClip(clip) }
    }

    /// The quad `rect` (x, y, width, height) with texture coordinates `uv` at its (minX, minY) and
    /// (maxX, maxY) corners, as the pieces that cover it but `hole`: the quad itself without a
    /// hole inside it, else the strips above and below the hole and those beside it.
    static func pieces(of rect: SIMD4<Float>, uv: SIMD4<Float>, around hole: SIMD4<Float>?) -> [(
        rect: SIMD4<Float>, uv: SIMD4<Float>
    )] {
        let low = SIMD2(rect.x, rect.y)
        let high = low + SIMD2(rect.z, rect.w)
        guard let hole, rect.z > 0, rect.w > 0 else { return [(rect, uv)] }
        let holeLow = pointwiseMax(SIMD2(hole.x, hole.y), low)
        let holeHigh = pointwiseMin(SIMD2(hole.x + hole.z, hole.y + hole.w), high)
        guard all(holeLow .< holeHigh), holeLow.x.isFinite, holeHigh.y.isFinite else { return [(rect, uv)] }
        let uvLow = SIMD2(uv.x, uv.y)
        let uvPerUnit = (SIMD2(uv.z, uv.w) - uvLow) / (high - low)
        /// The piece from `a` to `b`, nil when it is empty.
        func piece(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> (rect: SIMD4<Float>, uv: SIMD4<Float>)? {
            guard all(a .< b) else { return nil }
            let (ua, ub) = (uvLow + (a - low) * uvPerUnit, uvLow + (b - low) * uvPerUnit)
            return (SIMD4(lowHalf: a, highHalf: b - a), SIMD4(lowHalf: ua, highHalf: ub))
        }
        return [
            piece(low, SIMD2(high.x, holeLow.y)),
            piece(SIMD2(low.x, holeHigh.y), high),
            piece(SIMD2(low.x, holeLow.y), SIMD2(holeLow.x, holeHigh.y)),
            piece(SIMD2(holeHigh.x, holeLow.y), SIMD2(high.x, holeHigh.y)),
        ].compactMap { $0 }
    }

    /// What a content shadow's blurred area, once cut to the frame, depends on: the offset and
    /// the frame's size.
    private func frameOfCut(offset: SIMD2<Float>) -> SIMD4<Float> {
        SIMD4(offset.x, offset.y, Float(width), Float(height))
    }

    /// Window pixels (y down) moved by `offset` → clip space.
    private func windowToClip(offset: SIMD2<Float>) -> SIMD16<Float> {
        let (w, h) = (Float(width), Float(height))
        return SIMD16(2 / w, 0, 0, 0, 0, -2 / h, 0, 0, 0, 0, 1, 0, -1 + 2 * offset.x / w, 1 - 2 * offset.y / h, 0, 1)
    }
}
