import Foundation
import Testing
@testable import demo_window
@testable import SceneCore

/// The layout scene follows its root's size: autoresizing moves the badge and stretches the
/// header and the card area, and the area's delegate reflows the cards.
@Suite struct LayoutSceneTests {
    @Test func aResizedRootReflowsTheCards() throws {
        let root = LayoutScene.make(CGSize(width: 960, height: 600))
        CATransaction.flush()
        let area = try #require(root.descendant(named: "cards"))
        // 860 points wide: 6 cards of 120 with 16 between fit in a row.
        #expect(root.descendant(named: "card-6")?.frame == LayoutScene.cardFrame(6, columns: 6))
        #expect(root.descendant(named: "card-6")?.frame.minY == 96)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.frame = CGRect(x: 0, y: 0, width: 600, height: 700)
        CATransaction.commit()
        #expect(area.frame == CGRect(x: 20, y: 60, width: 500, height: 620))
        #expect(root.descendant(named: "header")?.frame == CGRect(x: 0, y: 0, width: 600, height: 40))
        #expect(root.descendant(named: "badge")?.frame == CGRect(x: 540, y: 640, width: 40, height: 40))
        // 500 points: 3 cards a row; card 6 starts the third row.
        #expect(root.descendant(named: "card-6")?.frame == CGRect(x: 0, y: 192, width: 120, height: 80))
        #expect(root.descendant(named: "card-6")?.animation(forKey: "position") != nil, "the reflow animates implicitly")
    }
}
