import GLBackend
import SceneComposition
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import demo_window

/// The compositions scene's loader: its dots recoloured through a key path, by a colour cycle
/// the render side plays with the composition.
@Suite struct CompositionsSceneTests {
    @Test func theLoadersDotsCycleThroughColoursByKeyPath() throws {
        let root = CompositionsScene.make(CGSize(width: 640, height: 400))
        let loader = try #require(root.descendant(named: CompositionsScene.loaderName) as? CACompositionLayer)
        #expect(loader.isPlaying && loader.loopMode == .loop)
        let dots = loader.inputKeyPaths.filter { $0.hasSuffix(".Fill 1.Color") }
        #expect(dots == (1...8).map { "dots.Dot \($0).Fill 1.Color" })
        // Played alone, at its composition's size: dot 1 is centred at (80, 50).
        loader.removeFromSuperlayer()
        loader.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        CATransaction.flush()
        let begin = try #require(loader.sublayers?.first).beginTime
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        // Blue at the loop's start, orange a third of the way through, green two thirds through,
        // each again a loop (two seconds) later: the render side plays the cycle by itself.
        for (time, color) in [
            (0.0, Palette.blue), (2.0 / 3, Palette.orange), (4.0 / 3, Palette.green), (2, Palette.blue),
        ] {
            for loop in [0.0, 2] {
                let pixel = try renderer.render(loader, at: begin + time + loop).pixel(x: 80, y: 50)
                let expected = opaque(color)
                #expect(
                    isClose((pixel.r, pixel.g, pixel.b, 255), expected, tolerance: 6),
                    "at \(time + loop) s: \(pixel), expected \(expected)")
            }
        }
    }

    /// A click across the ball's panel scrubs it and sets its caption, a text layer, to the
    /// frame by key path.
    @Test func aClickScrubsTheBallAndCaptionsTheFrame() throws {
        let root = CompositionsScene.make(CGSize(width: 640, height: 400))
        let ball = try #require(root.descendant(named: CompositionsScene.scrubbedName) as? CACompositionLayer)
        #expect(ball.value(forInputKeyPath: DemoCompositions.bounceCaption) as? String == "click to scrub")
        let panel = try #require(ball.superlayer)
        let point = root.convert(CGPoint(x: panel.bounds.width / 4, y: panel.bounds.midY), from: panel)
        #expect(CompositionsScene.click(root, nil, point) == "composition scrubbed to frame 15")
        #expect(ball.value(forInputKeyPath: DemoCompositions.bounceCaption) as? String == "frame 15")
        #expect(ball.currentFrame == 15)
    }
}
