import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `CAKeyframeAnimation.path`: a layer follows a `CGPath`, one segment per line or curve
/// (equal times, or key times, or paced by length), each paced by its timing function, turning
/// with it under `rotationMode`.
@Suite struct KeyframePathTests {
    func follow(
        _ path: CGPath, mode: CAAnimationCalculationMode = .linear, rotation: CAAnimationRotationMode? = nil,
        keyTimes: [NSNumber]? = nil, timingFunctions: [CAMediaTimingFunction]? = nil
    ) -> ManualClock {
        let clock = ManualClock(at: 0)
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.calculationMode = mode
        animation.rotationMode = rotation
        animation.keyTimes = keyTimes
        animation.timingFunctions = timingFunctions
        animation.duration = 1
        clock.add(animation, forKey: "follow")
        return clock
    }

    func position(_ clock: ManualClock, at t: Double) -> CGPoint { clock.presented(at: t).position }

    @Test func aRectanglesFourSidesTakeAQuarterEach() {
        let clock = follow(CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100)))
        #expect(position(clock, at: 0) == CGPoint(x: 0, y: 0))
        #expect(position(clock, at: 0.125) == CGPoint(x: 50, y: 0))
        #expect(position(clock, at: 0.375) == CGPoint(x: 100, y: 50))
        #expect(position(clock, at: 0.625) == CGPoint(x: 50, y: 100))
        #expect(position(clock, at: 0.875) == CGPoint(x: 0, y: 50), "closing the subpath is a segment too")
    }

    @Test func pacedModeMovesAtConstantSpeedAndKeyTimesPlaceSegments() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 300)])
        #expect(position(follow(path), at: 0.5) == CGPoint(x: 100, y: 0), "equal time per segment")
        #expect(position(follow(path, mode: .paced), at: 0.5) == CGPoint(x: 100, y: 100), "200 of 400 points")
        #expect(position(follow(path, keyTimes: [0, 0.25, 1]), at: 0.25) == CGPoint(x: 100, y: 0))
    }

    /// Apple: "Any timing values you specify for the animation are applied to the points used to
    /// create the path" — a timing function paces its segment, from one end point to the next.
    @Test func timingFunctionsPaceEachOfThePathsSegments() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)])
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        let clock = follow(path, timingFunctions: [easeIn, CAMediaTimingFunction(name: .linear)])
        // Half-way through the first segment's time: ease-in's 0.5 (0.3154) of its length.
        let eased = position(clock, at: 0.25)
        #expect(abs(eased.x - 31.54) < 0.01 && eased.y == 0, "\(eased)")
        #expect(abs(eased.x - 100 * CGFloat(easeIn.value(at: 0.5))) < 1e-9)
        // The second segment is linear; the segments' ends keep their times.
        #expect(position(clock, at: 0.75) == CGPoint(x: 100, y: 50))
        #expect(position(clock, at: 0.5) == CGPoint(x: 100, y: 0))
        // Paced mode takes no timing functions, as Core Animation's.
        #expect(
            position(follow(path, mode: .paced, timingFunctions: [easeIn, easeIn]), at: 0.25) == CGPoint(x: 50, y: 0))
    }

    @Test func curvesAreFollowedNotJustTheirEndPoints() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 100, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let middle = position(follow(path), at: 0.5)
        // Half-way along the quarter circle: (100 cos 45°, 100 sin 45°), within flattening error.
        #expect(abs(middle.x - 70.71) < 0.5 && abs(middle.y - 70.71) < 0.5)
    }

    @Test func aCurveIsTimedByItsParameterUnlessPaced() {
        // One cubic curve, (0, 0) to (100, 0) by (0, 100) and (100, 100): at half time, the point at
        // parameter 0.5, (50, 75) (GNUstep's suite, run on Apple's QuartzCore), not half its length.
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        let clock = follow(path)
        #expect(isClose(position(clock, at: 0.5), CGPoint(x: 50, y: 75), tolerance: 1e-9))
        #expect(isClose(position(clock, at: 0.25), CGPoint(x: 15.625, y: 56.25), tolerance: 1e-9))
        // Between the flattened points, within the flattening's error: parameter 0.3 is (21.6, 63).
        #expect(isClose(position(clock, at: 0.3), CGPoint(x: 21.6, y: 63), tolerance: 0.25))
        // Paced, half the length: by symmetry the curve's middle too, but a quarter of the length
        // is not at parameter 0.25.
        let paced = follow(path, mode: .paced)
        #expect(abs(position(paced, at: 0.5).x - 50) < 0.01)
        #expect(abs(position(paced, at: 0.25).x - 15.625) > 1)
        // A quadratic curve too: (0, 0) to (100, 0) by (50, 100) is at (25, 37.5) at parameter 0.25.
        let quad = CGMutablePath()
        quad.move(to: .zero)
        quad.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        #expect(isClose(position(follow(quad), at: 0.25), CGPoint(x: 25, y: 37.5), tolerance: 1e-9))
    }

    @Test func rotationModeTurnsTheLayerWithThePath() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        let auto = follow(square, rotation: .rotateAuto)
        // Along the second side the path goes down (+y): a quarter turn.
        #expect(abs(auto.number("transform.rotation.z", at: 0.375) - .pi / 2) < 1e-9)
        let reverse = follow(square, rotation: .rotateAutoReverse)
        #expect(
            abs(reverse.number("transform.rotation.z", at: 0.125) - .pi) < 1e-9
                || abs(reverse.number("transform.rotation.z", at: 0.125) + .pi) < 1e-9)
        let plain = follow(square)
        #expect(plain.number("transform.rotation.z", at: 0.375) == 0)
    }

    @Test func aPathNeedsAPointPropertyAndMatchingKeyTimes() {
        let clock = ManualClock(at: 0)
        let opacity = CAKeyframeAnimation(keyPath: "opacity")
        opacity.path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
        let messages = Diagnostics.capturing { clock.add(opacity, forKey: "bad") }
        #expect(clock.layer.animation(forKey: "bad") == nil)
        #expect(messages.contains { $0.contains("a keyframe path animates a CGPoint property") })
        let times = CAKeyframeAnimation(keyPath: "position")
        times.path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
        times.keyTimes = [0, 1]
        clock.add(times, forKey: "times")
        #expect(clock.layer.animation(forKey: "times") == nil)
    }
}
