import ArgumentParser
import Foundation
import GLBackend
import SceneCore

/// Shows a scene in a window; renders it to a PNG with --headless; without a display,
/// starts Xvfb and runs a scripted tour that writes screenshots and a benchmark summary.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a scene in a window (the default), or render it headlessly.")

    @OptionGroup var selection: SceneSelection

    @Option(help: "Close the window after this many seconds.")
    var seconds: Double?

    @Option(help: "Window (or image) width in pixels.")
    var width = 960

    @Option(help: "Window (or image) height in pixels.")
    var height = 600

    @Flag(help: "Draw as fast as possible instead of once per display refresh.")
    var unpaced = false

    @Flag(help: "Render headlessly (EGL, no X server) to a PNG instead of opening a window.")
    var headless = false

    @Option(help: "With --headless: render this many frames, advancing the scene 1/60 s each, and report frame times.")
    var frames = 1

    @Flag(
        help:
            "With --headless: start each frame 1/60 s of real time after the one before, as a 60 Hz display would, so that background work (tile drawing) keeps its real pace beside the frames."
    )
    var realTime = false

    @Option(help: "With --headless: where to write the PNG (default demo-<scene>.png).")
    var output: String?

    @Option(help: "Where the tour (no display) writes its screenshots and summary.")
    var tourDirectory = "demo-tour"

    @Option(
        help: ArgumentHelp("The scenes the tour shows, comma-separated (default: every scene).", valueName: "names"))
    var tourScenes: String?

    @Option(help: "Open this many windows in the one process, each showing the scene.")
    var windows = 1

    @Flag(help: "Print the render thread's frame count once a second.")
    var printStats = false

    @Flag(help: "Tint, for a frame, each region the window redraws when it draws only what changed (f toggles it too).")
    var showDamage = false

    @Option(
        help: ArgumentHelp(
            "Debug overlays to draw, comma-separated: \(DebugOverlays.names.map(\.name).joined(separator: ", ")) or all (instead of SCENECORE_DEBUG; keys toggle them in a window).",
            valueName: "names"))
    var debug: String?

    @Flag(help: "List the scenes and exit.")
    var list = false

    @Flag(help: "Ask to be told when the X connection is lost: print a line naming the display before the demo ends.")
    var reportDisplayLoss = false

    func validate() throws {
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw ValidationError("--width and --height must be between 1 and 16384")
        }
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1") }
        guard (1...8).contains(windows) else { throw ValidationError("--windows must be between 1 and 8") }
        if let seconds, !(seconds > 0) { throw ValidationError("--seconds must be positive") }
    }

    func run() throws {
        if list {
            // Names in a column as wide as the longest, which is never cut.
            let width = DemoScene.all.map(\.name.count).max() ?? 0
            for scene in DemoScene.all {
                say("\(scene.name.padding(toLength: width, withPad: " ", startingAt: 0)) \(scene.summary)")
            }
            return
        }
        if headless {
            try MainActor.assumeIsolated {
                try HeadlessRender(
                    scene: selection.chosen(default: "gallery"), width: width, height: height, frames: frames,
                    realTime: realTime, output: output, debugOverlays: debug.map(DebugOverlays.init(names:)) ?? []
                ).run()
            }
            return
        }
        if (ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty {
            say("demo-window: no DISPLAY; starting Xvfb for a scripted tour of every scene")
            var tour = Tour(directory: tourDirectory, presentation: selection.api)
            if let tourScenes {
                tour.scenes = tourScenes.split(separator: ",").compactMap { DemoScene.named(String($0)) }
            }
            try tour.run()
            return
        }
        try MainActor.assumeIsolated {
            if reportDisplayLoss {
                LayerWindow.onDisplayConnectionLost = { display in say("display connection lost: \(display)") }
            }
            let viewers = try (0..<windows).map { _ in
                let window = try LayerWindow(
                    title: "SceneCore demo", width: width, height: height, presentation: selection.api, paced: !unpaced)
                say(
                    "window: 0x\(String(window.windowID, radix: 16)) \(width)x\(height) via \(window.presentationAPI)"
                        + (window.hasSmoothScrolling ? ", XInput2 smooth scrolling" : ""))
                window.showsDamage = showDamage
                if let debug { window.debugOverlays = DebugOverlays(names: debug) }
                return SceneViewer(window: window, scene: selection.chosen(default: "gallery"))
            }
            let timer =
                printStats
                ? Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
                    MainActor.assumeIsolated {
                        for viewer in viewers where viewer.window.isOpen {
                            let stats = viewer.window.statistics
                            say(
                                "stats: window=0x\(String(viewer.window.windowID, radix: 16)) frames=\(stats.framesPresented) "
                                    + "dropped=\(stats.droppedFrames) "
                                    + String(format: "render_cpu_ms=%.1f", stats.renderCPUSeconds * 1000))
                        }
                    }
                } : nil
            LayerWindow.run(until: seconds.map { Date(timeIntervalSinceNow: $0) })
            timer?.invalidate()
            for viewer in viewers {
                let stats = viewer.window.statistics
                say(
                    "frames presented: \(stats.framesPresented), dropped: \(stats.droppedFrames), "
                        + String(format: "render CPU %.1f ms", stats.renderCPUSeconds * 1000))
                viewer.window.close()
            }
        }
    }
}
