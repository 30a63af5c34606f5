import ArgumentParser
import Foundation

/// Writes the Lottie documents the demo plays, so that another renderer can play the same
/// (`scripts/compare-compositions.sh` has rlottie render them).
struct ExportCompositionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-compositions",
        abstract: "Write the demo's Lottie compositions (the composition-wall scene's) as JSON files.")

    @Argument(help: "The directory to write NAME.json into (made when missing).")
    var directory: String

    func run() throws {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for document in CompositionWallScene.documents {
            try Data(document.json.utf8).write(to: folder.appendingPathComponent("\(document.name).json"))
        }
    }
}
