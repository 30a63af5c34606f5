import Foundation
import Testing

/// `docs/PORTING.md` lists every public top-level name of SceneCore and GLBackend, and nothing
/// else: the table cannot drift from the code.
@Suite struct PortingTableTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The names declared public or open at the top level of the two modules' sources.
    private static func publicTopLevelNames() throws -> Set<String> {
        let declaration = try Regex(
            #"^(?:public|open) (?:final )?(?:class|struct|enum|protocol|typealias|func|let|var) ([A-Za-z_][A-Za-z0-9_]*)"#
        )
        var names = Set<String>()
        for module in ["Sources/SceneCore", "Sources/GLBackend"] {
            let folder = root.appendingPathComponent(module)
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift" else { continue }
                for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                    if let match = line.firstMatch(of: declaration), let name = match.output[1].substring {
                        names.insert(String(name))
                    }
                }
            }
        }
        return names
    }

    /// The SceneCore column of the first table, with each row's status.
    private static func tableRows() throws -> [(name: String, status: String)] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/PORTING.md"), encoding: .utf8)
        let table = text.components(separatedBy: "## Members that differ")[0]
        return table.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 5, cells[2].hasPrefix("`") else { return nil }
            let name = cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            return (String(name.split(separator: "(")[0]), cells[3])
        }
    }

    @Test func everyPublicTopLevelNameIsInTheTableAndNothingElse() throws {
        let declared = try Self.publicTopLevelNames()
        let rows = try Self.tableRows()
        let listed = Set(rows.map(\.name))
        #expect(declared.count > 80, "the scan found the declarations")
        #expect(declared.subtracting(listed).sorted() == [], "public names missing from docs/PORTING.md")
        #expect(listed.subtracting(declared).sorted() == [], "rows of docs/PORTING.md naming nothing public")
        #expect(rows.count == listed.count, "each name is listed once")
    }

    @Test func everyRowHasAKnownStatus() throws {
        for row in try Self.tableRows() {
            #expect(["same", "different", "addition"].contains(row.status), "\(row.name): \(row.status)")
        }
    }
}
