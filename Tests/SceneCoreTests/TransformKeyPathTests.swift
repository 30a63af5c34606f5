import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

@Suite struct TransformKeyPathTests {
    private func number(_ t: CATransform3D, _ key: String) -> CGFloat? { t.value(forTransformKey: key) as? CGFloat }

    // MARK: Reading

    @Test func rotationZReadsBackTheAngle() throws {
        let t = CATransform3DMakeRotation(0.5, 0, 0, 1)
        #expect(isClose(try #require(number(t, "rotation.z")), 0.5))
        #expect(isClose(try #require(number(t, "rotation")), 0.5))
        #expect(number(t, "rotation.x") == 0 && number(t, "rotation.y") == 0)
        #expect(number(t, "rotation.z") == atan2(t.m12, t.m11))
    }

    @Test func rotationXAndYReadBackTheirAngles() throws {
        #expect(isClose(try #require(number(CATransform3DMakeRotation(0.4, 1, 0, 0), "rotation.x")), 0.4))
        #expect(isClose(try #require(number(CATransform3DMakeRotation(-0.3, 0, 1, 0), "rotation.y")), -0.3))
    }

    @Test func eulerAnglesApplyXThenYThenZ() throws {
        let t = CATransform3DConcat(
            CATransform3DConcat(
                CATransform3DMakeRotation(0.1, 1, 0, 0),
                CATransform3DMakeRotation(0.2, 0, 1, 0)),
            CATransform3DMakeRotation(0.3, 0, 0, 1))
        #expect(isClose(try #require(number(t, "rotation.x")), 0.1))
        #expect(isClose(try #require(number(t, "rotation.y")), 0.2))
        #expect(isClose(try #require(number(t, "rotation.z")), 0.3))
    }

    @Test func gimbalLockReportsZAsZero() throws {
        let t = CATransform3DConcat(
            CATransform3DMakeRotation(0.4, 1, 0, 0), CATransform3DMakeRotation(.pi / 2, 0, 1, 0))
        #expect(isClose(try #require(number(t, "rotation.x")), 0.4))
        #expect(isClose(try #require(number(t, "rotation.y")), .pi / 2))
        #expect(number(t, "rotation.z") == 0)
        #expect(isClose(TransformDecomposition(t).transform, t))
    }

    @Test func scaleIsTheAverageOfTheThree() {
        let t = CATransform3DMakeScale(2, 3, 4)
        #expect(number(t, "scale") == 3)
        #expect(number(t, "scale.x") == 2 && number(t, "scale.y") == 3 && number(t, "scale.z") == 4)
    }

    @Test func scaleIsTheRowLengthOfARotatedTransform() throws {
        let t = CATransform3DScale(CATransform3DMakeRotation(0.7, 0, 0, 1), 2, 3, 4)
        #expect(isClose(try #require(number(t, "scale.x")), 2))
        #expect(isClose(try #require(number(t, "scale.y")), 3))
        #expect(isClose(try #require(number(t, "rotation.z")), 0.7))
    }

