import GLBackend
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import demo_window

/// The cards scene: rounded cards whose shadows show under them, from their alpha and from
/// `shadowPath`, each with an image masked to a circle, and a caption.
@Suite struct CardsSceneTests {
    let size = CGSize(width: 960, height: 600)

    @Test func eightCardsCastShadowsHalfOfThemFromAShadowPath() throws {
        let root = CardsScene.make(size)
        let cards = (0..<2).flatMap { row in (0..<4).compactMap { root.descendant(named: "card-\(row)-\($0)") } }
        #expect(cards.count == 8)
        #expect(cards.allSatisfy { $0.shadowOpacity > 0 && $0.sublayers?.contains { $0.mask != nil } == true })
        #expect(cards.filter { $0.shadowPath != nil }.count == 4)
        #expect((root.descendant(named: "caption") as? CATextLayer)?.string as? String == CardsScene.caption)
        #expect(cards.allSatisfy { $0.frame.minY >= CardsScene.headerHeight }, "the header band stays free")
    }

    @Test func theShadowDarkensTheBackgroundBelowEachCard() throws {
        let root = CardsScene.make(size)
        let renderer = try OffscreenRenderer(width: Int(size.width), height: Int(size.height))
        let image = try renderer.render(root)
        let background = opaque(Palette.background)
        for name in ["card-0-1", "card-1-1"] {
            let card = try #require(root.descendant(named: name)).frame
            // 6 px below the card, the shadow (offset 6, radius 8, opacity 0.35) is at its edge: about 17 %.
            let below = image.pixel(x: Int(card.midX), y: Int(card.maxY) + 4)
            #expect(Int(below.r) < Int(background.r) - 20, "\(name): \(below)")
            // Far from every card, the background is untouched.
            expectPixel(image, Int(card.midX), 20, background, tolerance: 1)
        }
        #expect(renderer.statistics.shadows == 8)
        _ = try renderer.render(root)
        #expect(renderer.statistics.shadowCacheHits >= 6, "the still cards' shadows come from the cache")
    }
}
