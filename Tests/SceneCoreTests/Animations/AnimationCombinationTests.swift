import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Several animations on one key path apply in `animationKeys()` order over the model value:
/// a non-additive one replaces the running result, an additive one adds to it; adding under
/// a key already in use replaces that animation (Apple's CAMediaTiming documentation). Model `position.x` is 40.
@Suite struct AnimationCombinationTests {
    private func layer() -> ManualClock { ManualClock(at: 100) { $0.position = CGPoint(x: 40, y: 3) } }

    @Test func anAdditiveAnimationAddsToTheOneBeforeIt() {
        let clock = layer()
        clock.add(basic("position.x", from: 0, to: 100, duration: 2), forKey: "base")
        clock.add(basic("position.x", from: 0, to: 10, duration: 2) { $0.isAdditive = true }, forKey: "wobble")
        #expect(clock.layer.animationKeys() == ["base", "wobble"])
        #expect(clock.number("position.x", at: 101) == 55)
    }

    @Test func aNonAdditiveAnimationReplacesWhatCameBefore() {
        let clock = layer()
        clock.add(basic("position.x", from: 0, to: 10, duration: 2) { $0.isAdditive = true }, forKey: "wobble")
        clock.add(basic("position.x", from: 0, to: 100, duration: 2), forKey: "base")
        #expect(clock.number("position.x", at: 101) == 50)
    }

    @Test func twoAdditiveAnimationsBothAddToTheModel() {
        let clock = layer()
        clock.add(basic("position.x", from: 0, to: 10, duration: 2) { $0.isAdditive = true }, forKey: "one")
        clock.add(basic("position.x", from: 0, to: -4, duration: 2) { $0.isAdditive = true }, forKey: "two")
        #expect(clock.number("position.x", at: 101) == 43)
    }

    @Test func anAnimationOfTheWholeValueAndOneOfAFieldCombine() {
        let clock = layer()
        clock.add(
            basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 200), duration: 2), forKey: "whole")
        clock.add(basic("position.y", from: 0, to: 10, duration: 2) { $0.isAdditive = true }, forKey: "field")
        #expect(clock.presented(at: 101).position == CGPoint(x: 50, y: 105))
    }

    @Test func whenTheLaterAnimationEndsTheEarlierOneShowsAgain() {
        let clock = layer()
        clock.add(basic("position.x", from: 0, to: 100, duration: 4), forKey: "long")
        clock.add(basic("position.x", from: 500, to: 600, duration: 1), forKey: "short")
        #expect(clock.number("position.x", at: 100.5) == 550)
        #expect(clock.number("position.x", at: 102) == 50)
    }

    @Test func addingUnderAKeyInUseReplacesTheAnimation() {
        let clock = layer()
        let log = DelegateLog()
        clock.add(basic("position.x", from: 0, to: 100, duration: 2) { $0.delegate = log }, forKey: "move")
        clock.add(basic("position.x", from: 200, to: 300, duration: 2), forKey: "move")
        #expect(clock.layer.animationKeys() == ["move"])
        #expect((clock.layer.animation(forKey: "move") as? CABasicAnimation)?.fromValue as? Int == 200)
        #expect(clock.number("position.x", at: 101) == 250)
    }

    @Test func animationsWithoutAKeyRunButAreNotListed() {
        let clock = layer()
        clock.add(basic("position.x", from: 0, to: 100, duration: 2), forKey: nil)
        #expect(clock.layer.animationKeys() == nil)
        #expect(clock.number("position.x", at: 101) == 50)
    }

    @Test func removingAnAnimationRestoresTheModelValue() {
        let clock = layer()
        clock.add(basic("position.x", from: 0, to: 100, duration: 2), forKey: "a")
        clock.add(basic("position.y", from: 0, to: 100, duration: 2), forKey: "b")
        clock.layer.removeAnimation(forKey: "a")
        #expect(clock.layer.animationKeys() == ["b"])
        #expect(clock.presented(at: 101).position == CGPoint(x: 40, y: 50))
        clock.layer.removeAllAnimations()
        #expect(clock.layer.animationKeys() == nil)
        #expect(clock.presented(at: 101).position == CGPoint(x: 40, y: 3))
    }
}
