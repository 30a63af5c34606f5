import Foundation
import SceneCore

/// A window's render thread: it owns the GL context and the render tree, and is the only
/// thread that touches either.
///
/// Overall design: the app thread's commits arrive through `enqueue(_:)` (this is the
/// window's `CommitSink`) and wake the thread. Each frame applies every queued commit, whole
/// and in order, builds the display list, draws and presents, paced to the display's refresh
/// interval (or as fast as possible when unpaced). With nothing queued and nothing asking for
/// frames it waits on a condition variable: an idle window uses no CPU. Frame statistics are
/// collected here and read by the app side through `statistics`.
final class RenderThread: CommitSink, DisplayFrameSource, @unchecked Sendable {
    private let surface: any WindowSurface
    private let inbox = CommitQueue()
    private let condition = NSCondition()
    private let finished = DispatchSemaphore(value: 0)
    private let stats = Locked(WindowStatistics())

    // Guarded by `condition`.
    private var hasWork = true
    /// Frames still to draw after a resize. The window system resizes the drawable's buffers
    /// lazily (Mesa notices at a swap), so the first frame at a new size can land in buffers of
    /// the old size; a second frame makes sure the new size is on screen.
    private var framesAfterResize = 0
    /// Set when the window's pixels were lost (exposed): the next frame is drawn and shown whole.
    private var needsWholeFrame = false
    private var showsDamage = false
    private var debugOverlays: DebugOverlays = []
    private var quit = false
    private var drivesDisplayLinks = false
    private var size: (width: Int, height: Int)
    /// Pixels per point: `size` is in pixels, the tree in points (`LayerWindow.contentsScale`).
    private var scale: CGFloat
    private var root: LayerID?
    private var clearColor: SIMD4<Float> = .zero
    private let interval: Double

    /// - Parameters:
    ///   - interval: seconds between frames; 0 draws as fast as possible (unpaced).
    /// Whether frames redraw only what changed where the surface can show part of a frame.
    private let limitsRedrawToDamage: Bool

    init(
        surface: any WindowSurface, width: Int, height: Int, scale: CGFloat, interval: Double,
        limitsRedrawToDamage: Bool
    ) {
        self.limitsRedrawToDamage = limitsRedrawToDamage
        self.surface = surface
        self.size = (width, height)
        self.scale = scale
        self.interval = interval
        stats.withLock {
            $0.presentationAPI = surface.api
            $0.refreshInterval = interval
        }
    }

