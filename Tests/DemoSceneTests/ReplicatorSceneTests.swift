import GLBackend
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import demo_window

/// The replicator scene: a spinner, equaliser bars and a 3D ring, each one sublayer drawn many
/// times by a `CAReplicatorLayer`; and the replicator benchmark scene.
///
/// At 640x400 the three panels are 200 wide (x 10, 220, 430), 380 tall from y 10; each stage
/// lies 34 below its panel's top, 10 in from its sides. Times are those of a manual clock, the
/// animations beginning at 0.
@Suite struct ReplicatorSceneTests {
    let size = CGSize(width: 640, height: 400)

    func scene(at t: Double) -> ManualClock {
        let clock = ManualClock(ReplicatorScene.make(size), at: 1000)
        clock.seek(to: 1000 + t)
        return clock
    }

    @Test func eachPanelHoldsOneReplicatorOfOneLayer() throws {
        let root = ReplicatorScene.make(size)
        let spinner = try #require(root.descendant(named: "spinner") as? CAReplicatorLayer)
        #expect(spinner.instanceCount == 12 && spinner.instanceDelay == 1.0 / 12)
        #expect(spinner.sublayers?.map(\.name) == ["dot"])
        let equaliser = try #require(root.descendant(named: "equaliser") as? CAReplicatorLayer)
        #expect(equaliser.instanceCount == 8 && equaliser.sublayers?.first?.animationKeys() == ["pulse"])
        let ring = try #require(root.descendant(named: "ring") as? CAReplicatorLayer)
        #expect(ring.preservesDepth && ring.instanceCount == 14 && ring.animationKeys() == ["turn"])
        #expect(try #require(root.descendant(named: "ring-stage")).sublayerTransform.m34 != 0, "in perspective")
        let captions = (root.sublayers ?? []).compactMap { $0.sublayers?.first as? CATextLayer }
        #expect(captions.count == 3)
    }

    @Test func theSpinnersDotsFadeOneAfterAnother() throws {
        // The spinner's stage is 180x346 at (20, 44); its centre (110, 217); dots 0.3 × 180 = 54
        // from it. At 1.5 s dot 0 (top) is half-way through its fade (opacity 0.575); dot 3
        // (a quarter turn on, right) is 0.25 s behind (opacity 0.7875).
        let image = try render(scene(at: 1.5).layer)
        let background = opaque(.white)
        let blue = opaque(Palette.blue)
        func shade(_ opacity: Double) -> Pixel {
            func mix(_ c: UInt8, _ b: UInt8) -> UInt8 {
                UInt8((Double(c) * opacity + Double(b) * (1 - opacity)).rounded())
            }
            return (mix(blue.r, background.r), mix(blue.g, background.g), mix(blue.b, background.b), 255)
        }
        expectPixel(image, 110, 217 - 54, shade(0.575), tolerance: 2)
        expectPixel(image, 110 + 54, 217, shade(0.7875), tolerance: 2)
        expectPixel(image, 110, 217, background)
    }

    @Test func theRingsNearCardIsDrawnLargerThanTheFarOne() throws {
        let image = try render(scene(at: 0).layer)
        // The ring's stage is centred at x 530; the near card (instance 0, turned 0) covers a
        // wider run of row 217 than the 28 points it is: it is nearer the viewer.
        let near = coveredRun(image, row: 217, around: 530)
        #expect(near > 28)
    }

    /// The width of the run of non-white pixels through `x` in row `y`.
    func coveredRun(_ image: RenderedImage, row y: Int, around x: Int) -> Int {
        let white = opaque(.white)
        var left = x
        var right = x
        while left > 0, !isClose(image.pixel(x: left - 1, y: y), white, tolerance: 8) { left -= 1 }
        while right < image.width - 1, !isClose(image.pixel(x: right + 1, y: y), white, tolerance: 8) { right += 1 }
        return right - left + 1
    }

    @Test func theBenchmarkSceneDrawsItsQuadsFromOneLayer() throws {
        let root = ReplicatorStressScene.make(SceneOptions(size: CGSize(width: 1280, height: 720), layers: 10_000))
        let rows = try #require(root.descendant(named: "rows") as? CAReplicatorLayer)
        let row = try #require(root.descendant(named: "row") as? CAReplicatorLayer)
        #expect(rows.instanceCount * row.instanceCount == 10_000)
        #expect(row.sublayers?.count == 1)
        let image = try render(root)
        #expect(image.pixel(x: 24, y: 24) != opaque(CGColor(gray: 0, alpha: 1)), "the first quad is drawn")
    }
}