    @Test func mirroringGivesOneNegativeScale() {
        let flipY = CATransform3DMakeScale(1, -1, 1)
        #expect(number(flipY, "scale.x") == 1 && number(flipY, "scale.y") == -1 && number(flipY, "scale.z") == 1)
        #expect(
            number(flipY, "rotation.x") == 0 && number(flipY, "rotation.y") == 0 && number(flipY, "rotation.z") == 0)
        #expect(number(CATransform3DMakeScale(-2, 1, 1), "scale.x") == -2)
    }

    @Test func translationReadsTheFourthRow() {
        let t = CATransform3DMakeTranslation(10, 20, 30)
        #expect(t.value(forTransformKey: "translation") as? CGSize == CGSize(width: 10, height: 20))
        #expect(
            number(t, "translation.x") == 10 && number(t, "translation.y") == 20 && number(t, "translation.z") == 30)
    }

    // MARK: Writing

    @Test func settingRotationZKeepsScaleAndTranslation() throws {
        let t = CATransform3DScale(CATransform3DRotate(CATransform3DMakeTranslation(10, 20, 30), 0.3, 0, 0, 1), 2, 3, 4)
        let rotated = try #require(t.setting(1.2, forTransformKey: "rotation.z"))
        let expected = CATransform3DScale(
            CATransform3DRotate(CATransform3DMakeTranslation(10, 20, 30), 1.2, 0, 0, 1), 2, 3, 4)
        #expect(isClose(rotated, expected))
        #expect(rotated.m41 == 10 && rotated.m42 == 20 && rotated.m43 == 30)
        #expect(isClose(try #require(number(rotated, "scale.x")), 2))
        #expect(isClose(try #require(number(rotated, "scale.y")), 3))
        #expect(isClose(try #require(number(rotated, "scale.z")), 4))
    }

    @Test func settingRotationOnIdentityIsMakeRotation() {
        #expect(
            CATransform3DIdentity.setting(0.5, forTransformKey: "rotation.z") == CATransform3DMakeRotation(0.5, 0, 0, 1)
        )
        #expect(
            CATransform3DIdentity.setting(0.5, forTransformKey: "rotation") == CATransform3DMakeRotation(0.5, 0, 0, 1))
        #expect(
            CATransform3DIdentity.setting(0.5, forTransformKey: "rotation.x") == CATransform3DMakeRotation(0.5, 1, 0, 0)
        )
    }

    @Test func settingEachAngleComposesXThenYThenZ() throws {
        var t = CATransform3DIdentity
        for (key, angle) in [("rotation.x", 0.1), ("rotation.y", 0.2), ("rotation.z", 0.3)] {
            t = try #require(t.setting(angle, forTransformKey: key))
        }
        let expected = CATransform3DConcat(
            CATransform3DConcat(
                CATransform3DMakeRotation(0.1, 1, 0, 0),
                CATransform3DMakeRotation(0.2, 0, 1, 0)),
            CATransform3DMakeRotation(0.3, 0, 0, 1))
        #expect(isClose(t, expected))
    }

    @Test func settingScaleIsUniform() {
        #expect(CATransform3DIdentity.setting(2, forTransformKey: "scale") == CATransform3DMakeScale(2, 2, 2))
        #expect(
            CATransform3DMakeTranslation(5, 0, 0).setting(3, forTransformKey: "scale.y")
                == CATransform3DTranslate(CATransform3DMakeScale(1, 3, 1), 5, 0, 0))
    }

    @Test func settingTranslationKeepsZ() {
        let t = CATransform3DMakeTranslation(1, 2, 3)
        #expect(
            t.setting(CGSize(width: 5, height: 6), forTransformKey: "translation")
                == CATransform3DMakeTranslation(5, 6, 3))
        #expect(t.setting(9, forTransformKey: "translation.z") == CATransform3DMakeTranslation(1, 2, 9))
    }

    @Test func settingTranslationOnAnAffineTransformStaysAffine() throws {
        let t = try #require(CATransform3DMakeRotation(0.3, 0, 0, 1).setting(40, forTransformKey: "translation.x"))
        #expect(CATransform3DIsAffine(t))
        #expect(t.m41 == 40)
    }

    @Test func settingRotationKeepsPerspective() throws {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let t = CATransform3DRotate(perspective, 0.5, 0, 1, 0)
        let turned = try #require(t.setting(0.8, forTransformKey: "rotation.y"))
        #expect(isClose(turned, CATransform3DRotate(perspective, 0.8, 0, 1, 0)))
    }

    @Test func scaleCanReturnFromZero() throws {
        let zero = try #require(CATransform3DIdentity.setting(0, forTransformKey: "scale"))
        #expect(zero == CATransform3DMakeScale(0, 0, 0))
        #expect(zero.setting(1, forTransformKey: "scale") == CATransform3DIdentity)
        // A zero x scale keeps the z rotation, recovered from the y and z rows.
        let flat = try #require(CATransform3DMakeRotation(0.5, 0, 0, 1).setting(0, forTransformKey: "scale.x"))
        #expect(
            isClose(try #require(flat.setting(1, forTransformKey: "scale.x")), CATransform3DMakeRotation(0.5, 0, 0, 1)))
    }

    @Test func numbersOfEveryKindAreAccepted() {
        let expected = CATransform3DMakeScale(2, 2, 2)
        for value: Any in [CGFloat(2), 2.0, Float(2), 2, Int32(2), NSNumber(value: 2)] {
            #expect(CATransform3DIdentity.setting(value, forTransformKey: "scale") == expected, "\(type(of: value))")
        }
    }

    // MARK: Refusals

    @Test func unknownKeysGiveNil() {
        for key in ["rotation.w", "skew", "", "transform.rotation", "scale.", "translation.xy", "Rotation.z"] {
            #expect(CATransform3DIdentity.value(forTransformKey: key) == nil, "\(key)")
            #expect(CATransform3DIdentity.setting(1, forTransformKey: key) == nil, "\(key)")
        }
    }

    @Test func valuesOfTheWrongTypeGiveNil() {
        let t = CATransform3DIdentity
        #expect(t.setting("1", forTransformKey: "rotation.z") == nil)
        #expect(t.setting(nil, forTransformKey: "scale") == nil)
        #expect(t.setting(CGSize(width: 1, height: 2), forTransformKey: "scale.x") == nil)
        #expect(t.setting(3, forTransformKey: "translation") == nil)
        #expect(t.setting(CGPoint(x: 1, y: 2), forTransformKey: "translation") == nil)
    }

    @Test func nonFiniteNumbersGiveNil() {
        let t = CATransform3DIdentity
        #expect(t.setting(CGFloat.nan, forTransformKey: "rotation.z") == nil)
        #expect(t.setting(Double.infinity, forTransformKey: "scale") == nil)
        #expect(t.setting(CGSize(width: CGFloat.infinity, height: 0), forTransformKey: "translation") == nil)
    }

    @Test func transformKeyNames() {
        #expect(TransformKey("rotation") == .rotation(.z))
        #expect(TransformKey("scale") == .uniformScale)
        #expect(TransformKey("translation") == .translationXY)
        #expect(TransformKey("translation.y") == .translation(.y))
        #expect(TransformKey("scale.w") == nil)
    }

    // MARK: Decomposition

    @Test func decompositionRoundTripsScaleRotationTranslationAndPerspective() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 400
        perspective.m14 = 0.001
        let affine = CATransform3DScale(
            CATransform3DRotate(CATransform3DMakeTranslation(7, -8, 9), 0.9, 1, 2, 3), 2, 0.5, 3)
        let t = CATransform3DConcat(affine, perspective)
        #expect(isClose(TransformDecomposition(t).transform, t))
        let parts = TransformDecomposition(t)
        #expect(parts.translation == SIMD3(7, -8, 9))
        #expect(abs(parts.scale.x - 2) < 1e-9 && abs(parts.scale.y - 0.5) < 1e-9 && abs(parts.scale.z - 3) < 1e-9)
        #expect(abs(parts.perspective.z + 1 / 400) < 1e-12 && abs(parts.perspective.x - 0.001) < 1e-12)
    }

    @Test func decompositionOfIdentity() {
        let parts = TransformDecomposition(CATransform3DIdentity)
        #expect(parts.scale == SIMD3(1, 1, 1) && parts.rotation == .zero && parts.translation == .zero)
        #expect(parts.perspective == SIMD4(0, 0, 0, 1))
        #expect(parts.transform == CATransform3DIdentity)
    }
}
