import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `CABasicAnimation`'s from/to/by rules (the seven rows of Apple's CAAnimation documentation"current"
/// being the model value beneath the animation), additive and cumulative animations, and
/// timing functions, from the animation and from the transaction.
@Suite struct BasicAnimationValueTests {
    /// A paused layer at time 100 whose model `position` is (40, 3), with `animation` added.
    private func running(_ animation: CAAnimation) -> ManualClock {
        let clock = ManualClock(at: 100) { $0.position = CGPoint(x: 40, y: 3) }
        clock.add(animation, forKey: "a")
        return clock
    }

    @Test(arguments: [
        // from, to, by, value at a quarter of the way (model value 40)
        (Double?.some(0), Double?.some(100), Double?.none, 25.0),  // from → to
        (10, nil, 20, 15),  // from → from + by
        (nil, 100, 20, 85),  // to − by → to
        (0, nil, nil, 10),  // from → current
        (nil, 100, nil, 55),  // current → to
        (nil, nil, 20, 45),  // current → current + by
        (nil, nil, nil, 40),  // nothing to animate
    ])
    func fromToByCombinations(from: Double?, to: Double?, by: Double?, quarter: Double) {
        let clock = running(basic("position.x", from: from, to: to, by: by, duration: 4))
        #expect(clock.number("position.x", at: 101) == quarter)
    }

    @Test func fromToAndByKeepTheTypeTheyWereSetWith() {
        let animation = CABasicAnimation(keyPath: "opacity")
        let color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        animation.fromValue = 0.25
        animation.toValue = CGFloat(0.75)
        animation.byValue = color
        #expect(animation.fromValue as? Double == 0.25 && type(of: animation.fromValue!) == Double.self)
        #expect(type(of: animation.toValue!) == CGFloat.self && animation.toValue as? CGFloat == 0.75)
        #expect(animation.byValue as AnyObject === color)
        // A slot changes between a number and another value, and back; nil clears it.
        animation.fromValue = NSNumber(value: 2)
        #expect(animation.fromValue is NSNumber)
        animation.byValue = 3.0
        #expect(animation.byValue as? Double == 3)
        animation.toValue = nil
        #expect(animation.toValue == nil)
        let copy = animation.copy() as! CABasicAnimation
        #expect(copy.fromValue is NSNumber && copy.toValue == nil && copy.byValue as? Double == 3)
        // The key-value coded spelling reaches the same values.
        animation.setValue([1.0, 2.0], forKey: "toValue")
        #expect(animation.value(forKey: "toValue") as? [Double] == [1, 2])
    }

    @Test func compiledValuesGiveBackWhatWasGiven() {
        let numbers = BasicValues(from: nil, to: .number(-2.5), by: .number(7))
        #expect(numbers.from == nil && numbers.to == .number(-2.5) && numbers.by == .number(7))
        let point = AnimatableValue.point(CGPoint(x: 3, y: -4))
        let points = BasicValues(from: point, to: nil, by: .point(.zero))
        #expect(points.from == point && points.to == nil && points.by == .point(.zero))
        let none = BasicValues(from: nil, to: nil, by: nil)
        #expect(none.from == nil && none.to == nil && none.by == nil)
    }

    @Test func byCombinationsWorkOnPoints() {
        let clock = running(basic("position", from: CGPoint(x: 10, y: 20), by: CGPoint(x: 4, y: -8), duration: 4))
        #expect(clock.presented(at: 102).position == CGPoint(x: 12, y: 16))
        let toOnly = running(basic("position", to: CGPoint(x: 80, y: 43), duration: 4))
        #expect(toOnly.presented(at: 101).position == CGPoint(x: 50, y: 13))
    }

