import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Implicit animations (Apple's CALayer action(forKey:) documentation and Apple's CAMediaTiming documentation): setting an animatable property of a
/// committed layer adds a `CABasicAnimation` under the property's key, from the value on
/// screen to the new model value, with the transaction's duration and timing function
/// (`.default` when it has none); never for an uncommitted layer, with actions disabled, or
/// for an unchanged value. Custom actions run instead when the search finds them.
@Suite struct ImplicitAnimationTests {
    /// Sets the model in an explicit transaction lasting `duration`, then commits.
    private func change(duration: Double = 2, timing: CAMediaTimingFunction? = nil, _ body: () -> Void) {
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setAnimationDuration(duration)
        if let timing { CATransaction.setAnimationTimingFunction(timing) }
        body()
        CATransaction.commit()
        CATransaction.flush()
    }

    @Test func settingAPropertyOfACommittedLayerAddsABasicAnimation() {
        let clock = ManualClock(at: 100) { $0.position = CGPoint(x: 40, y: 3) }
        change { clock.layer.position = CGPoint(x: 140, y: 3) }
        let animation = clock.layer.animation(forKey: "position") as? CABasicAnimation
        #expect(animation?.keyPath == "position")
        #expect(animation?.fromValue as? CGPoint == CGPoint(x: 40, y: 3))
        #expect(animation?.duration == 2)
        #expect(animation?.timingFunction == CAMediaTimingFunction(name: .default))
        #expect(animation?.beginTime == 100)
        #expect(clock.layer.position == CGPoint(x: 140, y: 3))  // the model changes at once
        #expect(clock.number("position.x", at: 100) == 40)
        let halfWay = 40 + 100 * NamedCurve.value(NamedCurve.default, at: 0.5)
        #expect(isClose(clock.number("position.x", at: 101), halfWay, tolerance: 1e-9))
        #expect(clock.number("position.x", at: 102) == 140)
    }

    @Test func aChangeWhoseSearchFoundNothingStillAnimatesImplicitly() {
        let clock = ManualClock(at: 100) { $0.opacity = 1 }
        #expect(clock.layer.action(forKey: "opacity") == nil)
        change { clock.layer.opacity = 0.5 }
        #expect(clock.layer.animation(forKey: "opacity") is CABasicAnimation)
    }

    @Test func aSearchThatHitsNSNullMakesNoImplicitAnimation() {
        let clock = ManualClock(at: 100) { $0.opacity = 1 }
        clock.layer.style = ["actions": ["opacity": NSNull()]]
        change { clock.layer.opacity = 0.5 }
        #expect(clock.layer.animationKeys() == nil)
    }

    @Test func anAnimationFoundWithoutAKeyPathAnimatesTheKeyFromTheValueOnScreen() {
        let clock = ManualClock(at: 100) { $0.opacity = 1 }
        let action = CABasicAnimation()
        action.duration = 3
        clock.layer.actions = ["opacity": action]
        change { clock.layer.opacity = 0.2 }
        let added = clock.layer.animation(forKey: "opacity") as? CABasicAnimation
        #expect(added?.keyPath == "opacity")
        #expect(added?.fromValue as? CGFloat == 1)
        #expect(added?.duration == 3)
        #expect(action.keyPath == nil, "the action itself is left as it was")
        #expect(isClose(clock.number("opacity", at: 101.5), 0.6, tolerance: 1e-6))
        #expect(isClose(clock.number("opacity", at: 103), 0.2, tolerance: 1e-6))
    }

    @Test func theTransactionsTimingFunctionReplacesTheDefault() {
        let clock = ManualClock(at: 100) { $0.zPosition = 0 }
        change(timing: CAMediaTimingFunction(name: .linear)) { clock.layer.zPosition = 10 }
        #expect(clock.layer.animation(forKey: "zPosition")?.timingFunction == CAMediaTimingFunction(name: .linear))
        // linear: x(s) = y(s) = 3s² − 2s³
        #expect(isClose(clock.number("zPosition", at: 100.5), 2.5, tolerance: 1e-12))
    }

    @Test func withoutATransactionDurationItLastsAQuarterSecond() {
        let clock = ManualClock(at: 100)
        CATransaction.flush()
        clock.layer.cornerRadius = 8
        CATransaction.flush()
        #expect(clock.layer.animation(forKey: "cornerRadius")?.duration == 0.25)
    }

