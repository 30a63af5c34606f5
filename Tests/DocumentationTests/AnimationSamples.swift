import Foundation
import GLBackend
import SceneCore
import Testing

// The samples of "Animations and timing" (SceneCore.docc).

@Suite struct AnimationSamples {
    /// A layer in a committed tree, as implicit animations need.
    private func committedCard() -> CALayer {
        let card = CALayer()
        card.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        CATransaction.flush()
        return card
    }

    @Test func implicitAndTransactionAnimations() {
        let card = committedCard()

        card.position = CGPoint(x: 400, y: 300)  // animates implicitly, for 0.25 s

        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeInEaseOut))
        CATransaction.setCompletionBlock { card.name = "faded" }  // on the main thread, after the fade
        card.opacity = 0.5
        CATransaction.commit()

        CATransaction.begin()
        CATransaction.setDisableActions(true)  // no implicit animation: the change is shown at once
        card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.commit()

        #expect(card.animation(forKey: "position")?.duration == 0.25)
        #expect(card.animation(forKey: "opacity")?.duration == 2)
        #expect(card.animation(forKey: "backgroundColor") == nil)
        #expect(card.opacity == 0.5, "the model holds the new value at once")
    }

    @Test func explicitAnimations() {
        let card = committedCard()

        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.byValue = 2 * Double.pi
        spin.duration = 3
        spin.repeatCount = .infinity
        card.add(spin, forKey: "spin")  // runs on the render thread, whatever the app thread does

        let bounce = CAKeyframeAnimation(keyPath: "position.y")
        bounce.values = [300, 200, 300, 250, 300]
        bounce.keyTimes = [0, 0.3, 0.6, 0.8, 1]
        bounce.calculationMode = .cubic
        bounce.duration = 1.2
        card.add(bounce, forKey: "bounce")

        let pop = CASpringAnimation(keyPath: "transform.scale")
        pop.fromValue = 0.5
        pop.toValue = 1
        pop.damping = 8
        pop.duration = pop.settlingDuration  // until the spring comes to rest
        card.add(pop, forKey: "pop")

        #expect(card.animationKeys() == ["spin", "bounce", "pop"])
        #expect(pop.duration > 0)
    }

    @Test func pausesAndResumesALayersTime() throws {
        let card = committedCard()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.byValue = 2 * Double.pi
        spin.duration = 3
        card.add(spin, forKey: "spin")

        // Pause: the layer's time (and its animations') stops where it is.
        let pausedAt = card.convertTime(CACurrentMediaTime(), from: nil)
        card.speed = 0
        card.timeOffset = pausedAt

        let shown = card.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat

        // Resume: move the layer's begin time by the time it spent paused.
        card.speed = 1
        card.timeOffset = 0
        card.beginTime = 0
        card.beginTime = card.convertTime(CACurrentMediaTime(), from: nil) - pausedAt

        #expect(shown != nil)
        #expect(abs(card.convertTime(CACurrentMediaTime(), from: nil) - pausedAt) < 0.5)
    }

    @Test func groupsAndActions() {
        let card = committedCard()

        let arrive = CAAnimationGroup()
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = -100
        let fadeIn = CABasicAnimation(keyPath: "opacity")
        fadeIn.fromValue = 0
        arrive.animations = [slide, fadeIn]  // children without a duration take the group's
        arrive.duration = 0.6
        card.add(arrive, forKey: "arrive")

        let push = CATransition()
        push.type = .push
        push.subtype = .fromRight
        card.actions = ["contents": push]  // a change of contents now slides in the new picture
        card.actions?["position"] = NSNull()  // and a change of position is never animated

        card.position = CGPoint(x: 10, y: 10)
        #expect(card.animation(forKey: "position") == nil)
        #expect(card.animation(forKey: "arrive") != nil)
    }
}
