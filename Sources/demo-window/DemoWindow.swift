import ArgumentParser
import Foundation
import GLBackend
import SceneCore

/// The SceneCore demo: scenes built from the public API, shown in an X11 window or rendered
/// headlessly, and the frame-rate benchmark.
@main
struct DemoWindow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo-window",
        abstract: "SceneCore demo scenes in an X11 window, headless renders, and the frame-rate benchmark.",
        subcommands: [ShowCommand.self, BenchCommand.self, ExportCompositionsCommand.self],
        defaultSubcommand: ShowCommand.self)
}

/// Options shared by the subcommands.
struct SceneSelection: ParsableArguments {
    @Option(help: "The scene (see `demo-window show --list`); gallery for show, stress for bench.")
    var scene: String?

    @Option(help: "Which X11 presentation path the window uses: glx or egl.")
    var presentation: String = "glx"

    func validate() throws {
        if let scene, DemoScene.named(scene) == nil {
            throw ValidationError(
                "unknown scene '\(scene)'; one of: \(DemoScene.all.map(\.name).joined(separator: ", "))")
        }
        guard PresentationAPI(rawValue: presentation) != nil else {
            throw ValidationError("--presentation must be glx or egl")
        }
    }

    /// The chosen scene, or the command's default.
    func chosen(default name: String) -> DemoScene { DemoScene.named(scene ?? name)! }
    var api: PresentationAPI { PresentationAPI(rawValue: presentation)! }
}

/// Prints one line straight to standard output (unbuffered), so that a test reading the
/// demo's output through a pipe sees each line as it happens.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