    @Test func additiveAddsTheValueToTheModel() {
        let clock = running(basic("position.x", from: 0, to: 100, duration: 4) { $0.isAdditive = true })
        #expect(clock.number("position.x", at: 101) == 65)
        #expect(clock.number("position.x", at: 102) == 90)
        let point = running(
            basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 8, y: 4), duration: 4) {
                $0.isAdditive = true
            })
        #expect(point.presented(at: 102).position == CGPoint(x: 44, y: 5))
    }

    @Test func additiveTransformsConcatenate() {
        let clock = ManualClock(at: 100) { $0.transform = CATransform3DMakeTranslation(10, 0, 0) }
        clock.add(
            basic("transform", from: CATransform3DIdentity, to: CATransform3DMakeTranslation(0, 40, 0), duration: 4) {
                $0.isAdditive = true
            })
        #expect(isClose(clock.presented(at: 101).transform, CATransform3DMakeTranslation(10, 10, 0)))
        // An additive rotation over a rotated model turns further.
        let turned = ManualClock(at: 100) { $0.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1) }
        turned.add(basic("transform.rotation.z", from: 0, to: CGFloat.pi / 2, duration: 2) { $0.isAdditive = true })
        #expect(isClose(turned.presented(at: 101).transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
    }

    @Test func cumulativeRepeatsAddTheChangeOfEachCompletedCycle() {
        let clock = running(
            basic("position.x", from: 0, to: 10) {
                $0.isCumulative = true
                $0.repeatCount = 3
                $0.fillMode = .forwards
            })
        #expect(clock.number("position.x", at: 100.5) == 5)
        #expect(clock.number("position.x", at: 101.5) == 15)
        #expect(clock.number("position.x", at: 102.25) == 22.5)
        #expect(clock.number("position.x", at: 103) == 30)
        #expect(clock.number("position.x", at: 104) == 30)
    }

    @Test func cumulativeWithAByValueAccumulatesTheBy() {
        let clock = running(
            basic("position.x", from: 5, by: 10) {
                $0.isCumulative = true
                $0.repeatCount = 2
            })
        #expect(clock.number("position.x", at: 100.5) == 10)
        #expect(clock.number("position.x", at: 101.5) == 20)
    }

    @Test(arguments: [
        (CAMediaTimingFunction.Name.easeIn, NamedCurve.easeIn),
        (.easeOut, NamedCurve.easeOut),
        (.easeInEaseOut, NamedCurve.easeInEaseOut),
        (.default, NamedCurve.default),
    ])
    func timingFunctionsPaceTheProgress(name: CAMediaTimingFunction.Name, curve: (Double, Double, Double, Double)) {
        let clock = running(
            basic("position.x", from: 0, to: 100, duration: 4) {
                $0.timingFunction = CAMediaTimingFunction(name: name)
            })
        for quarter in [1.0, 2, 3] {
            let expected = 100 * NamedCurve.value(curve, at: quarter / 4)
            #expect(isClose(clock.number("position.x", at: 100 + quarter), expected, tolerance: 1e-9))
        }
    }

    @Test func easeInAtHalfWayIsAboutThreeTenths() {
        // Independent check of the Bézier solution: ease-in (0.42, 0, 1, 1) at x = 0.5 gives y ≈ 0.3153.
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        #expect(abs(easeIn.value(at: 0.5) - 0.3153) < 1e-4)
        #expect(isClose(easeIn.value(at: 0.5), NamedCurve.value(NamedCurve.easeIn, at: 0.5), tolerance: 1e-9))
        #expect(isClose(CAMediaTimingFunction(name: .linear).value(at: 0.3), 0.3, tolerance: 1e-12))
    }

    @Test func aZeroDurationTakesTheTransactionsAnimationDuration() {
        let clock = ManualClock(at: 100) { $0.position = CGPoint(x: 40, y: 3) }
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        clock.layer.add(basic("position.x", from: 0, to: 100, duration: 0), forKey: "a")
        CATransaction.commit()
        CATransaction.flush()
        #expect(clock.layer.animation(forKey: "a")?.duration == 2)
        #expect(clock.number("position.x", at: 101) == 50)
        #expect(clock.number("position.x", at: 102) == 40)
    }

    @Test func withoutATransactionDurationItIsAQuarterSecond() {
        let clock = running(basic("position.x", from: 0, to: 100, duration: 0))
        #expect(clock.layer.animation(forKey: "a")?.duration == 0.25)
        #expect(clock.number("position.x", at: 100.125) == 50)
    }

    @Test func theTransactionsTimingFunctionIsApplied() {
        let clock = ManualClock(at: 100) { $0.position = CGPoint(x: 40, y: 3) }
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeOut))
        clock.layer.add(basic("position.x", from: 0, to: 100, duration: 4), forKey: "a")
        CATransaction.commit()
        CATransaction.flush()
        #expect(clock.layer.animation(forKey: "a")?.timingFunction == CAMediaTimingFunction(name: .easeOut))
        #expect(
            isClose(
                clock.number("position.x", at: 101), 100 * NamedCurve.value(NamedCurve.easeOut, at: 0.25),
                tolerance: 1e-9))
    }

    @Test func theAddedAnimationIsACopy() {
        let clock = ManualClock(at: 100)
        let animation = basic("position.x", from: 0, to: 100, duration: 4)
        clock.add(animation, forKey: "a")
        animation.toValue = 1000
        animation.duration = 1
        #expect(clock.layer.animation(forKey: "a") !== animation)
        #expect(clock.number("position.x", at: 102) == 50)
    }

    @Test func aCopyKeepsTheDelegateTheFrameRateRangeAndTheKeyedValuesApartFromTheOriginal() {
        final class Listener: CAAnimationDelegate {}
        let listener = Listener()
        let animation = basic("opacity", from: 0, to: 1, duration: 1)
        #expect(animation.delegate == nil && animation.preferredFrameRateRange == .default)
        #expect(animation.value(forKey: "tag") == nil)
        animation.delegate = listener
        animation.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 60, preferred: 60)
        animation.setValue("first", forKey: "tag")
        let copy = animation.copy() as! CABasicAnimation
        #expect(copy.delegate === listener)
        #expect(copy.preferredFrameRateRange == CAFrameRateRange(minimum: 30, maximum: 60, preferred: 60))
        #expect(copy.value(forKey: "tag") as? String == "first")
        // Changing either leaves the other as it was.
        copy.setValue("second", forKey: "tag")
        copy.delegate = nil
        animation.preferredFrameRateRange = .default
        #expect(animation.value(forKey: "tag") as? String == "first")
        #expect(animation.delegate === listener)
        #expect(copy.preferredFrameRateRange == CAFrameRateRange(minimum: 30, maximum: 60, preferred: 60))
    }
}
