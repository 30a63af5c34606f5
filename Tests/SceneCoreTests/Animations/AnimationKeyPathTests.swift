import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// What an animation can target: value functions on `"transform"`, the transform key paths
/// (`transform.rotation.z`, `transform.scale`, `transform.translation.x`), struct fields
/// (`position.x`, `bounds.size.width`), and the refusal of values of the wrong type and of
/// unknown fields (logged, nothing added). Reference sections 1.7 and 1.11.
@Suite struct AnimationKeyPathTests {
    private func running(_ animation: CAAnimation) -> ManualClock {
        let clock = ManualClock(at: 100) {
            $0.position = CGPoint(x: 40, y: 3)
            $0.bounds = CGRect(x: 1, y: 2, width: 10, height: 12)
        }
        clock.add(animation, forKey: "a")
        return clock
    }

    @Test func rotateZValueFunctionTurnsThroughAFullCircle() {
        let clock = running(
            basic("transform", from: 0, to: 2 * CGFloat.pi, duration: 2) {
                $0.valueFunction = CAValueFunction(name: .rotateZ)
            })
        #expect(isClose(clock.presented(at: 101).transform, CATransform3DMakeRotation(.pi, 0, 0, 1)))
        #expect(isClose(clock.presented(at: 100.5).transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
        #expect(isClose(clock.presented(at: 101.5).transform, CATransform3DMakeRotation(3 * .pi / 2, 0, 0, 1)))
        let half = clock.presented(at: 101).transform
        #expect(isClose(half.m11, -1) && isClose(half.m22, -1) && isClose(half.m12, 0))
    }

    @Test func vectorValueFunctionsTakeThreeNumbers() {
        let scale = running(
            basic("transform", from: [1, 1, 1], to: [3, 5, 1], duration: 2) {
                $0.valueFunction = CAValueFunction(name: .scale)
            })
        #expect(isClose(scale.presented(at: 101).transform, CATransform3DMakeScale(2, 3, 1)))
        let move = running(
            basic("transform", from: [0, 0, 0], to: [10, 20, 30], duration: 2) {
                $0.valueFunction = CAValueFunction(name: .translate)
            })
        #expect(isClose(move.presented(at: 101.5).transform, CATransform3DMakeTranslation(7.5, 15, 22.5)))
        let x = running(
            basic("transform", from: 0, to: 8, duration: 2) { $0.valueFunction = CAValueFunction(name: .translateX) })
        #expect(isClose(x.presented(at: 101).transform, CATransform3DMakeTranslation(4, 0, 0)))
    }

    @Test func transformKeyPathsAnimateOnePart() {
        let rotation = running(basic("transform.rotation.z", from: 0, to: CGFloat.pi, duration: 2))
        #expect(isClose(rotation.presented(at: 101).transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
        let rotationAlias = running(basic("transform.rotation", from: 0, to: CGFloat.pi, duration: 2))
        #expect(isClose(rotationAlias.presented(at: 100.5).transform, CATransform3DMakeRotation(.pi / 4, 0, 0, 1)))
        let scale = running(basic("transform.scale", from: 1, to: 3, duration: 2))
        #expect(isClose(scale.presented(at: 101).transform, CATransform3DMakeScale(2, 2, 2)))
        let scaleX = running(basic("transform.scale.x", from: 1, to: 3, duration: 2))
        #expect(isClose(scaleX.presented(at: 101).transform, CATransform3DMakeScale(2, 1, 1)))
        let translation = running(basic("transform.translation.x", from: 0, to: 30, duration: 2))
        #expect(isClose(translation.presented(at: 101).transform, CATransform3DMakeTranslation(15, 0, 0)))
    }

    @Test func structFieldsAnimateOneFieldAndKeepTheOthers() {
        let x = running(basic("position.x", from: 0, to: 100, duration: 4))
        #expect(x.presented(at: 101).position == CGPoint(x: 25, y: 3))
        let y = running(basic("position.y", to: 43, duration: 4))
        #expect(y.presented(at: 102).position == CGPoint(x: 40, y: 23))
        let width = running(basic("bounds.size.width", from: 10, to: 30, duration: 2))
        #expect(width.presented(at: 101).bounds == CGRect(x: 1, y: 2, width: 20, height: 12))
        let origin = running(basic("bounds.origin", to: CGPoint(x: 5, y: 6), duration: 2))
        #expect(origin.presented(at: 101).bounds == CGRect(x: 3, y: 4, width: 10, height: 12))
        let size = running(basic("bounds.size", from: CGSize(width: 0, height: 0), duration: 2))
        #expect(size.presented(at: 101).bounds == CGRect(x: 1, y: 2, width: 5, height: 6))
    }

    @Test(
        arguments: [
            ("opacity", CGPoint(x: 1, y: 2) as any Sendable, "CGPoint"),
            ("opacity", "opaque", "String"),
            ("position", 5.0, "Double"),
            ("position.x", CGPoint(x: 1, y: 2), "CGPoint"),
            ("bounds", CGSize(width: 3, height: 4), "CGSize"),
            ("transform", CGPoint.zero, "CGPoint"),
        ] as [(String, any Sendable, String)])
    func aValueOfTheWrongTypeIsRefused(keyPath: String, value: any Sendable, typeName: String) {
        let clock = ManualClock(at: 100)
        let key = LayerTest.uniqueName("wrong-type")
        clock.add(basic(keyPath, to: value), forKey: key)
        #expect(clock.layer.animationKeys() == nil)
        #expect(clock.layer.animation(forKey: key) == nil)
        #expect(LayerTest.reported(key, typeName, "not added"))
    }

    @Test(arguments: ["position.z", "bounds.size.depth", "transform.rotation.w", "opacity.x", "position.x.y"])
    func anUnknownStructFieldIsRefused(keyPath: String) {
        let clock = ManualClock(at: 100)
        let key = LayerTest.uniqueName("unknown-field")
        clock.add(basic(keyPath, from: 0, to: 1), forKey: key)
        #expect(clock.layer.animationKeys() == nil)
        #expect(LayerTest.reported(key, keyPath, "not added"))
    }

    @Test func anAnimationWithoutAKeyPathIsRefused() {
        let clock = ManualClock(at: 100)
        let key = LayerTest.uniqueName("no-key-path")
        clock.add(basic("", from: 0, to: 1), forKey: key)
        #expect(clock.layer.animationKeys() == nil)
        #expect(LayerTest.reported(key, "not added"))
    }
}
