import CSceneCoreGL
import SceneCore

extension FramePass {
    /// Redirects drawing into a fresh transparent target (cleared only inside `region` when
    /// given) whose content `endShapeClip` clips to the shape of `instance`.
    mutating func beginShapeClip(_ instance: Int, region: PixelRegion?) {
        guard isValidRange(first: instance, count: 1) else {
            reject("beginShapeClip of instance \(instance) is outside the list's \(instanceCount) instances")
            return
        }
        beginGroup(region: region)
        current.shapeClip = instance
    }

    /// Composites the target opened by the matching `beginShapeClip` onto its parent, each pixel
    /// multiplied by the anti-aliased coverage of the shape of `instance`, inside the current clip.
    mutating func endShapeClip(_ instance: Int) {
        guard levels.count > 1, current.shapeClip == instance else {
            reject("endShapeClip of instance \(instance) without a matching beginShapeClip")
            return
        }
        closeOpenClips(before: "endShapeClip")
        let level = levels.removeLast()
        guard let target = level.group else { return }
        bindDrawTarget(current.framebuffer)
        if let program = renderer.programs.program(for: .shapeClipComposite) {
            glBindTexture(GL_TEXTURE_2D.glEnum, target.colorTexture)
            glBindSampler(
                0, renderer.samplers.sampler(for: TextureSampling(minification: .nearest, magnification: .nearest)))
            glUseProgram(program.program.id)
            setStencil(testing: current.stencilDepth, passOperation: GL_KEEP)
            withScissor(level.region) { $0.drawInstances(first: instance, count: 1) }
        }
        renderer.groupTargets.release(target)
        statistics.groups += 1
        statistics.antialiasedClips += 1
    }
}
