import CSceneCoreGL
import Foundation
import SceneCore

extension FramePass {
    /// Composites the innermost group onto its parent after its effects: its filter passes, then
    /// `opacity`, then its blend mode, inside the clip that was current at its `beginGroup`.
    /// Only the pixels within `drawn` (and as far around them as a blur spreads them) are
    /// filtered and composited.
    mutating func endEffectGroup(opacity: Float, effects: GroupEffects, region drawn: PixelRegion) {
        guard levels.count > 1, !current.isMask else {
            reject("endEffectGroup without a matching beginGroup")
            return
        }
        closeOpenClips(before: "endEffectGroup")
        let level = levels.removeLast()
        guard let target = level.group else { return }
        var region = drawn.clipped(width: width, height: height)
        if effects.blendMode == .sourceOver, effects.passes.count == 1, case .blur(let radius) = effects.passes[0],
            !region.isEmpty, compositeBlurred(target, by: radius, region: region, opacity: Self.sanitized(opacity))
        {
            renderer.groupTargets.release(target)
            statistics.groups += 1
            return
        }
        let filtered =
            region.isEmpty ? target : applyFilters(effects.passes, to: target, region: &region, edges: .transparent)
        bindDrawTarget(current.framebuffer)
        if !region.isEmpty {
            composite(filtered, opacity: Self.sanitized(opacity), blendMode: effects.blendMode, region: region)
        }
        renderer.groupTargets.release(filtered)
        statistics.groups += 1
    }

    /// Composites `source`, a group's target that drew within `region`, blurred by `radius`,
    /// onto the current level at `opacity`, inside its clip: the blur's result is drawn straight
    /// onto it (sampled bilinearly), with no target of the group's size in between (a software
    /// rasteriser pays for every switch of target). False, with nothing drawn, when the blur
    /// could not be made.
    private mutating func compositeBlurred(_ source: GroupTarget, by radius: Float, region: PixelRegion, opacity: Float)
        -> Bool
    {
        let reach = region.grown(by: blurReach(radius)).clipped(width: width, height: height)
        clearAround(region, of: source, readingTo: reach, by: radius)
        guard let result = blurred(source, region: reach, by: radius, edges: .transparent) else { return false }
        bindDrawTarget(current.framebuffer)
        setStencil(testing: current.stencilDepth, passOperation: GL_KEEP)
        withScissor(reach) { $0.draw(result, tint: opacity) }
        statistics.filterPasses += 1
        return true
    }

    /// `region` of a `width` x `height` target (rows from the bottom) as a rectangle in clip space.
    private static func clipRect(of region: PixelRegion, width: Int, height: Int) -> SIMD4<Float> {
        let (w, h) = (Float(width), Float(height))
        return SIMD4(
            Float(region.x) / w * 2 - 1, Float(region.y) / h * 2 - 1, Float(region.width) / w * 2,
            Float(region.height) / h * 2)
    }

    /// Replaces what the current target holds inside the current clip and the shape of instance
    /// `shape` (which lies within `region`) with itself filtered by `passes`: a layer's
    /// background filters, drawn before the layer. A lone blur of a shape without perspective is
    /// drawn back only where each pixel's centre lies inside the shape, tested in the shader;
    /// otherwise the shape is a stencil clip around the filtering (a software rasteriser pays
    /// for every pixel a stencil pass touches, and for the stencil test after it).
    mutating func filterBackdrop(_ passes: [FilterPass], shape: Int, region: PixelRegion) {
        guard isValidRange(first: shape, count: 1) else {
            reject("filterBackdrop of instance \(shape) is outside the list's \(instanceCount) instances")
            return
        }
        guard passes.count == 1, case .blur(let radius) = passes[0] else {
            pushClip(shape)
            filterBackdrop(passes, region: region)
            popClip(shape)
            return
        }
        if let clip = ShapeClip(instances[shape], width: width, height: height) {
            blurBackdrop(by: radius, region: region, paint: .texelsInside(clip))
        } else {
            pushClip(shape)
            blurBackdrop(by: radius, region: region, paint: .texels)
            popClip(shape)
        }
    }

