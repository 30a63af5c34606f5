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

    @Flag(help: "List the scenes and exit.")
    var list = false

    func validate() throws {
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw ValidationError("--width and --height must be between 1 and 16384")
        }
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
        let root = chosen.build(size)
        let renderer = try OffscreenRenderer(width: Int(size.width), height: Int(size.height))
        let start = Date()
        let image = try renderer.render(root)
        let elapsed = Date().timeIntervalSince(start) * 1000
        let url = URL(fileURLWithPath: output ?? "demo-\(chosen.name).png")
        try image.writePNG(to: url)
        let stats = renderer.statistics
        print("demo-window: rendered '\(chosen.name)' (\(image.width)x\(image.height)) in \(String(format: "%.1f", elapsed)) ms, "
            + "\(stats.drawCalls) draw calls, \(stats.textureUploads) texture uploads")
        print("demo-window: wrote \(url.path)")
    }
}
