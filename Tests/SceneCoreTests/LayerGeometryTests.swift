import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// frame, position, bounds and anchorPoint relations (the Core Animation Programming Guide, layer geometry).
@Suite struct LayerGeometryTests {
    private func layer(bounds: CGRect, position: CGPoint, anchor: CGPoint = CGPoint(x: 0.5, y: 0.5)) -> CALayer {
        let layer = CALayer()
        layer.bounds = bounds
        layer.anchorPoint = anchor
        layer.position = position
        return layer
    }

    @Test func frameOriginIsPositionMinusAnchorTimesSize() {
        let l = layer(
            bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 200, y: 100),
            anchor: CGPoint(x: 0.25, y: 0.5))
        // (200 - 0.25·100, 100 - 0.5·50)
        #expect(l.frame == CGRect(x: 175, y: 75, width: 100, height: 50))
    }

    @Test func boundsOriginDoesNotChangeTheFrame() {
        let l = layer(
            bounds: CGRect(x: 30, y: -40, width: 100, height: 50), position: CGPoint(x: 200, y: 100),
            anchor: CGPoint(x: 0.25, y: 0.5))
        #expect(l.frame == CGRect(x: 175, y: 75, width: 100, height: 50))
    }

    @Test func anchorPointOutsideTheUnitSquareIsKept() {
        let l = layer(
            bounds: CGRect(x: 0, y: 0, width: 10, height: 20), position: CGPoint(x: 50, y: 50),
            anchor: CGPoint(x: -1, y: 2))
        #expect(l.anchorPoint == CGPoint(x: -1, y: 2))
        // (50 + 10, 50 - 40)
        #expect(l.frame == CGRect(x: 60, y: 10, width: 10, height: 20))
    }

    @Test func settingFrameSetsPositionAndSizeAndKeepsBoundsOrigin() {
        let l = layer(
            bounds: CGRect(x: 7, y: 9, width: 10, height: 10), position: .zero, anchor: CGPoint(x: 0.25, y: 0.75))
        l.frame = CGRect(x: 10, y: 20, width: 100, height: 40)
        // position = origin + anchor ⊙ size = (10 + 25, 20 + 30)
        #expect(l.position == CGPoint(x: 35, y: 50))
        #expect(l.bounds == CGRect(x: 7, y: 9, width: 100, height: 40))
        #expect(l.frame == CGRect(x: 10, y: 20, width: 100, height: 40))
    }

    @Test func negativeFrameSizeIsStandardised() {
        let l = CALayer()
        l.frame = CGRect(x: 100, y: 100, width: -50, height: -20)
        // Standardised to (50, 80, 50, 20); the default anchor is the centre.
        #expect(l.frame == CGRect(x: 50, y: 80, width: 50, height: 20))
        #expect(l.position == CGPoint(x: 75, y: 90))
        #expect(l.bounds.size == CGSize(width: 50, height: 20))
    }

    @Test func frameUnderA90DegreeRotationIsTheBoundingBox() {
        let l = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 200, y: 100))
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // 100×50 turned upright, still centred on the position.
        #expect(isClose(l.frame, CGRect(x: 175, y: 50, width: 50, height: 100)))
        #expect(l.position == CGPoint(x: 200, y: 100))
        #expect(l.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
    }

    @Test func frameUnderAScaleOfTwo() {
        let l = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 200, y: 100))
        l.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(l.frame == CGRect(x: 100, y: 50, width: 200, height: 100))
    }

    @Test func frameUnderAScaleAboutACornerAnchor() {
        let l = layer(
            bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 200, y: 100), anchor: .zero)
        l.transform = CATransform3DMakeScale(2, 3, 1)
        // Scaled about the anchor, which stays at the position.
        #expect(l.frame == CGRect(x: 200, y: 100, width: 200, height: 150))
    }

    @Test func settingFrameUnderARotationMapsTheSizeBack() {
        let l = CALayer()
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        l.frame = CGRect(x: 0, y: 0, width: 50, height: 100)
        #expect(isClose(l.bounds, CGRect(x: 0, y: 0, width: 100, height: 50)))
        #expect(l.position == CGPoint(x: 25, y: 50))
        #expect(isClose(l.frame, CGRect(x: 0, y: 0, width: 50, height: 100)))
    }

    @Test func settingFrameUnderAScaleMapsTheSizeBack() {
        let l = CALayer()
        l.transform = CATransform3DMakeScale(2, 2, 1)
        l.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        #expect(l.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(l.position == CGPoint(x: 100, y: 50))
        #expect(l.frame == CGRect(x: 0, y: 0, width: 200, height: 100))
    }

    @Test func settingBoundsNeverMovesPosition() {
        let l = layer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 40, y: 60))
        l.bounds = CGRect(x: 5, y: 5, width: 300, height: 200)
        #expect(l.position == CGPoint(x: 40, y: 60))
        #expect(l.frame == CGRect(x: -110, y: -40, width: 300, height: 200))
    }

    @Test func settingAnchorPointNeverMovesPosition() {
        let l = layer(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 40, y: 60))
        l.anchorPoint = .zero
        #expect(l.position == CGPoint(x: 40, y: 60))
        // The frame moves instead.
        #expect(l.frame == CGRect(x: 40, y: 60, width: 100, height: 100))
    }

    @Test func setAffineTransformReplacesTheTransform() {
        let l = CALayer()
        l.transform = CATransform3DMakeTranslation(1, 2, 3)
        let m = CGAffineTransform(a: 2, b: 0.5, c: -0.5, d: 3, tx: 7, ty: -8)
        l.setAffineTransform(m)
        #expect(l.affineTransform() == m)
        #expect(
            l.transform
                == CATransform3D(
                    m11: 2, m12: 0.5, m13: 0, m14: 0, m21: -0.5, m22: 3, m23: 0, m24: 0,
                    m31: 0, m32: 0, m33: 1, m34: 0, m41: 7, m42: -8, m43: 0, m44: 1))
    }

    @Test(arguments: [
        CATransform3DMakeScale(1, 1, 2),
        CATransform3DMakeTranslation(0, 0, 5),
        CATransform3DMakeRotation(0.3, 1, 0, 0),
        CATransform3DMakeRotation(0.3, 0, 1, 0),
        {
            var t = CATransform3DIdentity
            t.m34 = -1.0 / 500
            return t
        }(),
    ])
    func affineTransformIsIdentityWhenTheTransformIsNotAffine(_ t: CATransform3D) {
        let l = CALayer()
        l.transform = t
        #expect(l.affineTransform() == .identity)
    }

    @Test func affineTransformOfAZRotation() {
        let l = CALayer()
        l.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        let m = l.affineTransform()
        #expect(isClose(m.a, cos(.pi / 6)) && isClose(m.b, sin(.pi / 6)))
        #expect(isClose(m.c, -sin(.pi / 6)) && isClose(m.d, cos(.pi / 6)))
    }
}
