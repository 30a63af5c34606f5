import GLBackend
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import demo_window

/// The scroll scene: 200 rows in a vertically scrolling `CAScrollLayer`, scrolled by wheel
/// deltas and keys within the content's ends, gliding there, with a caption of the visible rows.
@Suite struct ScrollSceneTests {
    /// The list is 960 - 48 wide and 600 - 72 = 528 high: 16.5 rows of 32 points.
    let size = CGSize(width: 960, height: 600)

    func parts(_ root: CALayer) throws -> (list: CAScrollLayer, content: CALayer, caption: CATextLayer) {
        (
            try #require(root.descendant(named: "list") as? CAScrollLayer),
            try #require(root.descendant(named: "content")),
            try #require(root.descendant(named: "caption") as? CATextLayer)
        )
    }

    @Test func theListHoldsTwoHundredRowsAndShowsTheFirstSeventeen() throws {
        let root = ScrollScene.make(size)
        let (list, content, caption) = try parts(root)
        #expect(list.scrollMode == .vertically && list.masksToBounds)
        #expect(list.frame == CGRect(x: 24, y: 48, width: 912, height: 528))
        #expect(content.sublayers?.count == 200)
        #expect(content.bounds.height == 6400)
        #expect(root.descendant(named: "row-199")?.frame == CGRect(x: 0, y: 6368, width: 912, height: 32))
        #expect(content.visibleRect == CGRect(x: 0, y: 0, width: 912, height: 528))
        #expect(ScrollScene.visibleRows(root) == 0...16)
        #expect((caption.string as? String)?.hasPrefix("visibleRect y 0–528 of 6400: rows 0–16 of 200") == true)
    }

    @Test func wheelNotchesScrollTheListAndTheCaptionFollows() throws {
        let root = ScrollScene.make(size)
        let (list, content, caption) = try parts(root)
        // Three notches down (40 points each) and one sideways, which the list ignores.
        for _ in 0..<3 { _ = ScrollScene.scroll(root, CGSize(width: 0, height: 40), .zero) }
        #expect(ScrollScene.scroll(root, CGSize(width: 40, height: 0), .zero) == nil)
        #expect(list.bounds.origin == CGPoint(x: 0, y: 120))
        #expect(content.visibleRect == CGRect(x: 0, y: 120, width: 912, height: 528))
        // y 120...648 covers rows 3 (96...128) to 20 (640...672).
        #expect(ScrollScene.visibleRows(root) == 3...20)
        #expect((caption.string as? String)?.hasPrefix("visibleRect y 120–648 of 6400: rows 3–20 of 200") == true)
        // Scrolling up past the top stops at 0.
        _ = ScrollScene.scroll(root, CGSize(width: 0, height: -400), .zero)
        #expect(list.bounds.origin == .zero)
    }

    @Test func keysScrollByARowAPageAndToTheEnds() throws {
        let root = ScrollScene.make(size)
        let (list, _, _) = try parts(root)
        _ = ScrollScene.key(root, 0xff54)  // Down: one row.
        #expect(list.bounds.origin.y == 32)
        _ = ScrollScene.key(root, 0xff56)  // Page Down: 528 - 32 more.
        #expect(list.bounds.origin.y == 528)
        _ = ScrollScene.key(root, 0xff52)  // Up.
        #expect(list.bounds.origin.y == 496)
        _ = ScrollScene.key(root, 0xff57)  // End: the last row's bottom at the list's bottom.
        #expect(list.bounds.origin.y == 5872)  // 6400 - 528
        #expect(ScrollScene.visibleRows(root) == 183...199)
        _ = ScrollScene.key(root, 0xff56)
        #expect(list.bounds.origin.y == 5872)
        _ = ScrollScene.key(root, 0xff55)  // Page Up.
        #expect(list.bounds.origin.y == 5376)  // 5872 - 496
        _ = ScrollScene.key(root, 0xff50)  // Home.
        #expect(list.bounds.origin.y == 0)
        #expect(ScrollScene.key(root, 0x61) == nil)
    }

    @Test func aScrollGlidesFromWhereTheListIsShownEasingOut() throws {
        let root = ScrollScene.make(size)
        let (list, _, _) = try parts(root)
        CATransaction.flush()
        _ = ScrollScene.scroll(root, CGSize(width: 0, height: 40), .zero)
        let glide = try #require(list.animation(forKey: ScrollScene.glideKey) as? CABasicAnimation)
        #expect(glide.keyPath == "bounds.origin.y")
        #expect(glide.fromValue as? CGFloat == 0 && glide.toValue as? CGFloat == 40)
        #expect(glide.duration == 0.3)
        #expect(glide.timingFunction == CAMediaTimingFunction(name: .easeOut))
        // The scroll itself does not add the implicit bounds animation too.
        #expect(list.animationKeys() == [ScrollScene.glideKey])
    }

    @Test func theScrolledListIsDrawnFromTheNewRows() throws {
        let root = ScrollScene.make(size)
        let (list, _, _) = try parts(root)
        let renderer = try OffscreenRenderer(width: Int(size.width), height: Int(size.height))
        let top = try renderer.render(root)
        // The first row's swatch (blue, row 0) sits at (24 + 8, 48 + 6) and is 20 points square.
        expectPixel(top, 42, 64, opaque(Palette.blue), tolerance: 2)
        // Scrolled by one row (no glide), row 1's orange swatch is there instead.
        CALayer.withoutActions { list.scroll(to: CGPoint(x: 0, y: 32)) }
        let scrolled = try renderer.render(root)
        expectPixel(scrolled, 42, 64, opaque(Palette.orange), tolerance: 2)
    }
}
