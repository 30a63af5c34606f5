import Foundation
import GLBackend
import SceneCore

/// The demo without a display: starts Xvfb, shows every scene (or those named) in a real window
/// for a moment, takes a screenshot of each, runs a short benchmark, and writes a summary.
struct Tour {
    let directory: String
    let presentation: PresentationAPI
    /// The scenes shown, in order: every scene by default.
    var scenes = DemoScene.all

    func run() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let server = try XvfbServer()
        defer { server.stop() }
        setenv("DISPLAY", server.display, 1)
        say("tour: Xvfb on \(server.display)")
        var summary =
            "# SceneCore demo tour\n\nXvfb \(server.display), 960x600 window, \(Date())\n\n| scene | screenshot |\n|---|---|\n"
        try MainActor.assumeIsolated {
            let window = try LayerWindow(title: "SceneCore tour", width: 960, height: 600, presentation: presentation)
            let viewer = SceneViewer(window: window, scene: DemoScene.all[0])
            for scene in scenes {
                viewer.show(scene)
                // A second each: enough for the first frames, tiles and video to show.
                LayerWindow.run(until: Date(timeIntervalSinceNow: 1))
                let path = "\(directory)/\(scene.name).png"
                let saved = server.screenshot(to: path)
                summary += "| \(scene.name) | \(saved ? "\(scene.name).png" : "(screenshot failed)") |\n"
                say("tour: \(scene.name) → \(saved ? path : "screenshot failed")")
            }
            window.close()
        }
        let bench = try MainActor.assumeIsolated {
            try WindowBench(
                scene: DemoScene.named("stress")!, options: SceneOptions(size: CGSize(width: 1280, height: 720)),
                api: presentation, paced: false, seconds: 3, warmup: 1, block: nil
            ).run()
        }
        let line = bench.line(prefix: "bench=scenecore scene=stress n=1000 mode=window paced=0 animation=explicit")
        summary += "\nStress scene, 1,000 layers, unpaced, 3 s:\n\n    \(line)\n"
        try summary.write(toFile: "\(directory)/summary.md", atomically: true, encoding: .utf8)
        say(line)
        say("tour: screenshots and summary in \(directory)/ (summary.md)")
    }
}
