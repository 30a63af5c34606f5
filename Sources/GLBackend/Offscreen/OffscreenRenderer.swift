import Foundation
import SceneCore

/// Renders a layer tree without a window or X server, through the same commit pipeline and
/// GL renderer a window uses: the renderer attaches to the tree, receives its commits, keeps
/// its own render tree, and never reads a `CALayer` while drawing.
///
/// Use it for tests, thumbnails and image export. Any number may live in one process.
public final class OffscreenRenderer: @unchecked Sendable {
    /// Target width in pixels.
    public let width: Int
    /// Target height in pixels.
    public let height: Int
    /// The premultiplied colour the target is cleared to. Default transparent.
    public var clearColor: SIMD4<Float> = .zero
    /// Whether a frame redraws only what changed since the last one (`FrameDamage`), and builds a
    /// frame in which only plain leaf layers changed from the last one (`FramePatch`), as a
    /// window does; off by default, so that every frame walks and draws the whole tree and its
    /// statistics count all of it.
    public var limitsRedrawToDamage = false
    /// Debugging pictures drawn over, or instead of, each frame (`DebugOverlays`); none by
    /// default. While any is on, every frame is drawn whole; flashed regions show what each
    /// frame changed only with `limitsRedrawToDamage` (otherwise every frame redraws everything).
    public var debugOverlays: DebugOverlays {
        get { overlay.overlays }
        set { overlay.overlays = newValue }
    }

    private let surface: HeadlessSurface
    private let inbox = CommitQueue()
    // Touched only by `render`, which callers serialise (one render at a time per renderer).
    private var pipeline = FramePipeline()
    private var attachedRoot: LayerID?
    private var lastTick = AnimationTick()
    private var overlay = DebugOverlayRenderer()
    /// Whether the overlays asked for another frame at the last render (a flash fading).
    private var overlayNeedsFrame = false
    /// The time the last frame was rendered for (the frame graph's intervals).
    private var lastFrameTime: Double?
    /// The instances the last frame drew again into the frame before it, when it was patched
    /// rather than walked (`FramePipeline.Output.changedInstances`).
    private(set) var lastChangedInstances: [Int]?

    /// Creates a renderer drawing into a `width` x `height` RGBA8 target.
    /// - Throws: `EGLError` when no headless EGL display or context can be made, `GLError`
    ///   for a size the GL implementation cannot render.
    public convenience init(width: Int, height: Int) throws {
        try self.init(width: width, height: height, options: GLRendererOptions())
    }

    /// A renderer with other renderer settings (tests: small budgets, small texture limits).
    init(width: Int, height: Int, options: GLRendererOptions) throws {
        self.width = width
        self.height = height
        surface = try HeadlessSurface(width: width, height: height, options: options)
    }

    deinit { CommitDistributor.shared.detach(inbox) }

    /// How many commits wait for the next `render(_:at:)` (tests).
    var queuedCommits: Int { inbox.count }

    /// Commits pending changes (`CATransaction.flush()`), applies every commit the renderer
    /// has received, evaluates the animations at `time`, and draws the tree under `layer`
    /// (placed by its own frame in the target).
    ///
    /// Animation events (started, finished) go to the main queue as from a window, so
    /// delegates hear them and finished animations leave the model once the main run loop runs.
    /// - Parameters:
    ///   - layer: the root of the tree to draw; the renderer attaches to its tree the first time
    ///     and receives its commits from then on, until it renders another root.
    ///   - time: the absolute time (`CACurrentMediaTime()` seconds) to show; now when nil.
    ///     Rendering the same tree at chosen times gives deterministic frames of an animation.
    /// - Returns: the pixels, straight RGBA8, origin top-left.
    /// - Throws: `EGLError` or `GLError` when the GL context cannot render.
    public func render(_ layer: CALayer, at time: CFTimeInterval? = nil) throws -> RenderedImage {
        if attachedRoot != layer.layerID {
            CommitDistributor.shared.attach(inbox, root: layer)
            attachedRoot = layer.layerID
        } else {
            CATransaction.flush()
        }
        // The frame graph's CPU time: read only while an overlay draws it.
        let cpuStart = overlay.isActive ? threadCPUTime() : 0
        let framing = FrameTrace.begin("frame", "render")
        defer { framing?.end() }
        let time = time ?? CACurrentMediaTime()
        let commits = inbox.drain()
        let output = pipeline.frame(
            applying: commits, root: layer.layerID, at: time, width: width, height: height, clearColor: clearColor,
            patching: limitsRedrawToDamage)
        lastTick = output.tick
        lastChangedInstances = output.changedInstances
        if let live = output.liveImageIDs { try surface.purgeTextures(keeping: live) }
        guard overlay.isActive else { return try surface.render(output.displayList, damage: output.damage) }
        let image = try surface.render(overlay.overlaid(output.displayList, damage: output.damage, at: time))
        overlay.graph.record(
            FrameGraph.Sample(
                renderCPU: threadCPUTime() - cpuStart, commitTime: commits.reduce(0) { $0 + $1.appSeconds },
                interval: lastFrameTime.map { time - $0 } ?? 0, droppedFrames: 0))
        lastFrameTime = time
        overlayNeedsFrame = overlay.needsFrame(after: time)
        return image
    }

    /// Whether some animation was changing at the last `render(_:at:)` (another frame would
    /// differ), or a debug overlay was (a flashed region fading).
    public var isAnimating: Bool { lastTick.isAnimating || overlayNeedsFrame }

    /// When the tree needs its next frame although nothing animates now (absolute time): an
    /// animation waiting for its begin time, or a video layer's next frame. Nil when nothing waits.
    public var wakeTime: CFTimeInterval? { lastTick.wakeTime }

    /// What the last `render(_:)` did: draw calls, texture uploads and more.
    public var statistics: FrameStatistics { surface.statistics }

    /// The largest image side uploaded as is; larger images are downscaled with a warning.
    public var maxTextureSize: Int { surface.maxTextureSize }

    /// The shader programs compiled so far: each is compiled the first time a frame draws with it.
    /// - Throws: `EGLError` when the context cannot be made current.
    func compiledPrograms() throws -> Int { try surface.compiledPrograms() }
}
