import Foundation
import Testing

/// Every diagnostic on the render side (the frame step in SceneCore's `Render/`, and the GL
/// renderer, its offscreen targets and its render loop) is logged once per cause
/// (`Diagnostics.errorOnce`, `warningOnce`): a condition met on every frame must not log sixty
/// times a second. This reads the sources, so that a new render-side message cannot bring the
/// flood back.
@Suite struct RenderDiagnosticsOnceTests {
    static let renderSideFolders = [
        "Sources/SceneCore/Render", "Sources/GLBackend/GL", "Sources/GLBackend/Offscreen",
        "Sources/GLBackend/RenderLoop",
    ]

    @Test func renderSideSourcesLogOnlyOncePerCause() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var files = 0
        for folder in Self.renderSideFolders {
            let directory = root.appendingPathComponent(folder)
            let enumerator = try #require(FileManager.default.enumerator(atPath: directory.path))
            for case let name as String in enumerator where name.hasSuffix(".swift") {
                files += 1
                let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.contains("Diagnostics.error(") || line.contains("Diagnostics.warning(") {
                    Issue.record("\(folder)/\(name):\(number + 1) logs on every occurrence: \(line)")
                }
            }
        }
        #expect(files > 100, "the folders were read")
    }
}
