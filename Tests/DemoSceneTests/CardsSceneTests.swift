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
            // Left of the first column, 20 px from every card, the background is untouched.
            expectPixel(image, 4, Int(card.midY), background, tolerance: 1)
        }
        #expect(renderer.statistics.shadows == 8)
        _ = try renderer.render(root)
        // The still cards come from the cache: a shadowPath's blurred shadow, or the whole card
        // (shadow, image and mask) kept as a bitmap while its content stays the same.
        let statistics = renderer.statistics
        #expect(statistics.shadowCacheHits + statistics.rasterCacheHits >= 6, "\(statistics)")
        #expect(statistics.rasterCacheHits >= 3, "\(statistics)")
    }

    @Test func theHeaderFrostsTheChipsScrollingUnderIt() throws {
        let clock = ManualClock(CardsScene.make(size), at: 0)
        let header = try #require(clock.layer.descendant(named: "header"))
        #expect((header.backgroundFilters?.first as? CAFilter)?.type == .gaussianBlur)
        let renderer = try OffscreenRenderer(width: Int(size.width), height: Int(size.height))
        let start = try renderer.render(clock.layer)
        // Under the header a chip's edge is soft: the strip's first chip ends at x = 90, and
        // 4 px either side of it the blurred colours are still mixing (not a hard step).
        let inside = start.pixel(x: 86, y: 28)
        let outside = start.pixel(x: 94, y: 28)
        #expect(inside != outside && abs(Int(inside.b) - Int(outside.b)) < 120, "\(inside) \(outside)")
        // The chips move on the render thread: 2 s later the same pixel shows something else.
        clock.seek(to: 2)
        let later = try renderer.render(clock.layer)
        #expect(later.pixel(x: 86, y: 28) != inside)
    }

    @Test func theBreathingCardsShadowGrowsOnTheRenderSide() throws {
        let clock = ManualClock(CardsScene.make(size), at: 0)
        let renderer = try OffscreenRenderer(width: Int(size.width), height: Int(size.height))
        let breathing = try #require(clock.layer.descendant(named: "card-1-0")).frame
        let still = try #require(clock.layer.descendant(named: "card-1-1")).frame
        let start = try renderer.render(clock.layer)
        // At rest both cards' shadows are alike; near the top of the breath (0.9 s: radius
        // 17.8, offset 15.8, opacity 0.49) the breathing card's shadow reaches further below it.
        let y = Int(still.maxY) + 14
        #expect(start.pixel(x: Int(breathing.midX), y: y) == start.pixel(x: Int(still.midX), y: y))
        clock.seek(to: 0.9)
        let top = try renderer.render(clock.layer)
        #expect(Int(top.pixel(x: Int(breathing.midX), y: y).r) < Int(top.pixel(x: Int(still.midX), y: y).r) - 20)
    }

    @Test func theSpreadingCardsShadowPathWidensOnTheRenderSide() throws {
        let clock = ManualClock(CardsScene.make(size), at: 0)
        let renderer = try OffscreenRenderer(width: Int(size.width), height: Int(size.height))
        let spreading = try #require(clock.layer.descendant(named: "card-1-2"))
        let still = try #require(clock.layer.descendant(named: "card-1-1")).frame
        #expect(spreading.animation(forKey: "spread")?.repeatCount == .infinity)
        let start = try renderer.render(clock.layer)
        // 12 px right of each card, level with its middle: alike at rest; at the widest (1.5 s,
        // the path 10 px wider a side) the spreading card's shadow is darker there than at rest.
        let y = Int(spreading.frame.midY)
        let x = Int(spreading.frame.maxX) + 12
        #expect(start.pixel(x: x, y: y) == start.pixel(x: Int(still.maxX) + 12, y: y))
        clock.seek(to: 1.5)
        let widest = try renderer.render(clock.layer)
        #expect(Int(widest.pixel(x: x, y: y).r) < Int(start.pixel(x: x, y: y).r) - 20)
        let shown = try #require(spreading.presentation()?.shadowPath?.boundingBox)
        #expect(isClose(shown, spreading.bounds.insetBy(dx: -10, dy: -4).offsetBy(dx: 0, dy: 8), tolerance: 1e-9))
    }
}
