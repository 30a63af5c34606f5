import CSceneCoreGL
import SceneCore
import Synchronization

/// Draws `DisplayList`s with OpenGL 3.3 core into the currently bound framebuffer. The one
/// implementation behind both offscreen surfaces and windows.
///
/// Every method needs this renderer's context to be current on the calling thread, and the
/// renderer's GL objects live as long as that context. The target framebuffer needs a stencil
/// buffer for clips to take effect.
///
/// Each frame clears to the list's clear colour, uploads all instances once, then runs the
/// commands in order: one instanced draw per `.draw` batch with premultiplied source-over
/// blending; clips as nested stencil values (`pushClip` increments where the clip shape covers
/// at least half a pixel inside the current clip, `popClip` decrements back, and draws pass
/// where the stencil equals the nesting depth); groups drawn into pooled offscreen targets and
/// composited with their opacity under the clip of their `beginGroup`. Invalid commands are
/// skipped with a diagnostics error; nothing in a list can make the renderer trap.
///
/// Shader programs are compiled the first time a frame draws with them (`ProgramCache`); one
/// that does not compile is logged once and what it draws is left out.
final class GLRenderer {
    /// What the last `draw(_:)` did.
    package private(set) var statistics = FrameStatistics()
    /// The textures of the images drawn so far.
    let textureCache: TextureCache

    /// The layer programs compiled so far.
    let programs = LayerPrograms()
    let instanceBuffer: InstanceBuffer
    let samplers = SamplerCache()
    let groupTargets = GroupTargetPool()
    /// Blurs regions of textures (shadows, blur filters).
    let blur: GaussianBlur
    /// The programs of colour matrix filters and blend modes compiled so far.
    let filterPrograms = ProgramCache<FilterProgram>()
    /// The bitmaps of rasterized layers.
    let rasterCache: RasterCache
    /// The pictures of `CAOpenGLLayer`s.
    let glContentCache = GLContentCache()
    /// The textures video layers' frames are uploaded into.
    let videoTextures = VideoTextures()
    /// Names this renderer's context to `CAOpenGLLayer`s (`CAOpenGLContext.contextIdentifier`).
    let contextIdentifier = GLRenderer.contextCount.wrappingAdd(1, ordering: .relaxed).newValue
    private static let contextCount = Atomic<UInt64>(0)
    /// The blurred alpha of each shadowed layer's shadow, kept while its key is unchanged.
    let shadowCache: ShadowCache
    /// The targets layers casting an uncached shadow are drawn into.
    let shadowTargets = ShadowTargets()
    /// The frame's gradients, which gradient quads read.
    let gradients = GradientTexture()
    let drawsWithBaseInstance: Bool
    let maxGroupDepth: Int
    /// `GL_MAX_VIEWPORT_DIMS`: the largest target this context can draw.
    let maxViewportSize: (width: Int, height: Int)

    /// Creates the renderer's buffers in the current context (no shader program: each is
    /// compiled when a frame first draws with it).
    package init(options: GLRendererOptions = GLRendererOptions()) {
        blur = GaussianBlur()
        instanceBuffer = InstanceBuffer()
        textureCache = TextureCache(maxTextureSize: options.maxTextureSize, budgetBytes: options.textureBudget)
        let version = GLQuery.version
        drawsWithBaseInstance = options.allowsBaseInstance && (version.major, version.minor) >= (4, 2)
        maxGroupDepth = max(0, options.maxGroupDepth)
        rasterCache = RasterCache(budgetBytes: options.rasterCacheBudget)
        shadowCache = ShadowCache(budgetBytes: options.shadowCacheBudget)
        var dimensions: [GLint] = [0, 0]
        glGetIntegerv(GL_MAX_VIEWPORT_DIMS.glEnum, &dimensions)
        maxViewportSize = (Int(dimensions[0]), Int(dimensions[1]))
    }

    /// The shader programs compiled so far: layer, blur and filter programs.
    var compiledPrograms: Int { programs.count + blur.programs.count + filterPrograms.count }

    /// Deletes the shader programs compiled so far (a frame drawn later compiles what it draws
    /// with again). A window's render thread calls it as it ends, with its textures; a headless
    /// surface's programs go with its context.
    func deletePrograms() {
        // A program in use would only be flagged for deletion.
        glUseProgram(0)
        programs.deleteAll()
        blur.programs.deleteAll()
        filterPrograms.deleteAll()
    }

    /// Draws `list` into the currently bound draw framebuffer, whose size should be
    /// `list.width` x `list.height`. A list whose size is not positive or exceeds
    /// `GL_MAX_VIEWPORT_DIMS` draws nothing.
    ///
    /// With `damage` (`FrameDamage`), the framebuffer holds the last frame drawn and only that
    /// region changes: only the instances that reach it are drawn, and the frame is cleared
    /// and drawn once per rectangle of the region, scissored to it; an empty region draws
    /// nothing at all.
    /// Sends the commands drawn so far to the driver without waiting for them (`glFlush`):
    /// Mesa's software rasteriser starts drawing them on its own threads.
    package func flush() { glFlush() }

