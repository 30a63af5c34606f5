import Foundation
import GLBackend
import SceneComposition
import SceneCoreTestSupport
import Testing

@testable import demo_window

/// The compositions benchmark: twenty players in a five-by-four grid, each looping one of the
/// demo's compositions, and the documents written for rlottie to play beside it.
@Suite struct CompositionWallSceneTests {
    let size = CGSize(width: 1280, height: 720)

    @Test func twentyPlayersInAGridEachLoopingAComposition() throws {
        let root = CompositionWallScene.make(size)
        let players = root.sublayers?.compactMap { $0 as? CACompositionLayer } ?? []
        #expect(players.count == 20)
        // 710 / 4 − 10: the rows decide the side.
        #expect(CompositionWallScene.side(in: size) == 167.5)
        #expect(players[6].frame == CGRect(x: 187.5, y: 187.5, width: 167.5, height: 167.5))
        for (index, player) in players.enumerated() {
            let document = CompositionWallScene.documents[index % 4]
            #expect(player.composition != nil, "\(document.name)")
            #expect(player.loopMode == document.loop)
        }
        #expect(players[1].loopMode == .autoReverse && players[4].loopMode == .loop)
        // The wall is not scrubbed: each ball's caption names it.
        for index in stride(from: 2, to: 20, by: 4) {
            #expect(players[index].value(forInputKeyPath: DemoCompositions.bounceCaption) as? String == "bounce")
        }
    }

    @Test func thePlayersMoveWithNoAppThreadWorkBetweenFrames() throws {
        let root = CompositionWallScene.make(size)
        let renderer = try OffscreenRenderer(width: Int(size.width), height: Int(size.height))
        let start = CACurrentMediaTime()
        let first = try renderer.render(root, at: start + 0.2)
        let later = try renderer.render(root, at: start + 0.45)
        // The first player (the loader) turns: its square differs between the two frames.
        var changed = 0
        for y in stride(from: 12, to: 175, by: 3) {
            for x in stride(from: 12, to: 175, by: 3) where first.pixel(x: x, y: y) != later.pixel(x: x, y: y) {
                changed += 1
            }
        }
        #expect(changed > 50, "\(changed) of 3,025 sampled pixels changed")
    }

    @Test func theExportWritesEachDocumentAsJSONThatLoads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wall-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try ExportCompositionsCommand.parse([folder.path]).run()
        for document in CompositionWallScene.documents {
            let data = try Data(contentsOf: folder.appendingPathComponent("\(document.name).json"))
            #expect(data == Data(document.json.utf8))
            #expect(try CAComposition(data: data).frameRate == 30, "\(document.name)")
        }
    }
}
