import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `shadowPath` animates (the Core Animation Programming Guide's table of animatable properties:
/// a default implied `CABasicAnimation`): paths with the same elements blend point by point;
/// paths of other elements, and a path and no path, switch half-way. The render side evaluates
/// the animation like any other, and never stores a path with a non-finite point.
@Suite struct ShadowPathAnimationTests {
    let small = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
    let wide = CGPath(rect: CGRect(x: 0, y: 0, width: 60, height: 20), transform: nil)

    func rect(width: CGFloat) -> CGPath { CGPath(rect: CGRect(x: 0, y: 0, width: width, height: 20), transform: nil) }

    @Test func thePresentationShowsTheInterpolatedPath() {
        let clock = ManualClock(at: 0) { $0.shadowPath = small }
        clock.add(basic("shadowPath", from: small, to: wide, duration: 4), forKey: "grow")
        #expect(clock.presented(at: 1).shadowPath == rect(width: 30))
        #expect(clock.presented(at: 2).shadowPath == rect(width: 40))
        #expect(clock.layer.shadowPath == small, "the model keeps its path")
        // Other elements (an ellipse's curves against a rectangle's lines) switch half-way.
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 20), transform: nil)
        clock.add(basic("shadowPath", from: small, to: ellipse, duration: 4, { $0.beginTime = 10 }), forKey: "oval")
        #expect(clock.presented(at: 11.9).shadowPath == small)
        #expect(clock.presented(at: 12).shadowPath == ellipse)
    }

    @Test func settingItOnAStandaloneLayerAnimatesImplicitlyForAQuarterSecond() {
        let clock = ManualClock(at: 100) { $0.shadowPath = small }
        #expect(CALayer.defaultAction(forKey: "shadowPath") == nil)
        clock.layer.shadowPath = wide
        CATransaction.flush()
        let animation = clock.layer.animation(forKey: "shadowPath") as? CABasicAnimation
        #expect(animation?.keyPath == "shadowPath")
        #expect(animation?.duration == 0.25)
        #expect(animation?.fromValue as? CGPath == small)
        #expect(animation?.timingFunction == CAMediaTimingFunction(name: .default))
        // Half the duration: the default curve's value at 0.5 of the way from 20 to 60 wide.
        let width = 20 + 40 * CGFloat(NamedCurve.value(NamedCurve.default, at: 0.5))
        let shown = clock.presented(at: 100.125).shadowPath
        #expect(shown?.elements.count == 5)
        #expect(isClose(shown?.boundingBox ?? .null, CGRect(x: 0, y: 0, width: width, height: 20), tolerance: 1e-9))
        #expect(clock.presented(at: 100.25).shadowPath == wide)
    }

    @Test func fromNoPathTheNewPathAppearsHalfWay() {
        let clock = ManualClock(at: 100)
        clock.layer.shadowPath = wide
        CATransaction.flush()
        let animation = clock.layer.animation(forKey: "shadowPath") as? CABasicAnimation
        #expect(animation != nil && animation?.fromValue as? CGPath == nil)
        // The default curve passes half-way at about 0.29 of the duration (0.41 at 0.25, 0.60 at 0.35).
        #expect(clock.presented(at: 100.0625).shadowPath == nil)
        #expect(clock.presented(at: 100.0875).shadowPath == wide)
        // And back to no path, from the path on screen: the path stays until half-way.
        clock.layer.shadowPath = nil
        CATransaction.flush()
        #expect((clock.layer.animation(forKey: "shadowPath") as? CABasicAnimation)?.fromValue as? CGPath == wide)
        #expect(clock.presented(at: 100.15).shadowPath == wide)
        #expect(clock.presented(at: 100.175).shadowPath == nil)
    }

    @Test func keyframesBlendPathsThroughTheSameInterpolation() {
        let clock = ManualClock(at: 0) { $0.shadowPath = small }
        func keyframes(_ mode: CAAnimationCalculationMode, from begin: Double) -> CAKeyframeAnimation {
            let keyframes = CAKeyframeAnimation(keyPath: "shadowPath")
            keyframes.values = [small, wide, rect(width: 30)]
            keyframes.calculationMode = mode
            keyframes.beginTime = begin
            keyframes.duration = 2
            return keyframes
        }
        clock.add(keyframes(.linear, from: 10), forKey: "breathe")
        #expect(clock.presented(at: 10.25).shadowPath == rect(width: 30))
        #expect(clock.presented(at: 11.5).shadowPath == rect(width: 45))
        // The cubic modes cannot add paths: they blend linearly too.
        clock.add(keyframes(.cubic, from: 20), forKey: "breathe")
        #expect(clock.presented(at: 20.25).shadowPath == rect(width: 30))
        clock.add(keyframes(.discrete, from: 30), forKey: "breathe")
        #expect(clock.presented(at: 30.6).shadowPath == small)
        #expect(clock.presented(at: 30.7).shadowPath == wide)
    }

    @Test func byValuesAndAdditiveAnimationsDoNotAddPaths() {
        let clock = ManualClock(at: 0) { $0.shadowPath = small }
        clock.add(basic("shadowPath", by: wide, duration: 4), forKey: "by")
        #expect(clock.presented(at: 2).shadowPath == small, "no end to blend to: the model path")
        clock.layer.removeAllAnimations()
        clock.add(
            basic("shadowPath", from: small, to: wide, duration: 4) {
                $0.isAdditive = true
                $0.beginTime = 10
            }, forKey: "add")
        #expect(clock.presented(at: 12).shadowPath == rect(width: 40), "the blended path, not a sum")
    }

    @Test func aNonFinitePathIsRefusedAndAnOverflowingBlendIsNeverStored() throws {
        let clock = ManualClock(at: 0) { $0.shadowPath = small }
        var huge = CGAffineTransform(scaleX: 1e308, y: 1e308)
        let infinite = try #require(small.copy(using: &huge))
        let errors = Diagnostics.capturing {
            clock.add(basic("shadowPath", to: infinite, duration: 4), forKey: "infinite")
        }
        #expect(clock.layer.animation(forKey: "infinite") == nil)
        #expect(errors.contains { $0.contains("not finite") }, "\(errors)")
        // Both ends finite, their blend past the largest double: its write is ignored, so what the
        // animation before it set is shown, on the app side and on the render side.
        let left = CGPath(rect: CGRect(x: -1e308, y: 0, width: 1, height: 1), transform: nil)
        let right = CGPath(rect: CGRect(x: 1e308, y: 0, width: 1, height: 1), transform: nil)
        clock.add(basic("shadowPath", from: small, to: wide, duration: 4), forKey: "grow")
        clock.add(basic("shadowPath", from: left, to: right, duration: 4), forKey: "overflow")
        #expect(clock.presented(at: 1).shadowPath == rect(width: 30))
        var builder = CommitBuilder()
        builder.encodeWhole(clock.layer, markingCommitted: false)
        var tree = RenderTree()
        tree.apply(builder.finish(snapshot: true))
        _ = tree.evaluateAnimations(at: CACurrentMediaTime())
        #expect(tree[clock.layer.layerID]?.properties.shadowPath == rect(width: 30))
    }
}