    package func draw(_ whole: DisplayList, damage: DamageRegion? = nil) {
        // An empty region skips the culling too (below, before anything is drawn).
        let list = damage.flatMap { $0.isEmpty ? nil : FrameDamage.culled(whole, to: $0) } ?? whole
        guard list.width >= 1, list.width <= maxViewportSize.width, list.height >= 1,
            list.height <= maxViewportSize.height
        else {
            Diagnostics.errorOnce(
                "GLRenderer.listSize",
                "GLRenderer: display list size \(list.width)x\(list.height) is outside 1x1...\(maxViewportSize.width)x\(maxViewportSize.height); nothing drawn"
            )
            statistics = FrameStatistics()
            return
        }
        var baseFramebuffer: GLint = 0
        var readFramebuffer: GLint = 0
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING.glEnum, &baseFramebuffer)
        glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING.glEnum, &readFramebuffer)
        let glContentDraws = drawGLContent(
            of: list, drawFramebuffer: GLuint(baseFramebuffer), readFramebuffer: GLuint(readFramebuffer))
        groupTargets.trim(keepingWidth: list.width, height: list.height)

        var statistics = FrameStatistics()
        statistics.glContentDraws = glContentDraws
        if let damage {
            statistics.damagedPixels = damage.pixelCount
            statistics.damageRects = damage.rects.count
            guard !damage.isEmpty else {
                self.statistics = statistics
                return
            }
        }
        let clips = list.commands.contains {
            switch $0 {
            case .pushClip: true
            case .beginShadow(let shadow): shadow.clip != nil
            case .drawShadow(let shadow): shadow.clip != nil
            default: false
            }
        }
        statistics.instanceBytes = instanceBuffer.upload(
            list.instances, appending: Self.compositeInstance(width: list.width, height: list.height))
        statistics.uploadedBytes += gradients.upload(list.gradientTexels)
        for update in list.textureUpdates { textureCache.write(update, statistics: &statistics) }

        let scissors: [PixelRegion?] = damage?.rects ?? [nil]
        for scissor in scissors {
            prepare(
                width: list.width, height: list.height, clearColor: list.clearColor, clearingStencil: clips,
                scissor: scissor)
            var pass = FramePass(
                renderer: self, list: list, framebuffer: GLuint(baseFramebuffer), statistics: statistics,
                scissor: scissor)
            for (index, command) in list.commands.enumerated() { pass.execute(command, at: index) }
            pass.finish()
            statistics = pass.statistics
        }
        glDisable(GL_SCISSOR_TEST.glEnum)
        // A frame drawn only within its damage leaves out the effects, which lie clear of it
        // (`FrameDamage.culled`): their kept bitmaps and shadows are not out of use.
        if damage == nil {
            rasterCache.endFrame()
            glContentCache.endFrame()
            videoTextures.endFrame()
            shadowCache.evictUndrawn(returningTexturesTo: blur)
        }
        statistics.rasterCacheBytes = rasterCache.bytes
        statistics.cachedShadows = shadowCache.count
        statistics.evictedTextures = textureCache.endFrame()
        self.statistics = statistics
    }

    /// Sets the fixed-function state of a frame and clears the target (its stencil only when
    /// the frame clips: a software rasteriser pays a full pass over the buffer for it), all of
    /// it or, with `scissor`, only that rectangle, to which the frame's drawing stays scissored.
    private func prepare(
        width: Int, height: Int, clearColor: SIMD4<Float>, clearingStencil: Bool, scissor: PixelRegion?
    ) {
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glDisable(GL_DEPTH_TEST.glEnum)
        glDisable(GL_CULL_FACE.glEnum)
        if let scissor {
            glEnable(GL_SCISSOR_TEST.glEnum)
            glScissor(GLint(scissor.x), GLint(scissor.y), GLsizei(scissor.width), GLsizei(scissor.height))
        } else {
            glDisable(GL_SCISSOR_TEST.glEnum)
        }
        glEnable(GL_BLEND.glEnum)
        glBlendFunc(GL_ONE.glEnum, GL_ONE_MINUS_SRC_ALPHA.glEnum)
        // The stencil test runs only while a clip is active (see FramePass.setStencil).
        glDisable(GL_STENCIL_TEST.glEnum)
        glStencilMask(0xFF)
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))

        var clear = clearColor
        if !(0..<4).allSatisfy({ clear[$0].isFinite }) {
            Diagnostics.errorOnce(
                "GLRenderer.clearColor", "GLRenderer: clear colour \(clearColor) is not finite; cleared to transparent")
            clear = .zero
        }
        glClearColor(clear.x, clear.y, clear.z, clear.w)
        glClearStencil(0)
        glClear(GLbitfield(clearingStencil ? GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT : GL_COLOR_BUFFER_BIT))

        programs.setViewportSize(width: width, height: height)
        glActiveTexture(GL_TEXTURE0.glEnum)
    }

    /// The full-target textured quad that composites a group. Its transform maps target pixels
    /// (origin top-left, y down) to clip space; its texture coordinates put the group texture's
    /// bottom row (GL's origin) at the bottom of the target.
    static func compositeInstance(width: Int, height: Int) -> QuadInstance {
        let (w, h) = (Float(width), Float(height))
        let rect = SIMD4<Float>(0, 0, w, h)
        return QuadInstance.textured(
            transform: SIMD16(2 / w, 0, 0, 0, 0, -2 / h, 0, 0, 0, 0, 1, 0, -1, 1, 0, 1), rect: rect,
            uv: SIMD4(0, 1, 1, 0), color: SIMD4(repeating: 1))
    }
}