    @Test func aNewImplicitAnimationStartsFromThePresentationValue() {
        let clock = ManualClock(at: 100) { $0.zPosition = 0 }
        change(timing: CAMediaTimingFunction(name: .linear)) { clock.layer.zPosition = 100 }
        clock.seek(to: 101)  // half-way: 50 on screen
        change(timing: CAMediaTimingFunction(name: .linear)) { clock.layer.zPosition = 0 }
        let animation = clock.layer.animation(forKey: "zPosition") as? CABasicAnimation
        #expect(ValueConversion.double(animation?.fromValue) == 50)
        #expect(animation?.beginTime == 101)
        #expect(clock.layer.animationKeys() == ["zPosition"])
        #expect(isClose(clock.number("zPosition", at: 102), 25, tolerance: 1e-9))
    }

    @Test func aFieldChangeAnimatesTheWholeProperty() {
        let clock = ManualClock(at: 100) { $0.position = CGPoint(x: 40, y: 3) }
        change(timing: CAMediaTimingFunction(name: .linear)) { clock.layer.setValue(80, forKeyPath: "position.x") }
        #expect(clock.layer.animationKeys() == ["position"])
        #expect(isClose(clock.presented(at: 101).position, CGPoint(x: 60, y: 3)))
    }

    @Test func anUncommittedLayerDoesNotAnimate() {
        let layer = CALayer()
        layer.opacity = 0.5
        layer.position = CGPoint(x: 9, y: 9)
        #expect(layer.animationKeys() == nil)
        #expect(layer.presentation() == nil)
        CATransaction.flush()
    }

    @Test func disabledActionsChangeTheValueWithoutAnimating() {
        let clock = ManualClock(at: 100)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        clock.layer.opacity = 0.25
        CATransaction.commit()
        CATransaction.flush()
        #expect(clock.layer.animationKeys() == nil)
        #expect(clock.presented(at: 100).opacity == 0.25)
    }

    @Test func anUnchangedValueDoesNotAnimate() {
        let clock = ManualClock(at: 100) { $0.position = CGPoint(x: 40, y: 3) }
        change { clock.layer.position = CGPoint(x: 40, y: 3) }
        #expect(clock.layer.animationKeys() == nil)
    }

    @Test func aNonAnimatablePropertyDoesNotAnimate() {
        let clock = ManualClock(at: 100)
        change {
            clock.layer.name = "renamed"
            clock.layer.isDoubleSided = false
        }
        #expect(clock.layer.animationKeys() == nil)
    }

    @Test func aCustomActionRunsInsteadOfTheImplicitAnimation() {
        let clock = ManualClock(at: 100)
        let action = RecordingAction()
        clock.layer.actions = ["opacity": action]
        change { clock.layer.opacity = 0.5 }
        #expect(action.events == ["opacity"])
        #expect(action.ranOnly(on: clock.layer))
        #expect(clock.layer.animationKeys() == nil)
    }

    @Test func aTransitionActionForContentsIsAdded() {
        let clock = ManualClock(at: 100)
        let transition = CATransition()
        transition.type = .push
        transition.duration = 3
        clock.layer.actions = ["contents": transition]
        change { clock.layer.contents = ImageFixtures.image3x2() }
        let added = clock.layer.animation(forKey: "contents") as? CATransition
        #expect(added?.type == .push)
        #expect(added?.duration == 3)
        #expect(added !== transition)
    }

    @Test func aRegisteredCustomKeyAnimatesImplicitly() {
        ProgressLayer.registerAnimatableProperty("progress")
        let clock = ManualClock(ProgressLayer(), at: 100) { $0.setValue(0.0, forKey: "progress") }
        change(timing: CAMediaTimingFunction(name: .linear)) { clock.layer.setValue(1.0, forKey: "progress") }
        let animation = clock.layer.animation(forKey: "progress") as? CABasicAnimation
        #expect(animation?.keyPath == "progress")
        #expect(ValueConversion.double(animation?.fromValue) == 0)
        #expect(
            isClose(
                ValueConversion.double(clock.presented(at: 100.5).value(forKey: "progress")) ?? .nan, 0.25,
                tolerance: 1e-12))
        #expect(ValueConversion.double(clock.presented(at: 102).value(forKey: "progress")) == 1)
        // Other layer classes do not animate the key.
        let plain = ManualClock(at: 100) { $0.setValue(0.0, forKey: "progress") }
        change { plain.layer.setValue(1.0, forKey: "progress") }
        #expect(plain.layer.animationKeys() == nil)
    }
}

/// A layer class with a custom animatable key, "progress".
final class ProgressLayer: CALayer {}