    /// Replaces what the current target holds inside the current clip and within `region`
    /// with itself blurred by `radius`, painted back as `paint` says: the blur's result is drawn
    /// straight into the target, with no target of the frame's size in between (a software
    /// rasteriser pays for every pixel it copies). Nothing changes when the blur cannot be made.
    private mutating func blurBackdrop(by radius: Float, region: PixelRegion, paint: GaussianBlur.Paint) {
        let region = region.clipped(width: width, height: height)
        let reach = region.grown(by: blurReach(radius)).clipped(width: width, height: height)
        // The region's blurred pixels come from no further than the blur reaches.
        guard !current.discardsDrawing, !region.isEmpty, let copy = copyOfCurrentTarget(reach) else { return }
        defer { renderer.groupTargets.release(copy) }
        guard let blurred = blurred(copy, region: reach, by: radius, edges: .clamped) else { return }
        bindDrawTarget(current.framebuffer)
        setStencil(testing: current.stencilDepth, passOperation: GL_KEEP)
        glDisable(GL_BLEND.glEnum)
        // Where every pixel lies inside the shape, the texels are drawn as they are: a software
        // rasteriser draws a plain textured rectangle far faster than one testing each pixel.
        var inside = PixelRegion.empty
        if case .texelsInside(let clip) = paint {
            inside = clip.interior.intersection(region)
            if !inside.isEmpty { withScissor(inside) { $0.paint(blurred, tint: 1, paint: .texels) } }
        }
        for strip in region.subtracting(inside) {
            withScissor(strip) { $0.paint(blurred, tint: 1, paint: paint) }
        }
        glEnable(GL_BLEND.glEnum)
        renderer.blur.recycle(blurred)
        statistics.filterPasses += 1 + blurred.passes
    }

    /// Replaces what the current target holds inside the current clip and within `region`
    /// with itself filtered by `passes`, through a target of the frame's size.
    private mutating func filterBackdrop(_ passes: [FilterPass], region shape: PixelRegion) {
        let shape = shape.clipped(width: width, height: height)
        var region = shape
        guard !current.discardsDrawing, !passes.isEmpty, !region.isEmpty else { return }
        // What the passes read: the region and as far around it as its blurs reach.
        let margin = FilterPass.spread(of: passes, width: width, height: height)
        guard
            let copy = copyOfCurrentTarget(
                region.grown(by: margin).clipped(width: width, height: height))
        else {
            return
        }
        let filtered = applyFilters(passes, to: copy, region: &region, edges: .clamped)
        bindDrawTarget(current.framebuffer)
        glDisable(GL_BLEND.glEnum)
        withScissor(shape) { $0.composite(filtered, opacity: 1) }
        glEnable(GL_BLEND.glEnum)
        renderer.groupTargets.release(filtered)
    }

    /// How far beyond its input a blur of `radius` spreads in this pass's target (`FilterPass.blurReach`).
    func blurReach(_ radius: Float) -> Int {
        FilterPass.blurReach(radius, width: width, height: height)
    }

    /// The standard deviation a blur of `radius` is drawn with in this pass's target (`FilterPass.blurSigma`).
    func blurSigma(_ radius: Float) -> Float {
        FilterPass.blurSigma(radius, width: width, height: height)
    }

    /// Runs `passes` over `source` (whose pixels outside `region` are transparent or not needed),
    /// each into a fresh target, releasing the targets it leaves; returns the target holding the
    /// result (`source` itself when there is nothing to do, or what was done so far when no
    /// target can be had) and grows `region` by the spread of its blurs. A pass whose program is
    /// unusable is left out. Blurs read what lies past the target's edges as `edges` says.
    private mutating func applyFilters(
        _ passes: [FilterPass], to source: GroupTarget, region: inout PixelRegion, edges: GaussianBlur.Edges
    ) -> GroupTarget {
        var result = source
        var isFirstPass = true
        // What any pass reads or writes: the region grown by every blur's spread, and a blur's
        // taps reach as far again. Each output is cleared that far, not whole.
        let spread = FilterPass.spread(of: passes, width: width, height: height)
        let touched = region.grown(by: 2 * spread + 2).clipped(width: width, height: height)
        for pass in passes {
            defer { isFirstPass = false }
            guard let output = renderer.groupTargets.acquire(width: width, height: height) else { break }
            bindDrawTarget(output.framebuffer)
            glClearColor(0, 0, 0, 0)
            withScissor(touched) { _ in glClear(GLbitfield(GL_COLOR_BUFFER_BIT)) }
            switch pass {
            case .color(let matrix):
                guard let program = renderer.filterPrograms.program(for: .colorMatrix) else {
                    renderer.groupTargets.release(output)
                    continue
                }
                program.use(width: width, height: height, opacity: 1)
                program.setMatrix(matrix)
                withScissor(region) { $0.drawReplacing(result) }
            case .blur(let radius):
                let reach = region.grown(by: blurReach(radius)).clipped(
                    width: width, height: height)
                // A later pass's target is cleared whole.
                if isFirstPass && edges == .transparent {
                    clearAround(region, of: result, readingTo: reach, by: radius)
                }
                guard let blurred = blurred(result, region: reach, by: radius, edges: edges) else {
                    renderer.groupTargets.release(output)
                    continue
                }
                bindDrawTarget(output.framebuffer)
                glDisable(GL_STENCIL_TEST.glEnum)
                draw(blurred, tint: 1)
                region = reach
            }
            renderer.groupTargets.release(result)
            result = output
            statistics.filterPasses += 1
        }
        return result
    }

