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

    @Test func aChildWithNoDurationRunsForTheGroupsDuration() {
        // Apple's CAAnimationGroup sample: a child with no duration of its own in a 1 s group.
        let clock = running(group(duration: 1, [basic("position.x", from: 0, to: 100, duration: 0)]))
        #expect(clock.number("position.x", at: 100.25) == 25)
        #expect(clock.number("position.x", at: 100.5) == 50)
        #expect(clock.number("position.x", at: 100.75) == 75)
        #expect(clock.number("position.x", at: 101) == 40)
        // The added copy's child still says 0: the group's duration is taken, not written.
        let child = (clock.layer.animation(forKey: "g") as? CAAnimationGroup)?.animations?.first
        #expect(child?.duration == 0)
    }

    @Test func anInheritedDurationKeepsTheChildsOwnTimingInTheGroupsTime() {
        // Begins 0.5 s into a 2 s group and runs 2 s, clipped by the group at its end.
        let late = running(
            group(duration: 2, [basic("position.x", from: 0, to: 100, duration: 0) { $0.beginTime = 0.5 }]))
        #expect(late.number("position.x", at: 100.25) == 40)
        #expect(late.number("position.x", at: 101.5) == 50)
        #expect(late.number("position.x", at: 101.75) == 62.5)
        // Twice as fast: the 2 s cycle takes 1 s of the group's time, then the child is over.
        let fast = running(group(duration: 2, [basic("position.x", from: 0, to: 100, duration: 0) { $0.speed = 2 }]))
        #expect(fast.number("position.x", at: 100.5) == 50)
        #expect(fast.number("position.x", at: 101.5) == 40)
        // Offset by half a cycle; and autoreversing, clipped after the way out.
        let offset = running(
            group(duration: 2, [basic("position.x", from: 0, to: 100, duration: 0) { $0.timeOffset = 1 }]))
        #expect(offset.number("position.x", at: 100.5) == 75)
        let back = running(
            group(duration: 2, [basic("position.x", from: 0, to: 100, duration: 0) { $0.autoreverses = true }]))
        #expect(back.number("position.x", at: 101) == 50)
        #expect(back.number("position.x", at: 101.5) == 75)
        // Repeated: a second cycle would start at the group's end, so only the first shows.
        let twice = running(
            group(duration: 2, [basic("position.x", from: 0, to: 100, duration: 0) { $0.repeatCount = 2 }]))
        #expect(twice.number("position.x", at: 101) == 50)
    }

    @Test func nestedGroupsPassTheirDurationDown() {
        let inner = CAAnimationGroup()
        inner.animations = [basic("position.x", from: 0, to: 100, duration: 0)]
        let clock = running(group(duration: 4, [inner]))
        #expect(clock.number("position.x", at: 101) == 25)
        #expect(clock.number("position.x", at: 103) == 75)
        // A group with no duration takes the transaction's, and its children take that.
        let implicit = ManualClock(at: 100) { $0.position = CGPoint(x: 40, y: 3) }
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        implicit.layer.add(group(duration: 0, [basic("position.x", from: 0, to: 100, duration: 0)]), forKey: "g")
        CATransaction.commit()
        #expect(implicit.number("position.x", at: 101) == 50)
        #expect(implicit.number("position.x", at: 102) == 40)
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
