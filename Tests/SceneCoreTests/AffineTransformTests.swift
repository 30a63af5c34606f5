import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

@Suite struct AffineTransformTests {
    private func entries(_ t: CGAffineTransform) -> [CGFloat] { [t.a, t.b, t.c, t.d, t.tx, t.ty] }

    @Test func initialisers() {
        #expect(entries(CGAffineTransform()) == [1, 0, 0, 1, 0, 0])
        #expect(CGAffineTransform.identity == CGAffineTransform())
        #expect(entries(CGAffineTransform(1, 2, 3, 4, 5, 6)) == [1, 2, 3, 4, 5, 6])
        #expect(entries(CGAffineTransform(translationX: 7, y: 8)) == [1, 0, 0, 1, 7, 8])
        #expect(entries(CGAffineTransform(scaleX: 2, y: 3)) == [2, 0, 0, 3, 0, 0])
        let angle: CGFloat = 0.5
        let r = CGAffineTransform(rotationAngle: angle)
        #expect(entries(r) == [cos(angle), sin(angle), -sin(angle), cos(angle), 0, 0])
    }

    @Test func isIdentityIsExact() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform(translationX: 0, y: 0).isIdentity)
        #expect(!CGAffineTransform(rotationAngle: 2 * .pi).isIdentity)
    }

    @Test func concatenatingAppliesSelfFirst() {
        let translate = CGAffineTransform(translationX: 10, y: 0)
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        #expect(entries(translate.concatenating(scale)) == [2, 0, 0, 2, 20, 0])
        #expect(entries(scale.concatenating(translate)) == [2, 0, 0, 2, 10, 0])
        #expect(CGPoint(x: 1, y: 1).applying(translate.concatenating(scale)) == CGPoint(x: 22, y: 2))
    }

    @Test func translatedScaledAndRotatedApplyTheNewStepFirst() {
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        #expect(entries(scale.translatedBy(x: 10, y: 5)) == [2, 0, 0, 2, 20, 10])
        #expect(entries(CGAffineTransform(translationX: 10, y: 5).scaledBy(x: 2, y: 3)) == [2, 0, 0, 3, 10, 5])
        let rotated = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
        let p = CGPoint(x: 1, y: 0).applying(rotated)
        #expect(isClose(p.x, 10) && isClose(p.y, 1))
    }

    @Test func invertedGivesTheKnownInverse() {
        let t = CGAffineTransform(a: 2, b: 0, c: 0, d: 4, tx: 10, ty: 20)
        #expect(entries(t.inverted()) == [0.5, 0, 0, 0.25, -5, -5])
        let r = CGAffineTransform(rotationAngle: 0.7).translatedBy(x: 3, y: -2)
        let back = CGPoint(x: 5, y: 6).applying(r).applying(r.inverted())
        #expect(isClose(back.x, 5) && isClose(back.y, 6))
    }

    @Test func invertedOfASingularTransformIsUnchanged() {
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1)
        #expect(singular.inverted() == singular)
        #expect(CGAffineTransform(scaleX: 0, y: 1).inverted() == CGAffineTransform(scaleX: 0, y: 1))
    }

    @Test func pointApplyingUsesTheFullTransform() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        // x' = a·x + c·y + tx, y' = b·x + d·y + ty
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 9, y: 12))
    }

    @Test func sizeApplyingIgnoresTranslation() {
        let t = CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 100, ty: 100)
        #expect(CGSize(width: 10, height: 20).applying(t) == CGSize(width: 20, height: 60))
        let half = CGSize(width: 10, height: 0).applying(CGAffineTransform(rotationAngle: .pi))
        #expect(half.width == -10 && isClose(half.height, 0))
    }

    @Test func rectApplyingGivesTheBoundingBoxOfTheCorners() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 20)
        #expect(rect.applying(CGAffineTransform(translationX: 5, y: 6)) == CGRect(x: 5, y: 6, width: 10, height: 20))
        #expect(
            isClose(
                rect.applying(CGAffineTransform(rotationAngle: .pi / 2)), CGRect(x: -20, y: 0, width: 20, height: 10)))
        // A 10x10 square turned by 45 degrees about its corner: a diamond 10·√2 across.
        let diamond = CGRect(x: 0, y: 0, width: 10, height: 10).applying(CGAffineTransform(rotationAngle: .pi / 4))
        let d = 10 * CGFloat(2).squareRoot()
        #expect(isClose(diamond, CGRect(x: -d / 2, y: 0, width: d, height: d)))
        #expect(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
    }
}
