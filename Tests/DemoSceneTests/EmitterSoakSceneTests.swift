import Foundation
import SceneCore
import Testing

@testable import demo_window

/// The emitter soak scenes: the trail's emitter follows its figure of eight at each tick, and the
/// long-lived emitter's values animate for ever.
@Suite struct EmitterSoakSceneTests {
    let size = CGSize(width: 320, height: 200)

    @Test func theTrailMovesItsEmitterAtEachTick() throws {
        let root = EmitterSoakScene.trail(size)
        let emitter = try #require(root.sublayers?.first as? CAEmitterLayer)
        #expect(emitter.name == EmitterSoakScene.trailName)
        #expect(emitter.emitterPosition == CGPoint(x: 160, y: 100))
        EmitterSoakScene.tick(root, at: 2)
        // A quarter of the way round: sin(π/2) = 1 across, sin(π) = 0 down.
        #expect(abs(emitter.emitterPosition.x - 288) < 1e-9)
        #expect(abs(emitter.emitterPosition.y - 100) < 1e-9)
        #expect(emitter.emitterCells?.first?.lifetime == 1_000)
    }

    @Test func theLongLivedEmitterAnimatesForEver() throws {
        let root = EmitterSoakScene.longLived(size)
        let emitter = try #require(root.sublayers?.first as? CAEmitterLayer)
        #expect(emitter.name == EmitterSoakScene.longLivedName)
        #expect(Set(emitter.animationKeys() ?? []) == ["sweep", "swing"])
        #expect(emitter.animation(forKey: "sweep")?.repeatCount == .infinity)
        #expect(emitter.emitterCells?.first?.lifetime == 100_000)
    }
}
