import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `CASpringAnimation` against the closed-form damped harmonic oscillator
/// `m·x'' + c·x' + k·(x − 1) = 0`, x(0) = 0, x'(0) = initialVelocity (Apple's CAAnimation documentation):
/// under-, critically and overdamped motion, the settling duration, and the
/// perceptual-duration/bounce parameters.
@Suite struct SpringAnimationTests {
    private let times: [Double] = [0, 0.05, 0.1, 0.25, 0.3, 0.5, 0.75, 1, 1.5, 2]

    @Test func defaultSpringIsTheUnderdampedOscillator() {
        // m = 1, k = 100, c = 10: ζ = 0.5, decay 5/s, ωd = √75.
        let spring = CASpringAnimation()
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10 && spring.initialVelocity == 0)
        let wd = 75.0.squareRoot()
        for t in times {
            let expected = 1 - exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t))
            #expect(isClose(spring.motion.position(at: t), expected, tolerance: 1e-12), "t = \(t)")
        }
    }

    @Test func underdampedWithInitialVelocity() {
        let motion = SpringMotion(mass: 1, stiffness: 100, damping: 10, initialVelocity: 2)
        let wd = 75.0.squareRoot()
        for t in times {
            let expected = 1 - exp(-5 * t) * (cos(wd * t) + (5 - 2) / wd * sin(wd * t))
            #expect(isClose(motion.position(at: t), expected, tolerance: 1e-12), "t = \(t)")
        }
    }

    @Test func heavierMassSlowsTheSpring() {
        // m = 4, k = 100, c = 10: ω0 = 5, ζ = 0.25, decay c/2m = 1.25, ωd = √(25 − 1.5625).
        let motion = SpringMotion(mass: 4, stiffness: 100, damping: 10, initialVelocity: 0)
        let wd = (25 - 1.5625).squareRoot()
        for t in times {
            let expected = 1 - exp(-1.25 * t) * (cos(wd * t) + 1.25 / wd * sin(wd * t))
            #expect(isClose(motion.position(at: t), expected, tolerance: 1e-12), "t = \(t)")
        }
    }

    @Test(arguments: [0.0, 3, -4])
    func criticallyDamped(velocity: Double) {
        // c = 2√(km) = 20: x(t) = 1 − e^(−10t)·(1 + (10 − v0)·t).
        let motion = SpringMotion(mass: 1, stiffness: 100, damping: 20, initialVelocity: velocity)
        for t in times {
            let expected = 1 - exp(-10 * t) * (1 + (10 - velocity) * t)
            #expect(isClose(motion.position(at: t), expected, tolerance: 1e-12), "t = \(t)")
        }
    }

    @Test(arguments: [0.0, 6])
    func overdamped(velocity: Double) {
        // c = 25: roots −5 and −20; x(t) = 1 + A·e^(−5t) + B·e^(−20t), A + B = −1, −5A − 20B = v0.
        let motion = SpringMotion(mass: 1, stiffness: 100, damping: 25, initialVelocity: velocity)
        let b = (5 - velocity) / 15
        let a = -1 - b
        for t in times {
            let expected = 1 + a * exp(-5 * t) + b * exp(-20 * t)
            #expect(isClose(motion.position(at: t), expected, tolerance: 1e-12), "t = \(t)")
        }
    }

    @Test func settlingDurationOfTheDefaultSpring() {
        #expect(abs(CASpringAnimation().settlingDuration - 1.4727) < 5e-4)
    }

    @Test func settlingDurationWithLessDamping() {
        // Apple documents "about 2.85 s" for damping 5; the formula is undocumented.
        let spring = CASpringAnimation()
        spring.damping = 5
        #expect(abs(spring.settlingDuration - 2.85) < 0.1)
        #expect(spring.settlingDuration > CASpringAnimation().settlingDuration)
    }

    @Test func perceptualDurationAndBounce() {
        let critical = CASpringAnimation(perceptualDuration: 0.5, bounce: 0)
        #expect(critical.mass == 1)
        #expect(isClose(critical.stiffness, pow(4 * .pi, 2)))
        #expect(isClose(critical.damping, 8 * .pi))  // 2√(km): ζ = 1
        #expect(isClose(critical.perceptualDuration, 0.5))
        #expect(isClose(critical.bounce, 0))

        let bouncy = CASpringAnimation(perceptualDuration: 1, bounce: 0.3)
        #expect(isClose(bouncy.stiffness, pow(2 * .pi, 2)))
        #expect(isClose(bouncy.damping, 0.7 * 4 * CGFloat.pi))
        #expect(isClose(bouncy.bounce, 0.3))

        let overdamped = CASpringAnimation(perceptualDuration: 1, bounce: -0.5)
        #expect(isClose(overdamped.damping, 4 * CGFloat.pi / 0.5))  // ζ = 2
        #expect(isClose(overdamped.bounce, -0.5))
        #expect(overdamped.allowsOverdamping)
    }

    @Test func aSpringOnALayerFollowsTheOscillatorInLocalTime() {
        let clock = ManualClock(at: 100) { $0.position = CGPoint(x: 40, y: 3) }
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0
        spring.toValue = 100
        spring.duration = 2
        spring.timingFunction = CAMediaTimingFunction(name: .easeIn)  // the spring replaces it
        clock.add(spring, forKey: "spring")
        let wd = 75.0.squareRoot()
        for t in [0.0, 0.25, 0.5, 1.5] {
            let x = 1 - exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t))
            #expect(isClose(clock.number("position.x", at: 100 + t), 100 * x, tolerance: 1e-9), "t = \(t)")
        }
        #expect(clock.number("position.x", at: 102) == 40)  // the duration bounds the active interval
    }

    @Test func aSpringOvershootsTheToValue() {
        // The first maximum of the default spring is at t = π/ωd, where x = 1 + e^(−5π/ωd).
        let wd = 75.0.squareRoot()
        let peak = Double.pi / wd
        #expect(isClose(CASpringAnimation().motion.position(at: peak), 1 + exp(-5 * peak), tolerance: 1e-12))
    }
}
