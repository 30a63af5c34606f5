import Foundation
import GLBackend
import SceneCore

/// Renders a scene, with its caption as a window shows it, through the headless renderer to a
/// PNG, optionally over several frames 1/60 s apart: the scene's tick and its animations both
/// advance by frame time.
struct HeadlessRender {
    let scene: DemoScene
    let width: Int
    let height: Int
    let frames: Int
    /// Whether each frame starts 1/60 s of real time after the one before (else at once).
    var realTime = false
    let output: String?
    /// The debug overlays drawn over every frame.
    var debugOverlays: DebugOverlays = []

    @MainActor func run() throws {
        let size = scene.name == "stress" ? CGSize(width: 1280, height: 720) : CGSize(width: width, height: height)
        let root = scene.build(SceneOptions(size: size))
        // As in a window, the scene's caption names what it shows.
        SceneCaption().show(scene, on: root)
        // Start-up: from making the renderer (its EGL context, shaders on first use) to an image.
        let made = DispatchTime.now().uptimeNanoseconds
        let renderer = try OffscreenRenderer(width: Int(size.width), height: Int(size.height))
        renderer.debugOverlays = debugOverlays
        var image = try renderer.render(root)
        let firstImage = Double(DispatchTime.now().uptimeNanoseconds - made) / 1e6
        let shownAt = CACurrentMediaTime()
        let tick = scene.tick(SceneOptions(size: size))
        var times: [Double] = []
        let first = DispatchTime.now().uptimeNanoseconds
        for frame in 0..<frames {
            if realTime {
                let due = first + UInt64(frame) * 1_000_000_000 / 60
                let now = DispatchTime.now().uptimeNanoseconds
                if due > now { usleep(UInt32((due - now) / 1000)) }
            }
            let start = DispatchTime.now().uptimeNanoseconds
            let t = Double(frame) / 60
            tick?.change(root, t)
            image = try renderer.render(root, at: shownAt + t)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let url = URL(fileURLWithPath: output ?? "demo-\(scene.name).png")
        try image.writePNG(to: url)
        let stats = renderer.statistics
        let p50 = BenchResult.percentile(times, 0.5)
        let p95 = BenchResult.percentile(times, 0.95)
        let timing =
            frames == 1
            ? String(format: "in %.1f ms", times[0])
            : String(
                format: "%d frames: p50 %.2f ms, p95 %.2f ms, max %.2f ms, %.1f fps", frames, p50, p95,
                times.max() ?? 0, 1000 / p50)
        say(String(format: "demo-window: first image %.1f ms after OffscreenRenderer(width:height:)", firstImage))
        say(
            "demo-window: rendered '\(scene.name)' (\(image.width)x\(image.height)) \(timing); "
                + "\(stats.drawCalls) draw calls, \(stats.instances) quads per frame"
                + (stats.rasterCacheHits + stats.rasterCacheMisses > 0
                    ? "; layer bitmaps (rasterized, masked or shadowed layers): \(stats.rasterCacheHits) from cache, \(stats.rasterCacheMisses) drawn"
                    : "")
        )
        say("demo-window: wrote \(url.path)")
    }
}
