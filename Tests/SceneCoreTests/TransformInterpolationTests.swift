import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Whole transforms interpolate as Core Animation interpolates them: decomposed into scale,
/// skew, a rotation quaternion, translation and perspective, the parts mixed (the rotation by
/// spherical interpolation, the short way round) and recomposed.
@Suite struct TransformInterpolationTests {
    static func mixed(_ a: CATransform3D, _ b: CATransform3D, _ f: Double) -> CATransform3D {
        TransformInterpolation(a).interpolated(to: TransformInterpolation(b), fraction: f).transform
    }

    /// A half turn about the unit axis `(x, y, z)`: `2·a·aᵀ − I`, exactly.
    static func flip(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
        CATransform3D(
            m11: 2 * x * x - 1, m12: 2 * x * y, m13: 2 * x * z, m14: 0,
            m21: 2 * y * x, m22: 2 * y * y - 1, m23: 2 * y * z, m24: 0,
            m31: 2 * z * x, m32: 2 * z * y, m33: 2 * z * z - 1, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    static var samples: [CATransform3D] {
        var perspective = CATransform3DMakeRotation(0.6, 0, 1, 0)
        perspective.m34 = -1 / 500
        let skew = CATransform3DMakeAffineTransform(CGAffineTransform(a: 1.5, b: 0.2, c: 0.7, d: 0.8, tx: 10, ty: -4))
        return [
            CATransform3DIdentity,
            CATransform3DMakeRotation(2.5, 1, 2, 3),
            CATransform3DMakeRotation(.pi, 0, 0, 1),
            CATransform3DMakeRotation(.pi, 1, 1, 0),
            CATransform3DTranslate(CATransform3DMakeScale(2, -3, 0.5), 7, 8, 9),
            CATransform3DRotate(CATransform3DMakeScale(-1, 1, 1), 0.4, 0, 0, 1),
            skew,
            CATransform3DConcat(skew, CATransform3DMakeRotation(1.1, 0, 1, 1)),
            CATransform3DTranslate(perspective, 3, 4, 5),
        ]
    }

    @Test func decomposingAndRecomposingGivesTheTransformBack() {
        for t in Self.samples {
            #expect(isClose(TransformInterpolation(t).transform, t, tolerance: 1e-9), "\(t)")
            // The ends of an interpolation are its two transforms.
            #expect(isClose(Self.mixed(t, CATransform3DMakeRotation(1, 0, 1, 0), 0), t, tolerance: 1e-9))
            #expect(isClose(Self.mixed(CATransform3DMakeRotation(1, 0, 1, 0), t, 1), t, tolerance: 1e-9))
        }
    }

    @Test func aFlipAboutXToAFlipAboutYStaysAFlipAtEveryMoment() {
        let fromX = CATransform3DMakeRotation(.pi, 1, 0, 0)
        let toY = CATransform3DMakeRotation(.pi, 0, 1, 0)
        for step in 1..<10 {
            let f = Double(step) / 10
            let angle = CGFloat(f) * .pi / 2
            #expect(
                isClose(Self.mixed(fromX, toY, f), Self.flip(cos(angle), sin(angle), 0), tolerance: 1e-9),
                "at \(f)")
        }
        let half = Self.mixed(fromX, toY, 0.5)
        #expect(isClose(half.m33, -1, tolerance: 1e-12))
        #expect(isClose(half.m12, 1, tolerance: 1e-12) && isClose(half.m21, 1, tolerance: 1e-12))
    }

    @Test func rotationsTurnTheShortWayAtAnEvenPace() {
        let quarter = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(isClose(Self.mixed(CATransform3DIdentity, quarter, 0.5), CATransform3DMakeRotation(.pi / 4, 0, 0, 1)))
        #expect(isClose(Self.mixed(CATransform3DIdentity, quarter, 0.25), CATransform3DMakeRotation(.pi / 8, 0, 0, 1)))
        // Three quarters of a turn one way is a quarter the other.
        let threeQuarters = CATransform3DMakeRotation(3 * .pi / 2, 0, 0, 1)
        #expect(
            isClose(Self.mixed(CATransform3DIdentity, threeQuarters, 0.5), CATransform3DMakeRotation(-.pi / 4, 0, 0, 1))
        )
        // Between turns about different axes, about the axis of the turn that joins them.
        let tilt = CATransform3DMakeRotation(1.2, 1, 0, 0)
        #expect(
            isClose(
                Self.mixed(tilt, CATransform3DRotate(tilt, 0.8, 0, 1, 0), 0.5), CATransform3DRotate(tilt, 0.4, 0, 1, 0))
        )
    }

    @Test func scaleSkewTranslationAndPerspectiveMixLinearly() {
        // Scaled by (3, 5, 1), then moved by (30, 100, 30).
        let moved = CATransform3DConcat(CATransform3DMakeScale(3, 5, 1), CATransform3DMakeTranslation(30, 100, 30))
        #expect(
            isClose(
                Self.mixed(CATransform3DIdentity, moved, 0.5),
                CATransform3DConcat(CATransform3DMakeScale(2, 3, 1), CATransform3DMakeTranslation(15, 50, 15))))
        let sheared = CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 0, c: 1, d: 1, tx: 0, ty: 0))
        #expect(
            isClose(
                Self.mixed(CATransform3DIdentity, sheared, 0.5),
                CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0))))
        var deep = CATransform3DIdentity
        deep.m34 = -1 / 200
        var half = CATransform3DIdentity
        half.m34 = -1 / 400
        #expect(isClose(Self.mixed(CATransform3DIdentity, deep, 0.5), half))
        // Down to nothing and back: the scale shrinks, no turn appears.
        let nothing = CATransform3DMakeScale(0, 0, 1)
        #expect(isClose(Self.mixed(CATransform3DIdentity, nothing, 0.5), CATransform3DMakeScale(0.5, 0.5, 1)))
        #expect(
            isClose(
                Self.mixed(nothing, CATransform3DMakeRotation(0.5, 0, 0, 1), 1), CATransform3DMakeRotation(0.5, 0, 0, 1)
            ))
    }

    @Test func everyKindOfAnimationInterpolatesTransformsSo() {
        let fromX = CATransform3DMakeRotation(.pi, 1, 0, 0)
        let toY = CATransform3DMakeRotation(.pi, 0, 1, 0)
        let diagonal = Self.flip(sqrt(0.5), sqrt(0.5), 0)
        let keyframes = CAKeyframeAnimation(keyPath: "transform")
        keyframes.values = [NSValue(caTransform3D: fromX), NSValue(caTransform3D: toY)]
        keyframes.duration = 2
        let keyframed = ManualClock()
        keyframed.add(keyframes)
        #expect(isClose(keyframed.presented(at: keyframed.now + 1).transform, diagonal, tolerance: 1e-9))

        let basic = ManualClock()
        basic.add(SceneCoreTestSupport.basic("transform", from: fromX, to: toY, duration: 2))
        #expect(isClose(basic.presented(at: basic.now + 1).transform, diagonal, tolerance: 1e-9))

        // Implicit: the layer's own action, linear over 2 s.
        let implicit = ManualClock()
        let layer = CALayer()
        implicit.layer.addSublayer(layer)
        layer.transform = fromX
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.transform = toY
        CATransaction.commit()
        implicit.seek(to: implicit.now + 1)
        #expect(isClose(layer.presentation()!.transform, diagonal, tolerance: 1e-9))
    }
}
