import CGL
import SceneCore

extension FramePass {
    /// Composites the innermost group onto its parent after its effects: its filter passes, then
    /// `opacity`, then its blend mode, inside the clip that was current at its `beginGroup`.
    mutating func endEffectGroup(opacity: Float, effects: GroupEffects) {
        guard levels.count > 1, !current.isMask else {
            reject("endEffectGroup without a matching beginGroup")
            return
        }
        closeOpenClips(before: "endEffectGroup")
        let level = levels.removeLast()
        guard let target = level.group else { return }
        let filtered = applyFilters(effects.passes, to: target, edges: .transparent)
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER.glEnum, current.framebuffer)
        composite(filtered, opacity: Self.sanitized(opacity), blendMode: effects.blendMode)
        renderer.groupTargets.release(filtered)
        statistics.groups += 1
    }

    /// Replaces what the current target holds inside the current clip with itself filtered by
    /// `passes`: a layer's background filters, drawn before the layer.
    mutating func filterBackdrop(_ passes: [FilterPass]) {
        guard !current.discardsDrawing, !passes.isEmpty, let copy = copyOfCurrentTarget() else { return }
        let filtered = applyFilters(passes, to: copy, edges: .clamped)
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER.glEnum, current.framebuffer)
        glDisable(GL_BLEND.glEnum)
        composite(filtered, opacity: 1)
        glEnable(GL_BLEND.glEnum)
        renderer.groupTargets.release(filtered)
    }

    /// Runs `passes` over `source`, each into a fresh target, releasing the targets it leaves;
    /// returns the target holding the result (`source` itself when there is nothing to do, or
    /// what was done so far when no target or program can be had). Blurs read what lies past the
    /// target's edges as `edges` says.
    private mutating func applyFilters(_ passes: [FilterPass], to source: GroupTarget, edges: GaussianBlur.Edges)
        -> GroupTarget
    {
        var result = source
        for pass in passes {
            guard let programs = renderer.filterPrograms,
                let output = renderer.groupTargets.acquire(width: width, height: height)
            else { break }
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER.glEnum, output.framebuffer)
            switch pass {
            case .color(let matrix):
                programs.colorMatrix.use(width: width, height: height, opacity: 1)
                programs.setMatrix(matrix)
                drawReplacing(result)
            case .blur(let radius):
                guard blur(result, by: radius, edges: edges) else {
                    renderer.groupTargets.release(output)
                    continue
                }
            }
            renderer.groupTargets.release(result)
            result = output
            statistics.filterPasses += 1
        }
        return result
    }

    /// Blurs `source` by a standard deviation of `radius` pixels (a filter's `inputRadius`, as
    /// Core Image's Gaussian blur takes it) into the bound target, which it replaces; false,
    /// with the target untouched, when the blur could not be made.
    private mutating func blur(_ source: GroupTarget, by radius: Float, edges: GaussianBlur.Edges) -> Bool {
        var output: GLint = 0
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING.glEnum, &output)
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        guard
            let blurred = renderer.blur.blur(
                source.colorTexture, size: (width, height), region: whole, sigma: radius, edges: edges)
        else { return false }
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER.glEnum, GLuint(output))
        glDisable(GL_STENCIL_TEST.glEnum)
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        // The result covers `covered` (target pixels, rows from the bottom): placed there in clip space.
        let (w, h) = (Float(width), Float(height))
        let covered = blurred.covered
        let rect = SIMD4<Float>(
            Float(covered.x) / w * 2 - 1, Float(covered.y) / h * 2 - 1, Float(covered.width) / w * 2,
            Float(covered.height) / h * 2)
        renderer.blur.draw(
            blurred, transform: Self.clipIdentity, rect: rect, uv: SIMD4(0, 0, 1, 1), tint: SIMD4(repeating: 1),
            alphaOnly: false)
        renderer.blur.recycle(blurred)
        statistics.filterPasses += blurred.passes
        return true
    }

    private static let clipIdentity = SIMD16<Float>(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)

    /// Draws `source` over the whole bound target, pixel for pixel, replacing what is there,
    /// with the program in use.
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

    /// A pooled target holding a copy of what the current level's framebuffer holds; nil when
    /// no target can be had. Leaves the current level's framebuffer bound for drawing.
    func copyOfCurrentTarget() -> GroupTarget? {
        guard let copy = renderer.groupTargets.acquire(width: width, height: height) else { return nil }
        var reading: GLint = 0
        glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING.glEnum, &reading)
        glBindFramebuffer(GL_READ_FRAMEBUFFER.glEnum, current.framebuffer)
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER.glEnum, copy.framebuffer)
        glBlitFramebuffer(
            0, 0, GLint(width), GLint(height), 0, 0, GLint(width), GLint(height), GLbitfield(GL_COLOR_BUFFER_BIT),
            GL_NEAREST.glEnum)
        glBindFramebuffer(GL_READ_FRAMEBUFFER.glEnum, GLuint(reading))
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER.glEnum, current.framebuffer)
        return copy
    }
}
