import Foundation
import Testing

@testable import SceneCore
@testable import demo_window

/// The layout scene follows its root's size: autoresizing moves the badge and stretches the
/// header and the card area, and the area's delegate reflows the cards.
@Suite struct LayoutSceneTests {
    @Test func aResizedRootReflowsTheCards() throws {
        let root = LayoutScene.make(CGSize(width: 960, height: 600))
        CATransaction.flush()
        let area = try #require(root.descendant(named: "cards"))
        // 620 points wide: 4 cards of 120 with 16 between fit in a row.
        #expect(root.descendant(named: "card-6")?.frame == LayoutScene.cardFrame(6, columns: 4))
        #expect(root.descendant(named: "card-6")?.frame.minY == 96)
        // The guide's example in a 220x460 panel: A centred; B under it, 10 from the bottom.
        #expect(root.descendant(named: "layerA")?.frame == CGRect(x: 60, y: 205, width: 100, height: 50))
        #expect(root.descendant(named: "layerB")?.frame == CGRect(x: 60, y: 265, width: 100, height: 185))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.frame = CGRect(x: 0, y: 0, width: 740, height: 700)
        CATransaction.commit()
        #expect(area.frame == CGRect(x: 20, y: 60, width: 400, height: 620))
        #expect(root.descendant(named: "header")?.frame == CGRect(x: 0, y: 0, width: 740, height: 40))
        #expect(root.descendant(named: "badge")?.frame == CGRect(x: 680, y: 640, width: 40, height: 40))
        // The panel keeps its right margin and grows 100 taller: B grows with it.
        #expect(root.descendant(named: "constraints")?.frame == CGRect(x: 440, y: 60, width: 220, height: 560))
        #expect(root.descendant(named: "layerB")?.frame == CGRect(x: 60, y: 315, width: 100, height: 235))
        // 400 points: 3 cards a row (3 · 120 + 2 · 16 = 392); card 6 starts the third row.
        #expect(root.descendant(named: "card-6")?.frame == CGRect(x: 0, y: 192, width: 120, height: 80))
        #expect(
            root.descendant(named: "card-6")?.animation(forKey: "position") != nil, "the reflow animates implicitly")
    }
}
