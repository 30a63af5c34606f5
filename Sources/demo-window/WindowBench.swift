import Foundation
import GLBackend
import SceneCore

/// Runs a scene in a window and measures the frames its render thread presents.
@MainActor
struct WindowBench {
    let scene: DemoScene
    let options: SceneOptions
    let api: PresentationAPI
    let paced: Bool
    let seconds: Double
    let warmup: Double
    let block: Double?
    /// Seconds between resource samples (the soak); nil takes none.
    var sampleInterval: Double?
    /// Keep a display link running, so that the window presents every refresh even when the
    /// scene stands still.
    var continuous = false
    /// Draw every frame whole, even where the window could redraw only what changed.
    var wholeFrames = false

    func run() throws -> BenchResult {
        let window = try LayerWindow(
            title: "SceneCore bench", width: Int(options.size.width), height: Int(options.size.height),
            presentation: api, paced: paced, limitsRedrawToDamage: !wholeFrames)
        defer { window.close() }
        let root = scene.build(options)
        window.layer = root
        let ticks = TickDriver(scene.tick(options), root: root)
        defer { ticks.stop() }
        let link = continuous ? CADisplayLink { _ in } : nil
        link?.add(to: .main, forMode: .common)
        defer { link?.invalidate() }
        let sampler = sampleInterval.map { ResourceSampler(window: window, interval: $0) }
        defer { sampler?.stop() }

        LayerWindow.run(until: Date(timeIntervalSinceNow: warmup))
        VideoFigures.reset(root)
        let before = window.statistics
        let ticksBefore = ticks.count
        let appCPUBefore = BenchResult.threadCPUTime()
        let processCPUBefore = BenchResult.processCPUTime()
        let measureStart = CACurrentMediaTime()
        var blockWindow: (Double, Double)?
        if let block {
            LayerWindow.run(until: Date(timeIntervalSinceNow: 1))
            // Busy, as the peers' test blocks its GUI thread (a JavaScript loop): the app thread
            // holds a CPU for the whole block, as a real long computation would.
            say("bench: blocking the app thread for \(block) s")
            let blockStart = CACurrentMediaTime()
            while CACurrentMediaTime() - blockStart < block {}
            blockWindow = (blockStart, CACurrentMediaTime())
        }
        LayerWindow.run(until: Date(timeIntervalSinceNow: max(0, seconds - (CACurrentMediaTime() - measureStart))))
        let measureEnd = CACurrentMediaTime()
        let after = window.statistics
        let appCPU = BenchResult.threadCPUTime() - appCPUBefore
        let processCPU = BenchResult.processCPUTime() - processCPUBefore

        let presents = after.presentTimes.filter { $0 >= measureStart && $0 <= measureEnd }
        let intervals = zip(presents.dropFirst(), presents).map { ($0 - $1) * 1000 }
        let frames = max(after.framesPresented - before.framesPresented, 1)
        var result = BenchResult(
            fps: Double(presents.count) / (measureEnd - measureStart),
            frame_ms_p50: BenchResult.percentile(intervals, 0.5),
            frame_ms_p95: BenchResult.percentile(intervals, 0.95),
            frame_ms_p99: BenchResult.percentile(intervals, 0.99),
            dropped_frames: after.droppedFrames - before.droppedFrames,
            render_cpu_ms_per_frame: (after.renderCPUSeconds - before.renderCPUSeconds) * 1000 / Double(frames),
            app_cpu_ms_per_frame: appCPU * 1000 / Double(frames),
            draw_calls_per_frame: Double(after.totalDrawCalls - before.totalDrawCalls) / Double(frames),
            upload_bytes_per_frame: Double(after.totalUploadedBytes - before.totalUploadedBytes) / Double(frames),
            rss_mb: BenchResult.residentMegabytes())
        let renderCPU = after.renderCPUSeconds - before.renderCPUSeconds
        result.process_cpu_percent = processCPU * 100 / (measureEnd - measureStart)
        let updates = after.framesApplyingCommits - before.framesApplyingCommits
        result.update_fps = Double(updates) / (measureEnd - measureStart)
        result.app_cpu_ms_per_update = updates > 0 ? appCPU * 1000 / Double(updates) : nil
        let ticked = ticks.count - ticksBefore
        result.app_cpu_ms_per_tick = ticked > 0 ? appCPU * 1000 / Double(ticked) : nil
        result.video = VideoFigures(root)
        result.other_cpu_ms_per_frame = max(0, processCPU - appCPU - renderCPU) * 1000 / Double(frames)
        let targetPixels = after.totalTargetPixels - before.totalTargetPixels
        result.redrawn_fraction =
            targetPixels > 0 ? Double(after.totalRedrawnPixels - before.totalRedrawnPixels) / Double(targetPixels) : 1
        if let sampler {
            result.samples = sampler.samples
            result.growth = ResourceGrowth(sampler.samples, warmup: warmup)
        }
        if let (blockStart, blockEnd) = blockWindow {
            let during = presents.filter { $0 > blockStart && $0 < blockEnd }
            let edges = [blockStart] + during + [blockEnd]
            result.max_gap_ms_during_block = zip(edges.dropFirst(), edges).map { ($0 - $1) * 1000 }.max() ?? 0
            result.frames_during_block = during.count
        }
        return result
    }
}

/// The same measurement through the headless renderer: each frame ticks (when the scene's
/// tick is due), commits, and renders with the animations evaluated at the real time.
struct HeadlessBench {
    let scene: DemoScene
    let options: SceneOptions
    let seconds: Double
    let warmup: Double

    func run() throws -> BenchResult {
        let root = scene.build(options)
        let renderer = try OffscreenRenderer(width: Int(options.size.width), height: Int(options.size.height))
        let start = CACurrentMediaTime()
        var intervals: [Double] = []
        var drawCalls = 0
        var uploaded = 0
        var last: Double?
        var cpu: Double = 0
        let tick = scene.tick(options)
        var nextTick = 0.0
        while CACurrentMediaTime() - start < warmup + seconds {
            let frameStart = CACurrentMediaTime()
            let cpuStart = BenchResult.threadCPUTime()
            if let tick, frameStart - start >= nextTick {
                tick.change(root, frameStart - start)
                nextTick = tick.interval.map { nextTick + $0 } ?? 0
            }
            _ = try renderer.render(root, at: frameStart)
            let now = CACurrentMediaTime()
            guard now - start >= warmup else { continue }
            if let last { intervals.append((now - last) * 1000) }
            last = now
            drawCalls += renderer.statistics.drawCalls
            uploaded += renderer.statistics.uploadedBytes
            cpu += BenchResult.threadCPUTime() - cpuStart
        }
        let frames = Double(max(intervals.count + 1, 1))
        return BenchResult(
            fps: frames / seconds, frame_ms_p50: BenchResult.percentile(intervals, 0.5),
            frame_ms_p95: BenchResult.percentile(intervals, 0.95),
            frame_ms_p99: BenchResult.percentile(intervals, 0.99),
            dropped_frames: 0, render_cpu_ms_per_frame: cpu * 1000 / frames, app_cpu_ms_per_frame: 0,
            draw_calls_per_frame: Double(drawCalls) / frames, upload_bytes_per_frame: Double(uploaded) / frames,
            rss_mb: BenchResult.residentMegabytes())
    }
}
