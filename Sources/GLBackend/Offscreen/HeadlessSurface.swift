import CSceneCoreGL
import SceneCore

/// Renders `DisplayList`s without a window or X server and reads the pixels back.
///
/// Each surface owns its own OpenGL context on the process-wide headless EGL display, so any
/// number of surfaces can exist at once and render in parallel on different threads. A surface
/// itself may be used from any thread: its calls are serialised by its context's lock. Call it
/// from synchronous code, never with a context held across an `await`.
final class HeadlessSurface: @unchecked Sendable {
    private let context: HeadlessGLContext
    // The framebuffer and renderer are touched only inside `context.withCurrent`, under its lock.
    private var framebuffer: SurfaceFramebuffer
    private let renderer: GLRenderer
    private let lastStatistics = Locked(FrameStatistics())

    /// Creates a surface of `width` x `height` pixels with its own context.
    /// - Throws: `EGLError` when no headless display or context can be made; `GLError` for a
    ///   size outside 1...`GL_MAX_RENDERBUFFER_SIZE`.
    package convenience init(width: Int, height: Int) throws {
        try self.init(width: width, height: height, options: GLRendererOptions())
    }

    /// Creates a surface whose renderer uses `options`.
    package init(width: Int, height: Int, options: GLRendererOptions) throws {
        let context = try HeadlessGLContext()
        (framebuffer, renderer) = try context.withCurrent {
            (try SurfaceFramebuffer(width: width, height: height), GLRenderer(options: options))
        }
        self.context = context
    }

    /// Draws `list` and returns the pixels, origin top-left, straight alpha. The surface
    /// resizes itself to the list's size first when the two differ. With `damage`, the surface
    /// still holds the last list drawn and only that region is drawn again (`GLRenderer.draw`).
    /// - Throws: `GLError.invalidSize` when the list's size is not renderable, `EGLError` when
    ///   the context cannot be made current.
    package func render(_ list: DisplayList, damage: DamageRegion? = nil) throws -> RenderedImage {
        try context.withCurrent {
            let resized = framebuffer.width != list.width || framebuffer.height != list.height
            try framebuffer.resize(width: list.width, height: list.height)
            glBindFramebuffer(GL_FRAMEBUFFER.glEnum, framebuffer.framebuffer)
            let submitting = FrameTrace.begin("GL submit", "render")
            renderer.draw(list, damage: resized ? nil : damage)
            glFinish()
            submitting?.end(renderer.statistics.traceArguments)
            let statistics = renderer.statistics
            lastStatistics.withLock { $0 = statistics }
            return RenderedImage(
                bottomUpPremultiplied: framebuffer.readPixels(), width: framebuffer.width, height: framebuffer.height)
        }
    }

    /// What the last `render(_:)` did.
    package var statistics: FrameStatistics {
        lastStatistics.withLock { $0 }
    }

    /// The shader programs the surface's renderer has compiled so far (`GLRenderer.compiledPrograms`).
    /// - Throws: `EGLError` when the context cannot be made current.
    func compiledPrograms() throws -> Int {
        try context.withCurrent { renderer.compiledPrograms }
    }

    /// The largest texture side this surface uploads; larger images are downscaled to fit.
    var maxTextureSize: Int { renderer.textureCache.maxTextureSize }

    /// Deletes the textures of images not in `liveImageIDs` (`CGImage.imageID` values).
    /// - Throws: `EGLError` when the context cannot be made current.
    func purgeTextures(keeping liveImageIDs: Set<UInt64>) throws {
        try context.withCurrent { renderer.textureCache.purge(keeping: liveImageIDs) }
    }
}
