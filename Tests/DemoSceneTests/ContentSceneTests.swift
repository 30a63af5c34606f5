import Foundation
import Testing

@testable import SceneCore
@testable import demo_window

/// The content scene draws during the commit: the delegate's curve and the subclass's dial
/// become bitmaps of their layers' size.
@Suite struct ContentSceneTests {
    let root: CALayer = {
        let root = ContentScene.make(CGSize(width: 960, height: 600))
        CATransaction.flush()
        return root
    }()

    func contents(_ name: String) throws -> CGImage {
        try #require(root.descendant(named: name)?.contents as? CGImage)
    }

    @Test func theDelegateDrawsTheGuidesCurve() throws {
        let curve = try #require(root.descendant(named: "curve"))
        let image = try contents("curve")
        #expect(
            image.width == Int(curve.bounds.width.rounded(.up)) && image.height == Int(curve.bounds.height.rounded(.up))
        )
        // The curve's lowest point, half-way along: at x = 155 of 310 and y = 15 + 0.75 · 235 of
        // 265 in the guide's space (y down here, so it hangs below its end points).
        let x = Int(curve.bounds.width / 2)
        let y = Int((15 + 0.75 * 235) / 265 * curve.bounds.height)
        let ink = (y - 3...y + 3).map { image.pixel(x: x, y: $0) }
        #expect(ink.contains { $0.b > 200 && $0.a == 255 }, "the blue stroke crosses the middle column near row \(y)")
        #expect(image.pixel(x: x, y: 5).a == 0)
    }

    @Test func theSubclassDrawsItsDialAtTwiceTheScale() throws {
        let dial = try #require(root.descendant(named: "dial"))
        let image = try contents("dial")
        #expect(
            image.width == Int((dial.bounds.width * 2).rounded(.up))
                && image.height == Int((dial.bounds.height * 2).rounded(.up)))
        let centre = image.pixel(x: image.width / 2, y: image.height / 2)
        #expect(centre.r > 240 && centre.g > 120 && centre.g < 160 && centre.b < 40, "the orange centre")
    }

    @Test func theTitlesColourPulsesOnTheRenderSide() throws {
        let title = try #require(root.descendant(named: "text-title") as? CATextLayer)
        let pulse = try #require(title.animation(forKey: "pulse") as? CABasicAnimation)
        #expect(pulse.keyPath == "foregroundColor" && pulse.autoreverses && pulse.repeatCount == .infinity)
        #expect(title.state.glyphs != nil && title.contents == nil, "drawn from the glyph atlas")
    }
}

/// The text benchmark scene: every text layer gets a new string on each tick, and the commit
/// carries its newly shaped glyphs.
@Suite struct TextSceneTests {
    @Test func eachTickGivesEveryLayerItsNextStringAndRedrawsIt() throws {
        let root = TextScene.make(SceneOptions(size: CGSize(width: 1280, height: 720), layers: 30))
        CATransaction.flush()
        let layers = try #require(root.sublayers as? [CATextLayer])
        #expect(layers.count == 30)
        let before = try #require(layers[7].state.glyphs)
        TextScene.tick(root, at: 1)
        #expect(layers[7].string as? String == "#7 frame 60")
        let after = try #require(layers[7].state.glyphs)
        #expect(after != before, "the new string was committed")
    }
}
