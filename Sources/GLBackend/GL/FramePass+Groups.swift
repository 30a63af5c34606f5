import CSceneCoreGL
import SceneCore

extension FramePass {
    /// Redirects drawing into a fresh transparent offscreen target, or, when nesting is too
    /// deep or no target can be made, keeps drawing into the current one (without opacity).
    /// Inside a mask whose drawing is thrown away, the group's drawing is thrown away too.
    /// With `region`, the group is cleared and later composited only there.
    mutating func beginGroup(region: PixelRegion? = nil) {
        guard !current.discardsDrawing else {
            levels.append(
                TargetLevel(
                    framebuffer: current.framebuffer, group: nil, baseDepth: current.stencilDepth,
                    discardsDrawing: true))
            return
        }
        let depth = levels.count - 1
        guard depth < renderer.maxGroupDepth else {
            Diagnostics.errorOnce(
                "GLRenderer.groupDepth",
                "GLRenderer: groups nest deeper than \(renderer.maxGroupDepth); this group is drawn without its opacity"
            )
            levels.append(TargetLevel(framebuffer: current.framebuffer, group: nil, baseDepth: current.stencilDepth))
            return
        }
        let size = targetSize
        guard let target = renderer.groupTargets.acquire(width: size.width, height: size.height) else {
            levels.append(TargetLevel(framebuffer: current.framebuffer, group: nil, baseDepth: current.stencilDepth))
            return
        }
        bindDrawTarget(target.framebuffer)
        clearTarget(region)
        levels.append(TargetLevel(framebuffer: target.framebuffer, group: target, baseDepth: 0, region: region))
    }

    /// Composites the innermost group onto its parent, multiplied by `opacity`, inside the clip
    /// that was current at its `beginGroup`.
    mutating func endGroup(opacity: Float) {
        guard levels.count > 1, !current.isMask, current.shapeClip == nil, !current.isRaster else {
            reject("endGroup without a matching beginGroup")
            return
        }
        closeOpenClips(before: "endGroup")
        let level = levels.removeLast()
        guard let target = level.group else { return }
        bindDrawTarget(current.framebuffer)
        composite(target, opacity: Self.sanitized(opacity), region: level.region)
        renderer.groupTargets.release(target)
        statistics.groups += 1
    }

    /// Reports the clips the current level left open before `command`, and undoes them when
    /// the level draws into its parent's framebuffer and so shares the parent's stencil.
    mutating func closeOpenClips(before command: String) {
        guard !current.clips.isEmpty else { return }
        Diagnostics.errorOnce(
            "GLRenderer.clipsInsideGroup",
            "GLRenderer: \(current.clips.count) pushClip inside a group without popClip before its \(command)")
        if current.group == nil {
            while let pushed = current.clips.popLast() {
                if let pushed { undoClip(pushed) }
            }
        }
    }

    /// Clears the bound target's colour and stencil to zero, only inside `region` when given.
    mutating func clearTarget(_ region: PixelRegion?) {
        glClearColor(0, 0, 0, 0)
        glClearStencil(0)
        withScissor(region) { _ in glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)) }
    }

    /// Draws the group's texture over the target (inside `region` when given), pixel for
    /// pixel, multiplied by `opacity` and, with a `mask` target, by the mask's alpha at each pixel.
    /// Without its program, the group is not drawn.
    mutating func composite(
        _ target: GroupTarget, mask: GroupTarget? = nil, opacity: Float, region: PixelRegion? = nil
    ) {
        let variant = mask == nil ? LayerProgram.Variant.batch(shaped: false, textured: true) : .maskComposite
        guard let program = renderer.programs.program(for: variant) else { return }
        let nearest = renderer.samplers.sampler(for: TextureSampling(minification: .nearest, magnification: .nearest))
        if let mask {
            glActiveTexture(GL_TEXTURE1.glEnum)
            glBindTexture(GL_TEXTURE_2D.glEnum, mask.colorTexture)
            glBindSampler(1, nearest)
            glActiveTexture(GL_TEXTURE0.glEnum)
        }
        glBindTexture(GL_TEXTURE_2D.glEnum, target.colorTexture)
        glBindSampler(0, nearest)
        glUseProgram(program.program.id)
        glUniform1f(program.opacity, opacity)
        setStencil(testing: current.stencilDepth, passOperation: GL_KEEP)
        withScissor(region) { $0.drawInstances(first: $0.instanceCount, count: 1) }
        glUniform1f(program.opacity, 1)
    }

    /// `opacity` clamped to 0...1; a non-finite value is reported and treated as 1.
    static func sanitized(_ opacity: Float) -> Float {
        guard opacity.isFinite else {
            Diagnostics.errorOnce(
                "GLRenderer.groupOpacity", "GLRenderer: group opacity \(opacity) is not finite; using 1")
            return 1
        }
        return min(max(opacity, 0), 1)
    }
}
