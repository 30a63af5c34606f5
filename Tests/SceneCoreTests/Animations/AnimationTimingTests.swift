import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// The media-timing model of an animation on a layer (Apple's CAMediaTiming documentation): begin time,
/// duration, speed, time offset, repeats, autoreverse and the active duration, seen through
/// `presentation()` of a paused layer. The layer's model `position.x` is 7 throughout; the
/// animations run `position.x` from 0 to 100, so the value shown is 100 × progress.
@Suite struct AnimationTimingTests {
    /// A paused layer at time 100 with `animation` added (it begins at 100 unless it has a begin time).
    private func running(_ animation: CAAnimation) -> ManualClock {
        let clock = ManualClock(at: 100) { $0.position = CGPoint(x: 7, y: 3) }
        clock.add(animation, forKey: "move")
        return clock
    }

    private func move(duration: Double = 1, _ configure: (CABasicAnimation) -> Void = { _ in }) -> CABasicAnimation {
        basic("position.x", from: 0, to: 100, duration: duration, configure)
    }

    @Test func beginTimeZeroBecomesTheLayerTimeAtCommit() {
        let clock = running(move(duration: 4))
        #expect(clock.layer.animation(forKey: "move")?.beginTime == 100)
        #expect(clock.number("position.x", at: 100) == 0)
        #expect(clock.number("position.x", at: 101) == 25)
        #expect(clock.number("position.x", at: 103) == 75)
        #expect(clock.number("position.y", at: 103) == 3)
    }

    @Test func anExplicitBeginTimeDelaysTheAnimation() {
        let clock = running(move(duration: 2) { $0.beginTime = 110 })
        #expect(clock.layer.animation(forKey: "move")?.beginTime == 110)
        #expect(clock.number("position.x", at: 109.5) == 7)  // before: the model value
        #expect(clock.number("position.x", at: 110) == 0)
        #expect(clock.number("position.x", at: 111) == 50)
    }

    @Test func speedScalesTheAnimationsTime() {
        let clock = running(move(duration: 4) { $0.speed = 2 })
        #expect(clock.number("position.x", at: 101) == 50)
        #expect(clock.number("position.x", at: 101.5) == 75)
        #expect(clock.number("position.x", at: 102) == 7)  // 4 s of animation time took 2 s
        let slow = running(move(duration: 1) { $0.speed = 0.5 })
        #expect(slow.number("position.x", at: 101) == 50)
    }

    @Test func timeOffsetShiftsThePhaseAndWrapsWithinTheCycle() {
        // d = 3, timeOffset = 1: the frames show C D E A B; the active window stays 3 s.
        let clock = running(basic("position.x", from: 0, to: 30, duration: 3) { $0.timeOffset = 1 })
        #expect(clock.number("position.x", at: 100) == 10)
        #expect(clock.number("position.x", at: 101) == 20)
        #expect(clock.number("position.x", at: 101.5) == 25)
        #expect(clock.number("position.x", at: 102) == 0)  // wrapped to the start of the cycle
        #expect(clock.number("position.x", at: 102.5) == 5)
        #expect(clock.number("position.x", at: 103) == 7)  // active duration over: removed
    }

    @Test func fractionalRepeatCountEndsPartWay() {
        let clock = running(
            move {
                $0.repeatCount = 2.5
                $0.fillMode = .forwards
            })
        #expect(clock.number("position.x", at: 101.25) == 25)
        #expect(clock.number("position.x", at: 102.25) == 25)
        #expect(clock.number("position.x", at: 102.5) == 50)  // held at τ = AD: half-way
        #expect(clock.number("position.x", at: 150) == 50)
    }

    @Test func infiniteRepeatCountNeverEnds() {
        let clock = running(move(duration: 2) { $0.repeatCount = .infinity })
        #expect(clock.number("position.x", at: 100 + 2 * 5_000 + 0.5) == 25)
        #expect(clock.number("position.x", at: 100 + 2 * 5_000 + 1.5) == 75)
    }

