import Foundation
import Testing

/// The SceneComposition section of `docs/PORTING.md` lists every public top-level name of
/// `Sources/SceneComposition`, and nothing else, each once, as an addition.
@Suite struct PortingSectionTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theSectionListsEveryPublicTopLevelName() throws {
        let declaration = try Regex(
            #"^(?:public|open) (?:final )?(?:class|struct|enum|protocol|typealias|func|let|var) ([A-Za-z_][A-Za-z0-9_]*)"#
        )
        var declared: Set<String> = []
        let folder = Self.root.appendingPathComponent("Sources/SceneComposition")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                if let match = line.firstMatch(of: declaration), let name = match.output[1].substring {
                    declared.insert(String(name))
                }
            }
        }
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/PORTING.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## SceneComposition:").last)
        let rows = section.split(separator: "\n").compactMap { line -> (String, String)? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 5, cells[2].hasPrefix("`") else { return nil }
            return (cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[3])
        }
        #expect(declared.count == 5)
        #expect(Set(rows.map(\.0)) == declared)
        #expect(rows.count == declared.count)
        #expect(rows.allSatisfy { $0.1 == "addition" })
    }
}