    /// `region` of `source` blurred by a standard deviation of `radius` pixels (`blurSigma`; a
    /// filter's `inputRadius`, as Core Image's Gaussian blur takes it), to be drawn by
    /// `draw(_:tint:)`; nil when the blur could not be made. Leaves the stencil test off.
    private func blurred(_ source: GroupTarget, region: PixelRegion, by radius: Float, edges: GaussianBlur.Edges)
        -> GaussianBlur.Result?
    {
        renderer.blur.blur(
            source.colorTexture, size: (width, height), region: region, sigma: blurSigma(radius), edges: edges)
    }

    /// Draws `blurred` over the target pixels it covers, times `tint`, into the bound target with
    /// its blending, stencil and scissor, and hands its texture back.
    private mutating func draw(_ blurred: GaussianBlur.Result, tint: Float) {
        paint(blurred, tint: tint, paint: .texels)
        renderer.blur.recycle(blurred)
        statistics.filterPasses += blurred.passes
    }

    /// Draws `blurred` over the target pixels it covers as `paint` says, times `tint`, into the
    /// bound target with its blending, stencil and scissor.
    private func paint(_ blurred: GaussianBlur.Result, tint: Float, paint: GaussianBlur.Paint) {
        renderer.blur.draw(
            blurred, transform: Self.clipIdentity,
            rect: Self.clipRect(of: blurred.covered, width: width, height: height),
            uv: SIMD4(0, 0, 1, 1), tint: SIMD4(repeating: tint), paint: paint)
    }

    /// Makes transparent what a blur of `region` of `source` by `radius`, reaching to `reach`,
    /// reads past `region`: a group's target is cleared only as far as the blur reaches, and the
    /// blur's taps read as far again past that (its halvings, a pixel).
    private mutating func clearAround(
        _ region: PixelRegion, of source: GroupTarget, readingTo reach: PixelRegion, by radius: Float
    ) {
        let read = reach.grown(by: blurReach(radius) + 2).clipped(width: width, height: height)
        clear(source, around: region, within: read)
    }

    /// Clears `target` within `outer` but outside `inner` (a ring of up to four strips).
    private mutating func clear(_ target: GroupTarget, around inner: PixelRegion, within outer: PixelRegion) {
        bindDrawTarget(target.framebuffer)
        glClearColor(0, 0, 0, 0)
        for strip in outer.subtracting(inner.intersection(outer)) {
            withScissor(strip) { _ in glClear(GLbitfield(GL_COLOR_BUFFER_BIT)) }
        }
    }

    private static let clipIdentity = SIMD16<Float>(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)

    /// Draws `source` over the whole bound target (within the scissor box), pixel for pixel,
    /// replacing what is there, with the program in use.
    private mutating func drawReplacing(_ source: GroupTarget) {
        glDisable(GL_BLEND.glEnum)
        glDisable(GL_STENCIL_TEST.glEnum)
        bindNearest(source, unit: 0)
        drawInstances(first: instanceCount, count: 1)
        glEnable(GL_BLEND.glEnum)
    }

    /// Binds `target`'s colour texture to texture `unit`, sampled nearest (pixel for pixel).
    func bindNearest(_ target: GroupTarget, unit: Int32) {
        glActiveTexture((GL_TEXTURE0 + unit).glEnum)
        glBindTexture(GL_TEXTURE_2D.glEnum, target.colorTexture)
        glBindSampler(
            GLuint(unit),
            renderer.samplers.sampler(for: TextureSampling(minification: .nearest, magnification: .nearest)))
        glActiveTexture(GL_TEXTURE0.glEnum)
    }

    /// A pooled target holding a copy of `region` of what the current level's framebuffer
    /// holds (the rest of it is left as it was); nil when no target can be had. Leaves the
    /// current level's framebuffer bound for drawing.
    func copyOfCurrentTarget(_ region: PixelRegion) -> GroupTarget? {
        guard let copy = renderer.groupTargets.acquire(width: width, height: height) else {
            return nil
        }
        var reading: GLint = 0
        glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING.glEnum, &reading)
        glBindFramebuffer(GL_READ_FRAMEBUFFER.glEnum, current.framebuffer)
        bindDrawTarget(copy.framebuffer)
        let (x0, y0) = (GLint(region.x), GLint(region.y))
        let (x1, y1) = (GLint(region.x + region.width), GLint(region.y + region.height))
        glBlitFramebuffer(x0, y0, x1, y1, x0, y0, x1, y1, GLbitfield(GL_COLOR_BUFFER_BIT), GL_NEAREST.glEnum)
        glBindFramebuffer(GL_READ_FRAMEBUFFER.glEnum, GLuint(reading))
        bindDrawTarget(current.framebuffer)
        return copy
    }
}
