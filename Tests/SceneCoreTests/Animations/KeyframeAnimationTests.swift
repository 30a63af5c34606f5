import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `CAKeyframeAnimation`: key times (given or evenly spaced), per-segment timing functions,
/// the calculation modes (linear, discrete, paced, cubic, cubicPaced) and the refusal of
/// keyframes that cannot run (Apple's CAAnimation documentation). The model `position.x` is 40.
@Suite struct KeyframeAnimationTests {
    private func keyframes(
        _ values: [Any], keyTimes: [Double]? = nil, mode: CAAnimationCalculationMode = .linear,
        duration: Double = 1, _ configure: (CAKeyframeAnimation) -> Void = { _ in }
    ) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: "position.x")
        animation.values = values
        animation.keyTimes = keyTimes?.map { NSNumber(value: $0) }
        animation.calculationMode = mode
        animation.duration = duration
        configure(animation)
        return animation
    }

    private func running(_ animation: CAAnimation) -> ManualClock {
        let clock = ManualClock(at: 100) { $0.position = CGPoint(x: 40, y: 3) }
        clock.add(animation, forKey: "k")
        return clock
    }

    @Test func linearWithoutKeyTimesSpacesKeyframesEvenly() {
        let clock = running(keyframes([0, 10, 30]))
        #expect(clock.number("position.x", at: 100) == 0)
        #expect(clock.number("position.x", at: 100.25) == 5)
        #expect(clock.number("position.x", at: 100.5) == 10)
        #expect(clock.number("position.x", at: 100.75) == 20)
        #expect(clock.number("position.x", at: 101) == 40)  // over: the model value
    }

    @Test func keyTimesThatEndBeforeOneHoldTheLastValueWithoutAWord() {
        // Public code writes key times such as 0, 0.35, 0.7: valid, the last value holds after 0.7.
        let animation = keyframes([0, 35, 70], keyTimes: [0, 0.35, 0.7])
        let messages = Diagnostics.capturing { _ = running(animation) }
        #expect(messages.isEmpty, "\(messages)")
        let clock = running(animation)
        #expect(clock.number("position.x", at: 100.5) == 50)
        #expect(clock.number("position.x", at: 100.7) == 70)
        #expect(clock.number("position.x", at: 100.9) == 70)
        // And key times starting after 0 hold the first value before it.
        let late = running(keyframes([10, 20], keyTimes: [0.5, 1]))
        #expect(late.number("position.x", at: 100.25) == 10)
        #expect(late.number("position.x", at: 100.75) == 15)
    }

    @Test func discreteBooleansSwitchAtTheirKeyTimes() {
        let clock = ManualClock(at: 100)
        let blink = CAKeyframeAnimation(keyPath: "hidden")
        blink.values = [false, true, false]
        blink.calculationMode = .discrete
        blink.duration = 3
        clock.add(blink)
        #expect(clock.presented(at: 100.9).isHidden == false)
        #expect(clock.presented(at: 101.1).isHidden == true)
        #expect(clock.presented(at: 101.9).isHidden == true)
        #expect(clock.presented(at: 102.1).isHidden == false)
    }

    @Test func linearWithKeyTimesPlacesEachKeyframe() {
        let clock = running(keyframes([0, 10, 30], keyTimes: [0, 0.25, 1]))
        #expect(clock.number("position.x", at: 100.125) == 5)
        #expect(clock.number("position.x", at: 100.25) == 10)
        #expect(clock.number("position.x", at: 100.625) == 20)
    }

    @Test func perSegmentTimingFunctionsPaceEachSegment() {
        let clock = running(
            keyframes([0, 10, 30]) {
                $0.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
            })
        #expect(
            isClose(
                clock.number("position.x", at: 100.25), 10 * NamedCurve.value(NamedCurve.easeIn, at: 0.5),
                tolerance: 1e-9))
        #expect(
            isClose(
                clock.number("position.x", at: 100.75), 10 + 20 * NamedCurve.value(NamedCurve.easeOut, at: 0.5),
                tolerance: 1e-9))
        #expect(clock.number("position.x", at: 100.5) == 10)
    }

    @Test func theAnimationsTimingFunctionAppliesBeforeTheSegmentIsFound() {
        let clock = running(keyframes([0, 10, 30]) { $0.timingFunction = CAMediaTimingFunction(name: .easeIn) })
        // easeIn(0.75) lies in the second segment: 10 + 20 · (easeIn(0.75) − 0.5) / 0.5.
        let p = NamedCurve.value(NamedCurve.easeIn, at: 0.75)
        #expect(isClose(clock.number("position.x", at: 100.75), 10 + 20 * (p - 0.5) / 0.5, tolerance: 1e-9))
    }

    @Test func discreteHoldsEachValueUntilTheNextKeyTime() {
        // values.count + 1 key times.
        let clock = running(keyframes([1, 2, 3], keyTimes: [0, 0.25, 0.5, 1], mode: .discrete))
        #expect(clock.number("position.x", at: 100) == 1)
        #expect(clock.number("position.x", at: 100.125) == 1)
        #expect(clock.number("position.x", at: 100.25) == 2)
        #expect(clock.number("position.x", at: 100.375) == 2)
        #expect(clock.number("position.x", at: 100.5) == 3)
        #expect(clock.number("position.x", at: 100.875) == 3)
    }

    @Test func discreteWithoutKeyTimesGivesEachValueAnEqualShare() {
        let clock = running(keyframes([1, 2, 3, 4], mode: .discrete, duration: 4))
        #expect(clock.number("position.x", at: 100.5) == 1)
        #expect(clock.number("position.x", at: 101.5) == 2)
        #expect(clock.number("position.x", at: 102.5) == 3)
        #expect(clock.number("position.x", at: 103.5) == 4)
        guard
            case .success(let spec) = KeyframeSpec.make(
                values: [.number(1), .number(2), .number(3), .number(4)], keyTimes: nil, timingFunctions: [],
                mode: .discrete, tension: [], continuity: [], bias: [])
        else {
            Issue.record("discrete keyframes refused")
            return
        }
        #expect(spec.keyTimes == [0, 0.25, 0.5, 0.75, 1])
    }

    @Test func pacedSpacesKeyTimesByDistanceAndIgnoresKeyTimesAndTimingFunctions() {
        let clock = running(
            keyframes([0, 10, 40], keyTimes: [0, 0.9, 1], mode: .paced) {
                $0.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeIn)]
            })
        // Constant speed: 40 units in 1 s.
        #expect(clock.number("position.x", at: 100.125) == 5)
        #expect(clock.number("position.x", at: 100.25) == 10)
        #expect(clock.number("position.x", at: 100.625) == 25)
        #expect(clock.number("position.x", at: 100.875) == 35)
    }

    @Test func pacedPointsMoveAtConstantSpeedAlongThePolyline() {
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = [CGPoint(x: 0, y: 0), CGPoint(x: 3, y: 4), CGPoint(x: 3, y: 14)]  // lengths 5 and 10
        animation.calculationMode = .paced
        animation.duration = 3
        let clock = running(animation)
        #expect(isClose(clock.presented(at: 100.5).position, CGPoint(x: 1.5, y: 2)))
        #expect(isClose(clock.presented(at: 101).position, CGPoint(x: 3, y: 4)))
        #expect(isClose(clock.presented(at: 102).position, CGPoint(x: 3, y: 9)))
    }

    @Test func cubicIsCatmullRomBetweenInteriorKeyframes() {
        // Evenly spaced over 3 s: the segment 10 → 30 has tangents (30 − 0)/2 and (0 − 10)/2.
        let clock = running(keyframes([0, 10, 30, 0], mode: .cubic, duration: 3))
        #expect(isClose(clock.number("position.x", at: 101), 10))
        #expect(isClose(clock.number("position.x", at: 101.5), 22.5))  // ½·10 + ⅛·15 + ½·30 − ⅛·(−5)
        #expect(isClose(clock.number("position.x", at: 102), 30))
    }

    @Test func cubicThroughAlternatingValuesIsFlatAtEachKeyframe() {
        // 0, 10, 0, 10: the middle segment's tangents are 0; a quarter in, h00·10 = 0.84375·10.
        let clock = running(keyframes([0, 10, 0, 10], mode: .cubic, duration: 3))
        #expect(isClose(clock.number("position.x", at: 101.25), 8.4375))
        #expect(isClose(clock.number("position.x", at: 101.5), 5))
        #expect(isClose(clock.number("position.x", at: 101.75), 1.5625))
    }

    @Test func tensionOneFlattensTheTangents() {
        let clock = running(
            keyframes([0, 10, 30, 0], mode: .cubic, duration: 3) {
                $0.tensionValues = [1, 1, 1, 1]
            })
        #expect(isClose(clock.number("position.x", at: 101.25), CGFloat(0.84375 * 10 + 0.15625 * 30)))
    }

    @Test func cubicPacedPassesTheKeyframesAtDistanceTimes() {
        let clock = running(keyframes([0, 10, 40], keyTimes: [0, 0.9, 1], mode: .cubicPaced))
        #expect(isClose(clock.number("position.x", at: 100.25), 10))
        #expect(isClose(clock.number("position.x", at: 100), 0))
        guard
            case .success(let spec) = KeyframeSpec.make(
                values: [.number(0), .number(10), .number(40)], keyTimes: [0, 0.9, 1], timingFunctions: [],
                mode: .cubicPaced, tension: [], continuity: [], bias: [])
        else {
            Issue.record("cubicPaced keyframes refused")
            return
        }
        #expect(spec.keyTimes == [0, 0.25, 1])
    }

    @Test(
        arguments: [
            ("count", [0.0, 10, 30], [0.0, 1], CAAnimationCalculationMode.linear),
            ("descending", [0, 10, 30], [0, 0.75, 0.5], .linear),
            ("discreteCount", [1, 2, 3], [0, 0.5], .discrete),
            ("cubicCount", [0, 10, 30], [0, 0.2, 0.4, 1], .cubic),
            ("empty", [], nil, .linear),
        ] as [(String, [Double], [Double]?, CAAnimationCalculationMode)])
    func malformedKeyframesAreRefused(
        label: String, values: [Double], keyTimes: [Double]?, mode: CAAnimationCalculationMode
    ) {
        let clock = ManualClock(at: 100)
        let key = LayerTest.uniqueName("bad-keyframes-\(label)")
        clock.add(keyframes(values, keyTimes: keyTimes, mode: mode), forKey: key)
        #expect(clock.layer.animationKeys() == nil)
        #expect(LayerTest.reported(key, "not added"))
    }

    @Test func aKeyframeOfTheWrongTypeIsRefused() {
        let clock = ManualClock(at: 100)
        let key = LayerTest.uniqueName("bad-keyframe-type")
        clock.add(keyframes([0, CGPoint(x: 1, y: 2), 3]), forKey: key)
        #expect(clock.layer.animationKeys() == nil)
        #expect(LayerTest.reported(key, "values[1]"))
    }
}