    func start() {
        let thread = Thread { [self] in
            // Named from inside: Foundation on Linux applies a name set before `start()` to
            // `Thread.name` only, not to the system thread; the system keeps 15 bytes at most.
            Thread.current.name = "SceneCoreRender"
            FrameTrace.setThreadName("SceneCoreRender")
            run()
            finished.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Ends the thread after the frame in progress and waits for it.
    func stop() {
        update { $0.quit = true }
        finished.wait()
    }

    // MARK: - Inputs (any thread)

    func enqueue(_ commit: LayerTreeCommit) {
        inbox.enqueue(commit)
        update { $0.hasWork = true }
    }

    func setRoot(_ id: LayerID?) {
        update {
            $0.root = id
            $0.hasWork = true
        }
    }

    /// Draws the next frames `width` x `height` pixels at `scale` pixels per point.
    func resize(width: Int, height: Int, scale: CGFloat) {
        update {
            $0.size = (width, height)
            $0.scale = scale
            $0.hasWork = true
            $0.framesAfterResize = 2
        }
    }

    func setNeedsDisplay() { update { $0.hasWork = true } }

    /// Tints the region each frame drawn only where it changed redraws, or stops.
    func setShowsDamage(_ on: Bool) {
        update {
            $0.showsDamage = on
            $0.hasWork = true
        }
    }

    /// Draws `overlays` over (or instead of) every frame from the next one on.
    func setDebugOverlays(_ overlays: DebugOverlays) {
        update {
            $0.debugOverlays = overlays
            $0.hasWork = true
        }
    }

    /// Draws and shows the next frame whole: the window lost what it showed (an Expose event).
    func setNeedsWholeFrame() {
        update {
            $0.hasWork = true
            $0.needsWholeFrame = true
        }
    }

    /// While a `CADisplayLink` runs, frames are presented every refresh to time it.
    func setDrivesDisplayLinks(_ on: Bool) {
        update {
            $0.drivesDisplayLinks = on
            $0.hasWork = true
        }
    }

    func setClearColor(_ color: SIMD4<Float>) {
        update {
            $0.clearColor = color
            $0.hasWork = true
        }
    }

    var statistics: WindowStatistics { stats.withLock { $0 } }

    private func update(_ change: (RenderThread) -> Void) {
        condition.lock()
        change(self)
        condition.signal()
        condition.unlock()
    }

    // MARK: - The loop (render thread)

    private func run() {
        guard surface.makeCurrent() else {
            Diagnostics.errorOnce(
                "RenderThread.makeCurrent",
                "(RT) could not make the \(surface.api) context current; the window shows nothing")
            return
        }
        defer { surface.releaseCurrent() }
        let renderer = GLRenderer()
        defer { release(renderer) }
        var pipeline = FramePipeline()
        // A tiled layer's tile drawn on a background thread wakes the thread for a frame.
        pipeline.frameRequest = FrameRequest { [weak self] in self?.setNeedsDisplay() }
        var deadline = CACurrentMediaTime()
        var animation = AnimationTick()
        var lastPresent = CACurrentMediaTime()
        /// Whether the back buffer still holds the last frame drawn (a copied frame; a swap leaves
        /// the back buffer undefined).
        var backBufferHoldsLast = false
        var presentedSize = (width: 0, height: 0)
        var lastTint: DamageRegion?
        var overlay = DebugOverlayRenderer()
        /// Unpaced, the next frame built while the GL driver draws this one.
        var ahead: BuiltFrame?
        /// The thread CPU time the last frame took to build.
        var buildTime = 0.0
        while let frame = waitForFrame(deadline: &deadline, animation: animation) {
            let cpuStart = threadCPUTime()
            let framing = FrameTrace.begin("frame", "render")
            // A frame built ahead for a window that changed since is drawn no more, but its
            // textures may go. The frame built now differs from it, not from the last one drawn,
            // so its damage says nothing: it is drawn whole.
            let dropsAhead = ahead.map { !$0.frame.matches(frame) } ?? false
            if dropsAhead, let live = ahead?.output.liveImageIDs { renderer.textureCache.purge(keeping: live) }
            // The frame is drawn in a scope of its own: once its instances are uploaded, its
            // display list is held by the pipeline alone, so the next frame (built ahead below)
            // patches that list in place instead of copying it (1.6 MB at 10,000 quads).
            let (commits, commitSeconds, width, height, presented): (Int, Double, Int, Int, DamageRegion?)
            do {
                let built =
                    ahead.flatMap { $0.frame.matches(frame) ? $0 : nil }
                    ?? build(frame, with: &pipeline, at: frame.targetTime, measuring: &buildTime)
                ahead = nil
                let output = built.output
                animation = output.tick
                if let live = output.liveImageIDs { renderer.textureCache.purge(keeping: live) }
                let list = output.displayList
                // Where the surface keeps its frame, only what changed since the last is drawn and
                // shown. A frame that changes the whole target is swapped, cheaper than copying all
                // of the back buffer, and so is a frame of a new size (the driver takes the window's
                // size at a swap); a swap leaves the back buffer undefined, so the next frame is
                // drawn whole, and copied.
                let resized = presentedSize.width != list.width || presentedSize.height != list.height
                let damageKnown = !(frame.drawsWhole || resized || dropsAhead)
                // With debug overlays, every frame is drawn whole.
                overlay.overlays = frame.debugOverlays
                let region = damageKnown && !overlay.isActive ? output.damage : nil
                let changed = backBufferHoldsLast ? region : nil
                let keepsFrame = surface.presentsDamage && limitsRedrawToDamage && !resized && region != nil
                // The last frame's tint over what it drew is drawn over again, untinted; what this
                // frame changed is tinted.
                let damage = changed.flatMap { region in
                    lastTint.map { region.union($0, width: list.width, height: list.height) } ?? region
                }
                lastTint = frame.showsDamage && keepsFrame ? changed.flatMap { $0.isEmpty ? nil : $0 } : nil
                let drawn =
                    overlay.isActive
                    ? overlay.overlaid(list, damage: damageKnown ? output.damage : nil, at: frame.targetTime)
                    : lastTint.map { list.highlighting($0) } ?? list
                let submitting = FrameTrace.begin("GL submit", "render")
                renderer.draw(drawn, damage: damage)
                submitting?.end(renderer.statistics.traceArguments)
                FrameTrace.counter("uploaded bytes", renderer.statistics.uploadedBytes)
                backBufferHoldsLast = keepsFrame
                (commits, commitSeconds, width, height) = (built.commits, built.commitSeconds, list.width, list.height)
                presented = keepsFrame ? damage ?? DamageRegion(width: width, height: height) : nil
            }
            if interval == 0 && animation.isAnimating && buildTime >= Self.buildAheadTime {
                // Unpaced and animating, the next frame is certain: one that takes long to build
                // is built while the driver's threads draw this one (started by the flush),
                // rather than after they finished.
                renderer.flush()
                let next = frame.following(at: CACurrentMediaTime())
                ahead = build(next, with: &pipeline, at: next.targetTime, measuring: &buildTime)
            }
            FrameTrace.span("present", "render") { surface.present(changed: presented) }
            presentedSize = (width, height)
            // A tint shows for one frame: the next takes it away.
            if lastTint != nil { setNeedsDisplay() }
            let now = CACurrentMediaTime()
            let cpu = threadCPUTime() - cpuStart
            framing?.end([("number", statistics.framesPresented + 1), ("dropped", frame.missedSlots)])
            record(
                renderer.statistics, textures: renderer.textureCache, commits: commits, presentedAt: now,
                missed: frame.missedSlots, cpu: cpu, targetPixels: width * height)
            if overlay.isActive {
                overlay.graph.record(
                    FrameGraph.Sample(
                        renderCPU: cpu, commitTime: commitSeconds, interval: now - lastPresent,
                        droppedFrames: frame.missedSlots))
                if overlay.needsFrame(after: now) { setNeedsDisplay() }
            }
            DisplayLinkDriver.shared.framePresented(
                by: self, at: now, interval: interval > 0 ? interval : now - lastPresent)
            lastPresent = now
        }
    }

    /// A frame's display list and what else building it gave, with the number of commits applied.
    private struct BuiltFrame {
        let frame: Frame
        let commits: Int
        /// The seconds the app side spent making those commits.
        let commitSeconds: Double
        let output: FramePipeline.Output
    }

    /// The build time from which an unpaced frame is built while the driver draws the last.
    /// Building ahead competes with the driver's threads for the cores: on two cores with
    /// llvmpipe, 1,000 turning quads (about 1.3 ms to build) drew 2 to 10 % fewer frames built
    /// ahead, and 10,000 (about 14 ms) 10 % more.
    private static let buildAheadTime = 0.004

    /// Applies the commits received so far and builds `frame` at `time` (the time the frame
    /// will be seen: its refresh deadline, or now when unpaced), noting the thread CPU time it
    /// took in `buildTime`.
    private func build(
        _ frame: Frame, with pipeline: inout FramePipeline, at time: Double, measuring buildTime: inout Double
    ) -> BuiltFrame {
        let start = threadCPUTime()
        let building = FrameTrace.begin("build", "render")
        defer {
            building?.end()
            buildTime = threadCPUTime() - start
        }
        let commits = inbox.drain()
        let output = pipeline.frame(
            applying: commits, root: frame.root, at: time, width: frame.width, height: frame.height,
            clearColor: frame.clearColor, patching: limitsRedrawToDamage, scale: frame.scale)
        return BuiltFrame(
            frame: frame, commits: commits.count, commitSeconds: commits.reduce(0) { $0 + $1.appSeconds },
            output: output)
    }

    private struct Frame {
        let width: Int, height: Int
        let scale: CGFloat
        let root: LayerID?
        let clearColor: SIMD4<Float>
        /// Refresh slots that passed without a frame before this one (paced windows only).
        let missedSlots: Int
        /// When the frame is expected on screen (its refresh deadline; now when unpaced).
        let targetTime: Double
        /// Whether the frame is drawn and shown whole (the window's pixels were lost).
        let drawsWhole: Bool
        /// Whether the region a frame drawn only where it changed is tinted (`LayerWindow.showsDamage`).
        let showsDamage: Bool
        /// The debug overlays drawn over the frame (`LayerWindow.debugOverlays`).
        let debugOverlays: DebugOverlays

        /// The frame after this one, unpaced, at `time`, for the same window.
        func following(at time: Double) -> Frame {
            Frame(
                width: width, height: height, scale: scale, root: root, clearColor: clearColor, missedSlots: 0,
                targetTime: time, drawsWhole: false, showsDamage: showsDamage, debugOverlays: debugOverlays)
        }

        /// Whether a frame built for this one can be shown as `frame`: the same window, size and
        /// tree, with nothing asking for the whole frame.
        func matches(_ frame: Frame) -> Bool {
            width == frame.width && height == frame.height && scale == frame.scale && root == frame.root
                && clearColor == frame.clearColor && showsDamage == frame.showsDamage
                && debugOverlays == frame.debugOverlays && !frame.drawsWhole
        }
    }

    /// Sleeps until there is work (no CPU while idle), then, when paced, until the next
    /// refresh deadline. Returns nil when the thread should end.
    private func waitForFrame(deadline: inout Double, animation: AnimationTick) -> Frame? {
        condition.lock()
        defer { condition.unlock() }
        var wasIdle = false
        // Asleep until a commit, a display link or a running animation needs a frame; an
        // animation waiting for its begin time wakes the thread then.
        while !quit && !hasWork && !drivesDisplayLinks && !animation.isAnimating {
            wasIdle = true
            if let wake = animation.wakeTime {
                let now = CACurrentMediaTime()
                if now >= wake { break }
                _ = condition.wait(until: Date(timeIntervalSinceNow: wake - now))
            } else {
                condition.wait()
            }
        }
        if wasIdle { deadline = max(deadline, CACurrentMediaTime()) }
        while interval > 0 && !quit {
            let now = CACurrentMediaTime()
            if now >= deadline { break }
            _ = condition.wait(until: Date(timeIntervalSinceNow: deadline - now))
        }
        if quit { return nil }
        if framesAfterResize > 0 { framesAfterResize -= 1 }
        hasWork = framesAfterResize > 0
        var missed = 0
        if interval > 0 {
            // Starting a whole interval or more after this frame's deadline means refresh
            // slots passed without a frame: count them, and restart the cadence from now.
            let now = CACurrentMediaTime()
            if now - deadline >= interval {
                missed = Int((now - deadline) / interval)
                deadline = now
            }
            deadline += interval
        }
        let target = interval > 0 ? deadline - interval : CACurrentMediaTime()
        defer { needsWholeFrame = false }
        return Frame(
            width: size.width, height: size.height, scale: scale, root: root, clearColor: clearColor,
            missedSlots: missed, targetTime: target, drawsWhole: needsWholeFrame, showsDamage: showsDamage,
            debugOverlays: debugOverlays)
    }

    /// Deletes every texture (so that the statistics account for them) and shader program before
    /// the context goes.
    private func release(_ renderer: GLRenderer) {
        renderer.textureCache.purge(keeping: [])
        renderer.videoTextures.deleteAll()
        renderer.deletePrograms()
        stats.withLock {
            $0.textures = 0
            $0.textureBytes = 0
        }
    }

    private func record(
        _ frame: FrameStatistics, textures: TextureCache, commits: Int, presentedAt now: Double, missed: Int,
        cpu: Double, targetPixels: Int
    ) {
        let (textureCount, textureBytes) = (textures.textureCount, textures.textureBytes)
        stats.withLock { s in
            s.textures = textureCount
            s.textureBytes = textureBytes
            s.framesPresented += 1
            s.presentTimes.append(now)
            // Trim in halves, so that keeping the history costs O(1) per frame on average.
            if s.presentTimes.count > 2 * WindowStatistics.keptPresentTimes {
                s.presentTimes.removeFirst(s.presentTimes.count - WindowStatistics.keptPresentTimes)
            }
            s.renderCPUSeconds += cpu
            s.drawCallsLastFrame = frame.drawCalls
            s.quadsLastFrame = frame.instances
            s.rasterCacheHitsLastFrame = frame.rasterCacheHits
            s.rasterCacheMissesLastFrame = frame.rasterCacheMisses
            s.totalDrawCalls += frame.drawCalls
            s.totalTextureUploads += frame.textureUploads
            s.totalUploadedBytes += frame.uploadedBytes
            s.totalRedrawnPixels += frame.damagedPixels ?? targetPixels
            s.totalTargetPixels += targetPixels
            s.commitsApplied += commits
            if commits > 0 { s.framesApplyingCommits += 1 }
            s.droppedFrames += missed
        }
    }
}
