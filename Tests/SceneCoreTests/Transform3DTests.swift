import Foundation
import SceneCoreFuzzSupport
import SceneCoreTestSupport
import Testing

@testable import SceneCore

@Suite struct Transform3DTests {
    /// The written-out products the frame walk places layers with give exactly what the whole
    /// matrix products give, for rotations, scales, shears and perspective.
    @Test func translationsAndFlatteningMatchTheirMatrixProducts() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let m = CATransform3D(
                entries: (0..<16).map { _ in CGFloat(Double.random(in: -300...300, using: &generator).rounded() / 7) })
            let (x, y, z) = (
                CGFloat(Double.random(in: -500...500, using: &generator)),
                CGFloat.random(in: -9...9, using: &generator),
                CGFloat(Int.random(in: -3...3, using: &generator))
            )
            let t = CATransform3DMakeTranslation(x, y, z)
            #expect(m.prependingTranslation(x: x, y: y, z: z) == t.concatenating(m))
            #expect(m.appendingTranslation(x: x, y: y, z: z) == m.concatenating(t))
            #expect(m.flattened == m.concatenating(ClipSpace.flatten))
        }
    }

    @Test func identityIsTheUnitMatrix() {
        #expect(CATransform3DIdentity.entries == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(CATransform3D.identity == CATransform3DIdentity)
        #expect(CATransform3D() == CATransform3DIdentity)
    }

    @Test func makeTranslationFillsTheFourthRow() {
        #expect(CATransform3DMakeTranslation(1, 2, 3).entries == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1])
    }

    @Test func makeScaleFillsTheDiagonal() {
        #expect(CATransform3DMakeScale(2, 3, 4).entries == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1])
    }

    @Test func makeRotationAboutZ() {
        let a: CGFloat = 0.5
        let t = CATransform3DMakeRotation(a, 0, 0, 1)
        #expect(t.m11 == cos(a) && t.m12 == sin(a) && t.m21 == -sin(a) && t.m22 == cos(a))
        #expect(t.m13 == 0 && t.m23 == 0 && t.m31 == 0 && t.m32 == 0 && isClose(t.m33, 1))
        #expect(t.m14 == 0 && t.m24 == 0 && t.m34 == 0 && t.m41 == 0 && t.m42 == 0 && t.m43 == 0 && t.m44 == 1)
    }

    @Test func makeRotationAboutXAndY() {
        let a: CGFloat = 0.5
        let x = CATransform3DMakeRotation(a, 1, 0, 0)
        #expect(x.m22 == cos(a) && x.m23 == sin(a) && x.m32 == -sin(a) && x.m33 == cos(a) && isClose(x.m11, 1))
        let y = CATransform3DMakeRotation(a, 0, 1, 0)
        #expect(y.m11 == cos(a) && y.m13 == -sin(a) && y.m31 == sin(a) && y.m33 == cos(a) && isClose(y.m22, 1))
    }

    @Test func makeRotationNormalisesTheAxis() {
        #expect(CATransform3DMakeRotation(0.5, 0, 0, 7) == CATransform3DMakeRotation(0.5, 0, 0, 1))
        // A third of a turn about (1, 1, 1) cycles the axes: x goes to y.
        let t = CATransform3DMakeRotation(2 * .pi / 3, 1, 1, 1)
        let p = t.apply(x: 1, y: 0, z: 0)
        #expect(isClose(p.x, 0) && isClose(p.y, 1) && isClose(p.z, 0))
    }

    @Test func makeRotationWithAZeroAxisIsIdentity() {
        #expect(CATransform3DMakeRotation(1, 0, 0, 0) == CATransform3DIdentity)
        #expect(CATransform3DMakeRotation(.nan, 0, 0, 1) == CATransform3DIdentity)
    }

    @Test func translateAppliesTheTranslationFirst() {
        let t = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 10, 0, 0)
        #expect(t.m41 == 20)
        #expect(t.entries == [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 20, 0, 0, 1])
    }

    @Test func scaleAppliesTheScaleFirst() {
        let t = CATransform3DScale(CATransform3DMakeTranslation(10, 0, 0), 2, 3, 4)
        #expect(t.entries == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 10, 0, 0, 1])
    }

    @Test func rotateAppliesTheRotationFirst() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(10, 0, 0), .pi / 2, 0, 0, 1)
        #expect(t.m41 == 10 && t.m42 == 0)
        #expect(isClose(t.m11, 0) && t.m12 == 1 && t.m21 == -1 && isClose(t.m22, 0))
        let p = t.apply(x: 1, y: 0)
        #expect(isClose(p.x, 10) && isClose(p.y, 1))
    }

    @Test func concatAppliesTheFirstArgumentFirst() {
        let translate = CATransform3DMakeTranslation(10, 0, 0)
        let scale = CATransform3DMakeScale(2, 2, 2)
        #expect(CATransform3DConcat(translate, scale).m41 == 20)
        #expect(CATransform3DConcat(scale, translate).m41 == 10)
        #expect(CATransform3DConcat(CATransform3DIdentity, scale) == scale)
    }

    @Test func invertGivesTheKnownInverse() {
        #expect(CATransform3DInvert(CATransform3DMakeScale(2, 4, 8)) == CATransform3DMakeScale(0.5, 0.25, 0.125))
        #expect(CATransform3DInvert(CATransform3DMakeTranslation(1, 2, 3)) == CATransform3DMakeTranslation(-1, -2, -3))
        let t = CATransform3DTranslate(CATransform3DMakeScale(2, 4, 8), 1, 2, 3)
        #expect(CATransform3DInvert(t).entries == [0.5, 0, 0, 0, 0, 0.25, 0, 0, 0, 0, 0.125, 0, -1, -2, -3, 1])
    }

    @Test func invertUndoesARotationWithPerspective() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let t = CATransform3DRotate(perspective, 0.7, 1, 2, 3)
        #expect(isClose(CATransform3DConcat(t, CATransform3DInvert(t)), CATransform3DIdentity))
    }

    @Test func invertOfASingularTransformIsUnchanged() {
        let singular = CATransform3DMakeScale(0, 1, 1)
        #expect(CATransform3DInvert(singular) == singular)
    }

    @Test func isIdentityIsExact() {
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(CATransform3DIsIdentity(CATransform3DMakeTranslation(0, 0, 0)))
        #expect(!CATransform3DIsIdentity(CATransform3DMakeScale(1, 1, 1 + 1e-15)))
        #expect(!CATransform3DIsIdentity(CATransform3DMakeRotation(2 * .pi, 0, 0, 1)))
    }

    @Test func equalToTransformIsExact() {
        #expect(
            CATransform3DEqualToTransform(
                CATransform3DMakeRotation(0.5, 0, 0, 1), CATransform3DMakeRotation(0.5, 0, 0, 1)))
        #expect(
            !CATransform3DEqualToTransform(
                CATransform3DMakeTranslation(1, 0, 0), CATransform3DMakeTranslation(1 + 1e-12, 0, 0)))
    }

    @Test func makeAffineTransformPlacesTheSixEntries() {
        let t = CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
        #expect(t.entries == [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        #expect(CATransform3DIsAffine(t))
    }

    @Test func getAffineTransformReadsTheSixEntries() {
        let m = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(m)) == m)
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeRotation(.pi / 2, 0, 0, 1)).b == 1)
    }

    @Test func isAffineAcceptsTwoDimensionalTransforms() {
        #expect(CATransform3DIsAffine(CATransform3DIdentity))
        #expect(CATransform3DIsAffine(CATransform3DMakeRotation(0.5, 0, 0, 1)))
        #expect(CATransform3DIsAffine(CATransform3DMakeScale(2, 3, 1)))
        #expect(CATransform3DIsAffine(CATransform3DMakeTranslation(4, 5, 0)))
    }

    @Test func isAffineRefusesThreeDimensionalTransforms() {
        #expect(!CATransform3DIsAffine(CATransform3DMakeScale(1, 1, 2)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 1)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.5, 1, 0, 0)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.5, 0, 1, 0)))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        #expect(!CATransform3DIsAffine(perspective))
    }

    @Test func perspectiveDividesByW() {
        var t = CATransform3DIdentity
        t.m34 = -1 / 500
        let p = t.apply(x: 100, y: 50, z: 250)
        #expect(p.w == 0.5 && p.x / p.w == 200 && p.y / p.w == 100)
    }
}
