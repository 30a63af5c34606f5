import CSceneCoreGL
import SceneCore

/// Runs one frame's commands against a `GLRenderer`'s resources: the target stack, the clip
/// nesting in each target's stencil buffer, and the frame's statistics.
struct FramePass {
    let renderer: GLRenderer
    /// The frame's size in pixels.
    let frameWidth: Int
    let frameHeight: Int
    /// The list's instances; the group composite quad follows them in the buffer.
    let instances: [QuadInstance]
    var instanceCount: Int { instances.count }
    /// The pixels each group can touch, by the index of its opening command (see `DisplayList`).
    let groupRegions: [Int: PixelRegion]
    var levels: [TargetLevel]
    var statistics: FrameStatistics
    /// While above 0, the commands of a bitmap the raster cache holds are being skipped.
    var skippedRasterDepth = 0
    /// For a frame drawn only within its damage, the rectangle drawn this time (`GLRenderer.draw`):
    /// whatever is drawn into the frame's own framebuffer stays inside it, while offscreen
    /// targets are drawn whole (a blur reads around what it blurs). Nil for a frame drawn whole.
    let frameScissor: PixelRegion?

    init(
        renderer: GLRenderer, list: DisplayList, framebuffer: GLuint, statistics: FrameStatistics,
        scissor: PixelRegion? = nil
    ) {
        self.renderer = renderer
        self.frameScissor = scissor
        (frameWidth, frameHeight) = (list.width, list.height)
        self.instances = list.instances
        self.groupRegions = list.groupRegions
        self.levels = [TargetLevel(framebuffer: framebuffer, group: nil, baseDepth: 0)]
        self.statistics = statistics
    }

    /// The level being drawn into.
    var current: TargetLevel {
        get { levels[levels.count - 1] }
        set { levels[levels.count - 1] = newValue }
    }

    /// Runs the command at `index` in the list, or skips it with a diagnostics error when it is invalid.
    mutating func execute(_ command: DisplayCommand, at index: Int) {
        if skippedRasterDepth > 0 {
            skipCachedRaster(command)
            return
        }
        switch command {
        case .draw(let batch): draw(batch)
        case .pushClip(let instance): pushClip(instance)
        case .popClip(let instance): popClip(instance)
        case .beginShapeClip(let instance): beginShapeClip(instance, region: groupRegions[index])
        case .endShapeClip(let instance): endShapeClip(instance)
        case .beginGroup: beginGroup(region: groupRegions[index])
        case .endGroup(let opacity): endGroup(opacity: opacity)
        case .beginMask: beginMask()
        case .endMask(let opacity): endMask(opacity: opacity)
        case .endEffectGroup(let opacity, let effects, let region):
            endEffectGroup(opacity: opacity, effects: effects, region: region)
        case .filterBackdrop(let passes, let shape, let region): filterBackdrop(passes, shape: shape, region: region)
        case .beginRaster(let request): beginRaster(request)
        case .endRaster: endRaster()
        case .drawRaster(let layer, let batch): drawRaster(of: layer, batch)
        case .drawGLContent(let request, let batch): drawGLContent(request, batch)
        case .drawVideo(let video, let batch): drawVideo(video, batch)
        case .beginShadow(let shadow): beginShadow(shadow)
        case .endShadow(let bounds): endShadow(bounds: bounds)
        case .drawShadow(let shadow): drawShadow(shadow)
        }
        // Whatever the command bound last, the next draws into it with the scissor it needs.
        if frameScissor != nil, !command.isDraw { scissorBoundTarget() }
    }

    /// Closes what the list left open: groups (masked or not) are composited at full opacity,
    /// shape clips with their shape;
    /// clips need no undoing because the next frame clears the stencil. Leaves the frame's
    /// framebuffer bound.
    mutating func finish() {
        if levels.count > 1 {
            Diagnostics.errorOnce(
                "GLRenderer.unclosedGroups",
                "GLRenderer: \(levels.count - 1) beginGroup without endGroup (or beginMask without endMask, beginRaster without endRaster); composited at opacity 1"
            )
            while levels.count > 1 {
                if current.isRaster {
                    endRaster()
                } else if current.isMask {
                    endMask(opacity: 1)
                } else if let instance = current.shapeClip {
                    endShapeClip(instance)
                } else {
                    endGroup(opacity: 1)
                }
            }
        }
        if !current.clips.isEmpty {
            Diagnostics.errorOnce(
                "GLRenderer.unclosedClips",
                "GLRenderer: \(current.clips.count) pushClip without popClip at the end of the frame")
        }
        bindDrawTarget(current.framebuffer)
    }

