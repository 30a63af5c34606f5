import GLBackend
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import demo_window

/// The feed: a thousand cards scrolled at 2,000 points a second by one render-thread animation,
/// of which a frame draws only the few on screen.
@Suite struct FeedSceneTests {
    let size = CGSize(width: 1280, height: 720)

    @Test func aThousandCardsEachWithAShadowPathAPictureTwoTextsAndABadge() throws {
        let root = FeedScene.make(SceneOptions(size: size))
        let content = try #require(root.descendant(named: "content"))
        #expect(content.sublayers?.count == 1000)
        let card = try #require(root.descendant(named: "card-0"))
        #expect(card.cornerRadius == 12 && card.shadowPath != nil && card.shadowOpacity > 0)
        #expect(card.frame == CGRect(x: 280, y: 16, width: 720, height: 104))
        let kinds = card.sublayers?.map { String(describing: type(of: $0)) }
        #expect(kinds == ["CALayer", "CATextLayer", "CATextLayer", "CAGradientLayer"])
        #expect((card.sublayers?[2] as? CATextLayer)?.isWrapped == true)
        let scroll = try #require(root.descendant(named: "list")?.animation(forKey: FeedScene.scrollKey))
        let basic = try #require(scroll as? CABasicAnimation)
        let distance = try #require(basic.toValue as? CGFloat)
        #expect(abs(distance - (1000 * 120 + 16 - 720)) < 1e-6)
        #expect(abs(distance / basic.duration - 2000) < 1e-9)
    }

    @Test func theScrollMovesTheCardsAndAFrameDrawsOnlyThoseOnScreen() throws {
        let clock = ManualClock(FeedScene.make(SceneOptions(size: size)), at: 0)
        let renderer = try OffscreenRenderer(width: Int(size.width), height: Int(size.height))
        let top = try renderer.render(clock.layer)
        // The first card at the top, below its badge; left of the column, the background.
        expectPixel(top, 900, 100, (255, 255, 255, 255), tolerance: 0)
        expectPixel(top, 100, 100, opaque(Palette.background), tolerance: 0)
        // Six cards of two texts show: a few hundred glyphs, not the thousand cards' ~100,000.
        #expect(renderer.statistics.instances < 1_500, "\(renderer.statistics)")
        // The seventh card's shadow reaches the bottom edge; all seven share one blurred shadow.
        #expect(renderer.statistics.shadows == 7 && renderer.statistics.cachedShadows == 1)
        // Half a second on, the list has moved 1,000 points: card 8 ends at y 80, card 9 begins at 96.
        clock.seek(to: 0.5)
        let later = try renderer.render(clock.layer)
        expectPixel(later, 900, 60, (255, 255, 255, 255), tolerance: 0)
        expectPixel(later, 900, 110, (255, 255, 255, 255), tolerance: 0)
        #expect(later.pixel(x: 900, y: 90).r < 242, "the shadow in the gap between cards 8 and 9")
        #expect(renderer.statistics.instances < 1_500, "\(renderer.statistics)")
    }
}
