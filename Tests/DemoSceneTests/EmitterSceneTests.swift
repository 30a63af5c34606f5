import Foundation
import GLBackend
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import demo_window

/// The emitter scene: three emitters whose particles show after a while on a manual clock, the
/// same picture at the same time, and clicks that move an emitter.
@Suite struct EmitterSceneTests {
    let size = CGSize(width: 480, height: 300)

    /// The scene on a manual clock at 0, shown at `time`.
    func render(at time: Double) throws -> (ManualClock, RenderedImage) {
        let clock = ManualClock(EmitterScene.make(size), at: 0)
        clock.seek(to: time)
        return (clock, try OffscreenRenderer(width: Int(size.width), height: Int(size.height)).render(clock.layer))
    }

    /// How many pixels of the panel named `name` are not its night background.
    func lit(_ image: RenderedImage, panel name: String, in root: CALayer) throws -> Int {
        let panel = try #require(root.descendant(named: "panel-\(name)"))
        let frame = panel.frame.insetBy(dx: 10, dy: 10)
        let night = opaque(EmitterScene.night)
        var total = 0
        for y in Int(frame.minY)..<Int(frame.maxY) {
            for x in Int(frame.minX)..<Int(frame.maxX) where !isClose(image.pixel(x: x, y: y), night, tolerance: 6) {
                total += 1
            }
        }
        return total
    }

    @Test func everyPanelShowsParticlesOnceTheyHaveHadTime() throws {
        let (clock, start) = try render(at: 0)
        let (later, image) = try render(at: 2.6)
        // At the start only the first particles, born then, show.
        let (first, grown) = (
            try lit(start, panel: "fire", in: clock.layer), try lit(image, panel: "fire", in: later.layer)
        )
        #expect(first * 3 < grown, "\(first) pixels lit at the start, \(grown) after 2.6 s")
        #expect(try lit(image, panel: "fire", in: later.layer) > 2_000)
        #expect(try lit(image, panel: "snow", in: later.layer) > 200)
        #expect(try lit(image, panel: "fireworks", in: later.layer) > 20)
        #expect(try render(at: 2.6).1 == image, "the same time draws the same picture")
    }

    @Test func aClickMovesThePanelsEmitter() throws {
        let root = EmitterScene.make(size)
        let panel = try #require(root.descendant(named: "panel-snow"))
        let point = CGPoint(x: panel.frame.midX, y: panel.frame.minY + 40)
        let line = EmitterScene.click(root, panel, point)
        let emitter = try #require(root.descendant(named: "emitter-snow") as? CAEmitterLayer)
        #expect(emitter.emitterPosition == CGPoint(x: panel.bounds.midX, y: 40))
        #expect(line.contains("emitter-snow"))
        #expect(EmitterScene.click(root, nil, CGPoint(x: 1, y: 1)).contains("inside a panel"))
    }

    @Test func theScenesAreRegistered() {
        #expect(DemoScene.named("emitter") != nil && DemoScene.named("emitter-bench") != nil)
    }

    @Test func theBenchmarkKeepsTenThousandParticlesAlive() throws {
        let clock = ManualClock(EmitterScene.bench(CGSize(width: 320, height: 200)), at: 0)
        clock.seek(to: 5.0001)
        let renderer = try OffscreenRenderer(width: 320, height: 200)
        _ = try renderer.render(clock.layer)
        // Births every 1/5,000 s: those of the last 2 s, one quad each (the root is the clear colour).
        #expect(renderer.statistics.instances == 10_000)
    }
}
