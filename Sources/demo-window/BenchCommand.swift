import ArgumentParser
import Foundation
import GLBackend
import SceneCore

/// The frame-rate benchmark: a scene (by default the peers' stress scene) in a real window,
/// its layers moved by render-thread animations, implicit animations or the app thread
/// (`--animation`), measured after a warm-up.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Measure frame rate, frame times, dropped frames and CPU per frame.")

    @OptionGroup var selection: SceneSelection

    /// The most layers `--layers` takes: a million quads is far past any frame rate worth
    /// measuring, and a larger count would only exhaust memory building the scene.
    static let maximumLayers = 1_000_000

    @Option(help: "Layers in the stress scene (at most 1,000,000).")
    var layers = 1000

    @Option(help: "Corner radius of every stress layer.")
    var radius: Double = 0

    @Option(
        help:
            "What moves the stress layers: explicit (render-thread animations added once), implicit (new values every 0.5 s, implicit animations), app (the app thread sets every frame), or still (nothing moves)."
    )
    var animation: AnimationDriver = .explicit

    @Option(help: "An effect on every stress layer: none, mask, shadow, shadow-path, gradient, shape, blur or glass.")
    var effect: StressEffect = .none

    @Option(help: "The video file the video scenes play (by default the demo's clips, made on first run).")
    var media: String?

    @Option(help: "Width of the window (or headless target) in pixels.")
    var width = 1280

    @Option(help: "Height of the window (or headless target) in pixels.")
    var height = 720

    @Option(help: "Seconds measured (after the warm-up).")
    var seconds: Double = 5

    @Option(help: "Seconds of warm-up, not measured.")
    var warmup: Double = 2

    @Flag(help: "Draw as fast as possible instead of once per display refresh.")
    var unpaced = false

    @Flag(help: "Run the same scene through the headless renderer instead of a window.")
    var headless = false

    @Option(help: "Block the app thread this many seconds, one second into the measurement.")
    var blockAppThread: Double?

    @Option(help: "Also write the results as JSON to this file.")
    var json: String?

    @Option(
        help:
            "The soak: sample resident memory, threads, file descriptors and GL textures every this many seconds (warm-up included), print each sample and put them in the JSON."
    )
    var sampleInterval: Double?

    @Option(
        help:
            "With --sample-interval: fail when resident memory rises by more than this many MiB after the warm-up, or threads, file descriptors or textures rise at all."
    )
    var maxRssGrowthMb: Double?

    @Flag(help: "Keep a display link running so the window presents every refresh even for a still scene.")
    var continuous = false

    @Flag(help: "Draw every frame whole, even where the window could redraw only what changed.")
    var wholeFrames = false

    @Flag(
        help:
            "Start-up: exit once the window presented its first frame, printing when (first_frame_realtime_ns, CLOCK_REALTIME)."
    )
    var firstFrame = false

    func validate() throws {
        guard layers >= 0, seconds > 0, warmup >= 0, radius >= 0 else {
            throw ValidationError(
                "--layers, --seconds, --warmup and --radius must not be negative (and --seconds positive)")
        }
        guard (1...8192).contains(width), (1...8192).contains(height) else {
            throw ValidationError("--width and --height must be 1 to 8192 pixels")
        }
        guard layers <= Self.maximumLayers else {
            throw ValidationError("--layers must be at most \(Self.maximumLayers); got \(layers)")
        }
        if let block = blockAppThread, !(block > 0 && block < seconds) {
            throw ValidationError("--block-app-thread must be positive and shorter than --seconds")
        }
        if let sampleInterval, !(sampleInterval > 0) || headless {
            throw ValidationError("--sample-interval must be positive, and needs a window (not --headless)")
        }
        if let maxRssGrowthMb, sampleInterval == nil || !(maxRssGrowthMb >= 0) {
            throw ValidationError("--max-rss-growth-mb must not be negative, and needs --sample-interval")
        }
        if let json { try Self.checkWritable(json) }
    }

    /// Throws a usage error unless a file can be written at `path`, before the benchmark runs
    /// rather than after it: the file is opened for writing (created if missing, then removed
    /// again, so the check leaves nothing behind; an existing file is not truncated).
    static func checkWritable(_ path: String) throws {
        let existed = FileManager.default.fileExists(atPath: path)
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw ValidationError("--json: cannot write \(path): \(reason)")
        }
        close(descriptor)
        if !existed { unlink(path) }
    }

    func run() throws {
        if firstFrame {
            let options = SceneOptions(size: CGSize(width: width, height: height), layers: layers)
            let scene = selection.chosen(default: "stress")
            let presented = try MainActor.assumeIsolated {
                try FirstFrameBench(scene: scene, options: options, api: selection.api).run()
            }
            say("bench=scenecore scene=\(scene.name) n=\(layers) first_frame_realtime_ns=\(presented)")
            return
        }
        let options = SceneOptions(
            size: CGSize(width: width, height: height), layers: layers, radius: CGFloat(radius), animation: animation,
            effect: effect, media: media.map { URL(fileURLWithPath: $0) })
        var result =
            headless
            ? try HeadlessBench(
                scene: selection.chosen(default: "stress"), options: options, seconds: seconds, warmup: warmup
            ).run()
            : try MainActor.assumeIsolated {
                try WindowBench(
                    scene: selection.chosen(default: "stress"), options: options, api: selection.api, paced: !unpaced,
                    seconds: seconds, warmup: warmup, block: blockAppThread, sampleInterval: sampleInterval,
                    continuous: continuous, wholeFrames: wholeFrames
                ).run()
            }
        result.animation = animation.rawValue
        let mode = headless ? "headless" : "window"
        say(
            result.line(
                prefix:
                    "bench=scenecore scene=\(selection.chosen(default: "stress").name) n=\(layers) radius=\(Int(radius)) effect=\(effect.rawValue) mode=\(mode) paced=\(unpaced || headless ? 0 : 1) animation=\(animation.rawValue)"
            ))
        if let json { try result.writeJSON(to: json) }
        if let maxRssGrowthMb, let growth = result.growth {
            let excesses = growth.excesses(rssLimit: maxRssGrowthMb)
            guard excesses.isEmpty else {
                throw DemoError("soak: growth after the warm-up: \(excesses.joined(separator: "; "))")
            }
        }
    }
}

extension AnimationDriver: ExpressibleByArgument {}
extension StressEffect: ExpressibleByArgument {}
