import ArgumentParser
import Foundation
import GLBackend
import SceneCore

/// The SceneCore demo: builds a scene from the public API and renders it headlessly to a PNG.
@main
struct DemoWindow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo-window",
        abstract: "Render a SceneCore demo scene to a PNG with the headless OpenGL renderer.")

    @Option(help: "The scene to render (see --list).")
    var scene = "gallery"

    @Option(help: "Where to write the PNG (default: demo-<scene>.png in the current directory).")
    var output: String?

    @Option(help: "Target width in pixels.")
    var width = 640

    @Option(help: "Target height in pixels.")
    var height = 360

    @Option(help: "Render this many frames, advancing the scene 1/60 s each, and report frame times.")
    var frames = 1

    @Flag(help: "List the scenes and exit.")
    var list = false

    func validate() throws {
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw ValidationError("--width and --height must be between 1 and 16384")
        }
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1") }
        guard list || DemoScene.named(scene) != nil else {
            throw ValidationError("unknown scene '\(scene)'; one of: \(DemoScene.all.map(\.name).joined(separator: ", "))")
        }
    }

    func run() throws {
        if list {
            for scene in DemoScene.all { print("\(scene.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(scene.summary)") }
            return
        }
        let chosen = DemoScene.named(scene)!
        let size = chosen.name == "stress" ? CGSize(width: 1280, height: 720) : CGSize(width: width, height: height)
        let root = chosen.build(SceneOptions(size: size))
        let renderer = try OffscreenRenderer(width: Int(size.width), height: Int(size.height))
        var image = try renderer.render(root)
        var times: [Double] = []
        for frame in 0..<frames {
            let start = DispatchTime.now().uptimeNanoseconds
            chosen.tick?(root, Double(frame) / 60)
            image = try renderer.render(root)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let url = URL(fileURLWithPath: output ?? "demo-\(chosen.name).png")
        try image.writePNG(to: url)
        let stats = renderer.statistics
        times.sort()
        let percentile = { (p: Double) in times[min(times.count - 1, Int(Double(times.count) * p))] }
        let timing = frames == 1
            ? String(format: "in %.1f ms", times[0])
            : String(format: "%d frames: p50 %.2f ms, p95 %.2f ms, %.1f fps", frames, percentile(0.5), percentile(0.95), 1000 / percentile(0.5))
        print("demo-window: rendered '\(chosen.name)' (\(image.width)x\(image.height)) \(timing); "
            + "\(stats.drawCalls) draw calls, \(stats.instances) quads per frame")
        print("demo-window: wrote \(url.path)")
    }
}
