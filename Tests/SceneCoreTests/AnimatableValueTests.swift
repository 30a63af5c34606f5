import Foundation
import Testing

@testable import SceneCore

@Suite struct AnimatableValueTests {
    @Test func convertsTheValuesCoreAnimationCodePasses() {
        #expect(AnimatableValue(NSNumber(value: 2.5)) == .number(2.5))
        #expect(AnimatableValue(CGFloat(3)) == .number(3))
        #expect(AnimatableValue(4) == .number(4))
        #expect(AnimatableValue(CGPoint(x: 1, y: 2)) == .point(CGPoint(x: 1, y: 2)))
        #expect(
            AnimatableValue(CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)) == .color(RGBA(r: 1, g: 0.5, b: 0, a: 1)))
        #expect(
            AnimatableValue(CGAffineTransform(translationX: 5, y: 6))
                == .transform(CATransform3DMakeTranslation(5, 6, 0)))
        #expect(AnimatableValue("red") == nil)
        #expect(AnimatableValue(nil) == nil)
        #expect(AnimatableValue.point(CGPoint(x: 1, y: 2)).objectValue as? CGPoint == CGPoint(x: 1, y: 2))
    }

    @Test func numbersPointsSizesRectsAndColoursInterpolateComponentWise() {
        #expect(AnimatableValue.number(10).interpolated(to: .number(20), fraction: 0.25) == .number(12.5))
        #expect(
            AnimatableValue.point(.zero).interpolated(to: .point(CGPoint(x: 10, y: -10)), fraction: 0.5)
                == .point(CGPoint(x: 5, y: -5)))
        #expect(
            AnimatableValue.rect(.zero).interpolated(
                to: .rect(CGRect(x: 4, y: 8, width: 12, height: 16)), fraction: 0.5)
                == .rect(CGRect(x: 2, y: 4, width: 6, height: 8)))
        #expect(
            AnimatableValue.color(RGBA(r: 0, g: 0, b: 1, a: 1)).interpolated(
                to: .color(RGBA(r: 1, g: 0, b: 0, a: 0)), fraction: 0.5)
                == .color(RGBA(r: 0.5, g: 0, b: 0.5, a: 0.5)))
        // Overshooting timing functions extrapolate.
        #expect(AnimatableValue.number(0).interpolated(to: .number(10), fraction: 1.2) == .number(12))
        #expect(AnimatableValue.number(0).interpolated(to: .point(.zero), fraction: 0.5) == nil)
    }

    @Test func transformsInterpolateSoRotationsStayRotations() throws {
        let start = AnimatableValue.transform(.identity)
        let end = AnimatableValue.transform(CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        guard case .transform(let half)? = start.interpolated(to: end, fraction: 0.5) else {
            Issue.record("expected a transform")
            return
        }
        // A quarter turn at half-way is an eighth turn, still of unit scale (a matrix average would shrink it).
        #expect(abs(half.m11 - cos(.pi / 4)) < 1e-9 && abs(half.m12 - sin(.pi / 4)) < 1e-9)
        #expect(abs(half.m11 * half.m11 + half.m12 * half.m12 - 1) < 1e-9)

        let scaled = AnimatableValue.transform(CATransform3DMakeScale(1, 1, 1))
            .interpolated(to: .transform(CATransform3DMakeScale(3, 5, 1)), fraction: 0.5)
        #expect(scaled == .transform(CATransform3DMakeScale(2, 3, 1)))
    }

    @Test func additionAddsComponentsAndConcatenatesTransforms() {
        #expect(
            AnimatableValue.point(CGPoint(x: 1, y: 2)).adding(.point(CGPoint(x: 10, y: 20)))
                == .point(CGPoint(x: 11, y: 22)))
        let base = CATransform3DMakeTranslation(100, 0, 0)
        let spin = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        guard case .transform(let sum)? = AnimatableValue.transform(base).adding(.transform(spin)) else {
            Issue.record("expected a transform")
            return
        }
        // The additive rotation applies first, in the layer's space, then the translation: it turns in place.
        #expect(sum == spin.concatenating(base))
        #expect(abs(sum.m41 - 100) < 1e-12)
    }

    @Test func subtractionUndoesAddition() {
        let a = AnimatableValue.size(CGSize(width: 10, height: 4))
        let b = AnimatableValue.size(CGSize(width: 3, height: 1))
        #expect(a.subtracting(b) == .size(CGSize(width: 7, height: 3)))
        let t = CATransform3DMakeTranslation(5, 0, 0)
        let u = CATransform3DMakeScale(2, 2, 1)
        guard
            case .transform(let difference)? = AnimatableValue.transform(t.concatenating(u)).subtracting(.transform(u))
        else {
            Issue.record("expected a transform")
            return
        }
        #expect(CATransform3DEqualToTransform(difference, t))
        #expect(
            AnimatableValue.color(RGBA(r: 1, g: 1, b: 1, a: 1)).subtracting(.color(RGBA(r: 0.5, g: 0, b: 1, a: 1)))
                == .color(RGBA(r: 0.5, g: 1, b: 0, a: 0)))
    }

    /// A path from `(0, 0)` through a line, a quadratic and a cubic curve, closed, scaled by `k`.
    private func curvy(_ k: CGFloat) -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 8 * k, y: 0))
        path.addQuadCurve(to: CGPoint(x: 8 * k, y: 8 * k), control: CGPoint(x: 12 * k, y: 4 * k))
        path.addCurve(
            to: CGPoint(x: 0, y: 8 * k), control1: CGPoint(x: 4 * k, y: 12 * k), control2: CGPoint(x: 0, y: 12 * k))
        path.closeSubpath()
        return path
    }

    @Test func pathsWithTheSameElementsInterpolatePointByPoint() {
        let from = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        let to = CGPath(rect: CGRect(x: 10, y: 20, width: 60, height: 40), transform: nil)
        #expect(AnimatableValue(to) == .path(to))
        #expect(AnimatableValue.path(to).objectValue as? CGPath == to)
        let quarter = AnimatableValue.path(from).interpolated(to: .path(to), fraction: 0.25)
        let expected = CGMutablePath()
        expected.addLines(between: [
            CGPoint(x: 2.5, y: 5), CGPoint(x: 32.5, y: 5), CGPoint(x: 32.5, y: 30), CGPoint(x: 2.5, y: 30),
        ])
        expected.closeSubpath()
        #expect(quarter == .path(expected))
        // Every element kind blends its control points and end point alike; 1.5 extrapolates.
        #expect(AnimatableValue.path(curvy(1)).interpolated(to: .path(curvy(3)), fraction: 0.25) == .path(curvy(1.5)))
        #expect(AnimatableValue.path(curvy(1)).interpolated(to: .path(curvy(3)), fraction: 1.5) == .path(curvy(4)))
    }

    @Test func pathsOfDifferentElementsAndNoPathSwitchHalfWay() {
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 20), transform: nil)
        #expect(AnimatableValue.path(rect).interpolated(to: .path(ellipse), fraction: 0.49) == .path(rect))
        #expect(AnimatableValue.path(rect).interpolated(to: .path(ellipse), fraction: 0.5) == .path(ellipse))
        // The same count of elements, of other kinds: a line where the other has a curve.
        #expect(AnimatableValue.path(curvy(1)).interpolated(to: .path(rect), fraction: 0.25) == .path(curvy(1)))
        #expect(AnimatableValue.path(nil).interpolated(to: .path(rect), fraction: 0.49) == .path(nil))
        #expect(AnimatableValue.path(nil).interpolated(to: .path(rect), fraction: 0.5) == .path(rect))
        #expect(AnimatableValue.path(rect).interpolated(to: .path(nil), fraction: 0.75) == .path(nil))
        #expect(AnimatableValue.path(rect).interpolated(to: .number(1), fraction: 0.5) == nil)
    }

    @Test func pathsDoNotAddAndAreFiniteOnlyWithFinitePoints() {
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        #expect(AnimatableValue.path(rect).adding(.path(rect)) == nil)
        #expect(AnimatableValue.path(rect).subtracting(.path(rect)) == nil)
        #expect(AnimatableValue.path(rect).scaled(by: 2) == nil)
        #expect(AnimatableValue.path(rect).isFinite && AnimatableValue.path(nil).isFinite)
        var huge = CGAffineTransform(scaleX: 1e308, y: 1e308)
        let overflowing = rect.copy(using: &huge)!
        #expect(!AnimatableValue.path(overflowing).isFinite)
        // Blending huge finite paths can overflow too.
        let far = CGPath(rect: CGRect(x: -1e308, y: 0, width: 1, height: 1), transform: nil)
        let farRight = CGPath(rect: CGRect(x: 1e308, y: 0, width: 1, height: 1), transform: nil)
        #expect(AnimatableValue.path(far).interpolated(to: .path(farRight), fraction: 0.25)?.isFinite == false)
    }
}