    /// Reports an invalid command (once per kind of fault: the message less its numbers) and
    /// counts it.
    mutating func reject(_ message: String) {
        Diagnostics.errorOnce(
            "GLRenderer.reject." + message.filter { !$0.isNumber }, "GLRenderer: \(message); command ignored")
        statistics.rejectedCommands += 1
    }

    /// Whether `first..<first + count` lies inside the list's instances.
    func isValidRange(first: Int, count: Int) -> Bool {
        first >= 0 && count >= 0 && first <= instanceCount && count <= instanceCount - first
    }

    private mutating func draw(_ batch: DrawBatch) {
        guard isValidRange(first: batch.first, count: batch.count) else {
            reject(
                "draw batch of \(batch.count) instances from \(batch.first) is outside the list's \(instanceCount) instances"
            )
            return
        }
        guard batch.count > 0, !current.discardsDrawing else { return }
        if let image = batch.image {
            renderer.textureCache.bind(
                image, mipmapped: SamplerCache.needsMipmaps(batch.sampling), statistics: &statistics)
            glBindSampler(0, renderer.samplers.sampler(for: batch.sampling))
        } else if batch.gradient != .none {
            renderer.gradients.bind()
        }
        guard
            let program = renderer.programs.program(
                for: .batch(
                    shaped: batch.isShaped, textured: batch.image != nil, gradient: batch.gradient,
                    shapeCoverage: batch.shapeCoverage))
        else { return }
        glUseProgram(program.program.id)
        setStencil(testing: current.stencilDepth, passOperation: GL_KEEP)
        drawInstances(first: batch.first, count: batch.count)
        statistics.instances += batch.count
    }

    /// Runs `body` with drawing limited to `region` (GL's scissor test) and, in the frame's own
    /// framebuffer, to the frame's scissor, then leaves the scissor as the bound target needs it
    /// (`scissorBoundTarget`); without a region, as the caller left the scissor.
    mutating func withScissor(_ region: PixelRegion?, _ body: (inout FramePass) -> Void) {
        guard let region else {
            body(&self)
            return
        }
        if let frameScissor, drawsIntoFrame {
            scissor(region.intersection(frameScissor))
        } else {
            scissor(region)
        }
        body(&self)
        scissorBoundTarget()
    }

    /// Binds `framebuffer` for drawing, with the scissor it needs (`scissorBoundTarget`).
    func bindDrawTarget(_ framebuffer: GLuint) {
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER.glEnum, framebuffer)
        if frameScissor != nil { scissorBoundTarget() }
    }

    /// Limits drawing to the frame's scissor while the frame's own framebuffer is bound; an
    /// offscreen target is drawn unscissored.
    func scissorBoundTarget() {
        if let frameScissor, drawsIntoFrame {
            scissor(frameScissor)
        } else {
            glDisable(GL_SCISSOR_TEST.glEnum)
        }
    }

    /// Whether the bound draw framebuffer is the frame's own.
    private var drawsIntoFrame: Bool {
        guard frameScissor != nil else { return false }
        var bound: GLint = 0
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING.glEnum, &bound)
        return GLuint(bound) == levels[0].framebuffer
    }

    private func scissor(_ region: PixelRegion) {
        glEnable(GL_SCISSOR_TEST.glEnum)
        glScissor(GLint(region.x), GLint(region.y), GLsizei(max(region.width, 0)), GLsizei(max(region.height, 0)))
    }

    /// Passes fragments where the stencil equals `depth`, applying `passOperation` to them.
    /// Outside any clip (depth 0, nothing written) the stencil test is off: every pixel passes.
    func setStencil(testing depth: Int, passOperation: Int32) {
        if depth == 0 && passOperation == GL_KEEP {
            glDisable(GL_STENCIL_TEST.glEnum)
            return
        }
        glEnable(GL_STENCIL_TEST.glEnum)
        glStencilFunc(GL_EQUAL.glEnum, GLint(depth), 0xFF)
        glStencilOp(GL_KEEP.glEnum, GL_KEEP.glEnum, passOperation.glEnum)
    }

    /// One instanced draw of `count` quads starting at instance `first`.
    mutating func drawInstances(first: Int, count: Int) {
        if renderer.drawsWithBaseInstance {
            glDrawArraysInstancedBaseInstance(GL_TRIANGLE_STRIP.glEnum, 0, 4, GLsizei(count), GLuint(first))
        } else {
            renderer.instanceBuffer.point(atInstance: first)
            glDrawArraysInstanced(GL_TRIANGLE_STRIP.glEnum, 0, 4, GLsizei(count))
        }
        statistics.drawCalls += 1
    }
}

extension DisplayCommand {
    /// Whether the command draws a batch into the bound target and binds no other.
    fileprivate var isDraw: Bool {
        if case .draw = self { true } else { false }
    }
}
