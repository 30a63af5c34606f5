import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `CAAnimationGroup`: children run in the group's time, their begin times are relative to
/// the group, and the group's active duration clips them without scaling them
/// (Apple's CAMediaTiming documentation"Groups"). The model `position.x` is 40.
@Suite struct AnimationGroupTests {
    private func group(duration: Double, _ children: [CAAnimation], _ configure: (CAAnimationGroup) -> Void = { _ in })
        -> CAAnimationGroup
    {
        let group = CAAnimationGroup()
        group.animations = children
        group.duration = duration
        configure(group)
        return group
    }

    private func running(_ animation: CAAnimation) -> ManualClock {
        let clock = ManualClock(at: 100) { $0.position = CGPoint(x: 40, y: 3) }
        clock.add(animation, forKey: "g")
        return clock
    }

    @Test func childrenRunTogetherInTheGroupsTime() {
        let clock = running(
            group(
                duration: 4,
                [
                    basic("position.x", from: 0, to: 100, duration: 4),
                    basic("position.y", from: 0, to: 20, duration: 2),
                ]))
        let at1 = clock.presented(at: 101)
        #expect(at1.position == CGPoint(x: 25, y: 10))
        #expect(clock.presented(at: 103).position == CGPoint(x: 75, y: 3))  // the y child is over
        #expect(clock.presented(at: 104).position == CGPoint(x: 40, y: 3))  // so is the group
    }

    @Test func childBeginTimeIsRelativeToTheGroup() {
        let clock = running(
            group(duration: 5, [basic("position.x", from: 0, to: 100, duration: 2) { $0.beginTime = 1 }]))
        #expect(clock.number("position.x", at: 100.5) == 40)  // the child has not begun
        #expect(clock.number("position.x", at: 101) == 0)
        #expect(clock.number("position.x", at: 102) == 50)
        #expect(clock.number("position.x", at: 103.5) == 40)  // the child is over, the group is not
    }

    @Test func theGroupClipsItsChildrenWithoutScalingThem() {
        let clock = running(group(duration: 2, [basic("position.x", from: 0, to: 100, duration: 10)]))
        #expect(clock.number("position.x", at: 101) == 10)
        #expect(clock.number("position.x", at: 101.5) == 15)
        #expect(clock.number("position.x", at: 102) == 40)
        let held = running(
            group(duration: 2, [basic("position.x", from: 0, to: 100, duration: 10)]) { $0.fillMode = .forwards })
        #expect(held.number("position.x", at: 105) == 20)  // held where the group ended
    }

    @Test func childFillModesApplyWithinTheGroup() {
        let clock = running(
            group(
                duration: 4,
                [
                    basic("position.x", from: 0, to: 100, duration: 1) {
                        $0.beginTime = 1
                        $0.fillMode = .both
                    }
                ]))
        #expect(clock.number("position.x", at: 100.5) == 0)
        #expect(clock.number("position.x", at: 103) == 100)
        #expect(clock.number("position.x", at: 104) == 40)
    }

    @Test func theGroupsTimingRepeatsItsChildren() {
        let clock = running(
            group(duration: 2, [basic("position.x", from: 0, to: 100, duration: 2)]) {
                $0.repeatCount = 2
                $0.speed = 2
            })
        #expect(clock.number("position.x", at: 100.5) == 50)
        #expect(clock.number("position.x", at: 101.5) == 50)
        #expect(clock.number("position.x", at: 102) == 40)
    }

    @Test func aBadChildRefusesTheWholeGroup() {
        let clock = ManualClock(at: 100)
        let key = LayerTest.uniqueName("bad-group")
        clock.add(
            group(duration: 1, [basic("position.x", from: 0, to: 1), basic("opacity", to: "opaque")]), forKey: key)
        #expect(clock.layer.animationKeys() == nil)
        #expect(LayerTest.reported(key, "child 1"))
    }
}