    @Test func repeatDurationBoundsTheActiveDuration() {
        let clock = running(move { $0.repeatDuration = 1.75 })
        #expect(clock.number("position.x", at: 101.5) == 50)
        #expect(clock.number("position.x", at: 101.75) == 7)
        let held = running(
            move {
                $0.repeatDuration = 1.75
                $0.fillMode = .forwards
            })
        #expect(held.number("position.x", at: 105) == 75)
    }

    @Test func autoreversesMirrorsTheSecondHalfOfEachCycle() {
        let clock = running(
            move(duration: 2) {
                $0.autoreverses = true
                $0.fillMode = .forwards
            })
        #expect(clock.number("position.x", at: 101) == 50)
        #expect(clock.number("position.x", at: 102) == 100)
        #expect(clock.number("position.x", at: 102.5) == 75)
        #expect(clock.number("position.x", at: 103.5) == 25)
        #expect(clock.number("position.x", at: 104) == 0)  // ends back at the from-value
        #expect(clock.number("position.x", at: 110) == 0)
    }

    @Test func autoreversingIntegralRepeatsEndAtTheFromValue() {
        let clock = running(
            move {
                $0.autoreverses = true
                $0.repeatCount = 2
                $0.fillMode = .forwards
            })
        #expect(clock.number("position.x", at: 102.5) == 50)  // second cycle, forward half
        #expect(clock.number("position.x", at: 103.25) == 75)  // second cycle, mirrored
        #expect(clock.number("position.x", at: 104) == 0)
        #expect(clock.number("position.x", at: 200) == 0)
    }

    @Test func integralRepeatsWithoutAutoreverseEndAtTheToValue() {
        let clock = running(
            move {
                $0.repeatCount = 3
                $0.fillMode = .forwards
            })
        #expect(clock.number("position.x", at: 102) == 0)  // the third cycle starts over
        #expect(clock.number("position.x", at: 103) == 100)
    }

    @Test(arguments: [
        // fill mode, value before (τ < 0), value after (τ ≥ AD); the model value is 7
        (CAMediaTimingFillMode.removed, 7.0, 7.0),
        (.forwards, 7.0, 100.0),
        (.backwards, 0.0, 7.0),
        (.both, 0.0, 100.0),
    ])
    func fillModeDecidesWhatShowsOutsideTheActiveDuration(mode: CAMediaTimingFillMode, before: Double, after: Double) {
        let clock = running(
            move(duration: 2) {
                $0.beginTime = 110
                $0.fillMode = mode
            })
        #expect(clock.number("position.x", at: 105) == before)
        #expect(clock.number("position.x", at: 111) == 50)
        #expect(clock.number("position.x", at: 112) == after)
        #expect(clock.number("position.x", at: 130) == after)
    }

    @Test func activeDurationIsHalfOpen() {
        // Active while 0 ≤ τ < AD: the start shows the from-value, the end is already outside.
        let clock = running(move(duration: 2) { $0.beginTime = 110 })
        #expect(clock.number("position.x", at: 110.0.nextDown) == 7)
        #expect(clock.number("position.x", at: 110) == 0)
        #expect(isClose(clock.number("position.x", at: 112.0.nextDown), 100, tolerance: 1e-9))
        #expect(clock.number("position.x", at: 112) == 7)
    }

    @Test func timingSamplesAtTheBoundaries() {
        var t = MediaTimingValues()
        t.duration = 2
        t.beginTime = 10
        t.repeatCount = 1.5
        #expect(t.activeDuration == 3)
        #expect(t.sample(atParentTime: 10) == TimingSample(progress: 0, cycle: 0))
        #expect(t.sample(atParentTime: 12) == TimingSample(progress: 0, cycle: 1))
        #expect(t.sample(atParentTime: 13) == nil)
        t.fillMode = .both
        #expect(t.sample(atParentTime: 13) == TimingSample(progress: 0.5, cycle: 1))
        #expect(t.sample(atParentTime: 0) == TimingSample(progress: 0, cycle: 0))
        t.autoreverses = true
        #expect(t.activeDuration == 6)
        #expect(t.sample(atParentTime: 13) == TimingSample(progress: 0.5, cycle: 0))
        // 1.5 cycles: mid-way, at the far end
        #expect(t.sample(atParentTime: 16) == TimingSample(progress: 1, cycle: 1))
    }
}
