import Foundation
import Testing

/// `docs/PORTING.md` lists every public top-level name of SceneCore, GLBackend and SceneMedia, and nothing
/// else; and every public member of a type it marks "same" or "different" is one of Apple's
/// (`AppleMembers.txt`) or listed among the members SceneCore adds: neither can drift from the
/// code. (A type it marks "addition" is SceneCore's own, every member with it.)
@Suite struct PortingTableTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The names declared public or open at the top level of the three modules' sources.
    private static func publicTopLevelNames() throws -> Set<String> {
        let declaration = try Regex(
            #"^(?:public|open) (?:final )?(?:class|struct|enum|protocol|typealias|func|let|var) ([A-Za-z_][A-Za-z0-9_]*)"#
        )
        var names = Set<String>()
        for module in ["Sources/SceneCore", "Sources/GLBackend", "Sources/SceneMedia"] {
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

    /// The public and open members declared in the bodies and extensions of each type of the three
    /// modules, as `name` (properties, cases) or `name(label:label:)` (functions, initializers),
    /// by type; members whose names start with an underscore (bridging) are left out.
    private static func publicMembers() throws -> [String: Set<String>] {
        let type = try Regex(
            #"^(?:public |open )?(?:final )?(?:extension|class|struct|enum|protocol) ([A-Za-z_][A-Za-z0-9_]*)"#)
        let member = try Regex(
            #"^    (?:@[A-Za-z]+(?:\([^)]*\))? )*(?:public|open)(?: (?:static|class|final|override|convenience|required|nonisolated|mutating))* (var|let|func|init|subscript|case)\b(.*)"#
        )
        var members: [String: Set<String>] = [:]
        for module in ["Sources/SceneCore", "Sources/GLBackend", "Sources/SceneMedia"] {
            let files = FileManager.default.enumerator(
                at: root.appendingPathComponent(module), includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift" else { continue }
                let lines = try String(contentsOf: file, encoding: .utf8).split(
                    separator: "\n", omittingEmptySubsequences: false)
                var current: String?
                for (index, line) in lines.enumerated() {
                    if let match = line.firstMatch(of: type), let name = match.output[1].substring {
                        current = String(name)
                        continue
                    }
                    if line.hasPrefix("}") { current = nil }
                    guard let current, let match = line.firstMatch(of: member),
                        let kind = match.output[1].substring, var rest = match.output[2].substring.map(String.init)
                    else { continue }
                    // A parameter list may run over several lines.
                    var next = index + 1
                    while rest.filter({ $0 == "(" }).count > rest.filter({ $0 == ")" }).count, next < lines.count {
                        rest += " " + lines[next].trimmingCharacters(in: .whitespaces)
                        next += 1
                    }
                    if let signature = Self.signature(kind: String(kind), rest), !signature.hasPrefix("_") {
                        members[current, default: []].insert(signature)
                    }
                }
            }
        }
        return members
    }

    /// `name` or `name(label:...)` of a member declared as `kind` followed by `rest`.
    private static func signature(kind: String, _ rest: String) -> String? {
        let text = rest.drop { $0 == " " }
        if ["var", "let", "case"].contains(kind) {
            let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty ? nil : String(name)
        }
        let name: String
        var parameters: Substring
        let operatorCharacters = Set("/=-+!*%<>&|^~?.")
        if kind == "func", let first = text.first, operatorCharacters.contains(first) {
            // An operator, named by its characters (`<`, `+=`).
            name = String(text.prefix { operatorCharacters.contains($0) })
            parameters = text.drop { $0 != "(" }
        } else if kind == "func" {
            name = String(text.prefix { $0 != "(" && $0 != "<" && $0 != " " })
            parameters = text.drop { $0 != "(" }
        } else {
            name = kind
            parameters = text.drop { $0 != "(" }
        }
        guard parameters.first == "(" else { return nil }
        // The labels: the first word of each parameter at the top level of the list.
        var labels = ""
        var depth = 0
        var atParameterStart = true
        var word = ""
        for character in parameters {
            switch character {
            case "(", "[", "<":
                depth += 1
                if depth == 1 { continue }
            case ")", "]", ">":
                depth -= 1
                if depth == 0 {
                    if !word.isEmpty { labels += word + ":" }
                    return name + "(" + labels + ")"
                }
            case "," where depth == 1:
                atParameterStart = true
                continue
            default: break
            }
            guard depth == 1, atParameterStart else { continue }
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else if !word.isEmpty {
                labels += word + ":"
                word = ""
                atParameterStart = false
            }
        }
        return nil
    }

    /// Apple's members of the types marked "same" or "different", one `Type.member` a line.
    private static func appleMembers() throws -> Set<String> {
        let file = root.appendingPathComponent("Tests/SceneCoreTests/Support/AppleMembers.txt")
        return Set(try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init))
    }

    /// The rows of the table of members SceneCore adds to Apple's types (`Type.member`).
    private static func addedMemberRows() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/PORTING.md"), encoding: .utf8)
        guard let table = text.components(separatedBy: "## Members SceneCore adds").dropFirst().first else { return [] }
        return table.components(separatedBy: "\n## ")[0].split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4, cells[1].hasPrefix("`") else { return nil }
            return cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        }
    }

    @Test func everyPublicMemberOfAnAppleTypeIsApplesOrListedAsAnAddition() throws {
        let same = Set(try Self.tableRows().filter { $0.status != "addition" }.map(\.name))
        let declared = Set(
            try Self.publicMembers().filter { same.contains($0.key) }.flatMap { type, members in
                members.map { "\(type).\($0)" }
            })
        let apple = try Self.appleMembers()
        let added = try Self.addedMemberRows()
        #expect(declared.count > 500, "the scan found the members")
        #expect(added.count == Set(added).count, "each addition is listed once")
        #expect(apple.isDisjoint(with: added), "a member is Apple's or an addition, not both")
        let known = apple.union(added)
        #expect(declared.subtracting(known).sorted() == [], "members neither Apple's nor listed as additions")
        #expect(known.subtracting(declared).sorted() == [], "listed members that do not exist")
    }
}
