import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Huge but finite timing values (issue 12): an animation whose local time is far beyond what
/// a count of cycles can hold is evaluated without trapping, at the start of its cycle.
@Suite struct HugeTimingTests {
    /// An infinitely repeating `position.x` animation from 0 to 100 over `duration`.
    private func repeating(duration: Double = 1, _ configure: (CABasicAnimation) -> Void = { _ in })
        -> CABasicAnimation
    {
        basic("position.x", from: 0, to: 100, duration: duration) {
            $0.repeatCount = .infinity
            configure($0)
        }
    }

    @Test func repeatingHugeTimesRunsAsLongAsAnyoneWatches() {
        // Darwin's HUGE and MAXFLOAT, as ported code writes them, are the largest finite Float.
        #expect(HUGE == Float.greatestFiniteMagnitude)
        #expect(MAXFLOAT == Float.greatestFiniteMagnitude)
        let clock = ManualClock(at: 0)
        clock.add(basic("position.x", from: 0, to: 100) { $0.repeatCount = HUGE }, forKey: "a")
        clock.add(
            basic("position.y", from: 0, to: 100, duration: 2) { $0.repeatDuration = CFTimeInterval(MAXFLOAT) },
            forKey: "b")
        #expect(clock.number("position.x", at: 1e6 + 0.25) == 25)
        #expect(clock.number("position.y", at: 1e6 + 1.5) == 75)
        #expect(clock.layer.animationKeys()?.count == 2)
    }

    @Test func aHugeTimeOffsetShowsTheStartOfACycle() {
        let clock = ManualClock(at: 0)
        clock.add(basic("position.x", from: 0, to: 100) { $0.timeOffset = 1e20 }, forKey: "a")
        #expect(clock.number("position.x", at: 0.25) == 0)
    }

    @Test func aHugeSpeedRepeatingForeverShowsTheStartOfACycle() {
        let clock = ManualClock(at: 0)
        clock.add(repeating { $0.speed = 1e30 }, forKey: "a")
        #expect(clock.number("position.x", at: 0.5) == 0)
        #expect(clock.number("position.x", at: 7.25) == 0)
    }

    @Test func aTinyDurationRepeatingForeverEvaluatedMuchLater() {
        let clock = ManualClock(at: 0)
        clock.add(repeating(duration: 1e-12), forKey: "a")
        #expect(clock.number("position.x", at: 1e7) == 0)
        let cumulative = ManualClock(at: 0)
        cumulative.add(repeating(duration: 1e-12) { $0.isCumulative = true }, forKey: "a")
        #expect(cumulative.number("position.x", at: 1e7).isFinite)
    }

    @Test func aLayerWithAHugeSpeedEvaluatesItsAnimations() {
        let clock = ManualClock(at: 0)
        let child = CALayer()
        child.speed = 1e30
        clock.layer.addSublayer(child)
        CATransaction.flush()
        child.add(repeating(), forKey: "a")
        CATransaction.flush()
        clock.seek(to: 0.5)
        #expect(child.presentation()?.position.x == 0)
    }

    @Test func theRenderTreeEvaluatesHugeTimesToo() {
        let clock = ManualClock(at: 0)
        let sink = RecordingSink()
        defer { CommitDistributor.shared.detach(sink) }
        let child = CALayer()
        child.speed = 1e30
        child.position = CGPoint(x: 40, y: 3)
        clock.layer.addSublayer(child)
        CommitDistributor.shared.attach(sink, root: clock.layer)
        child.add(repeating(), forKey: "a")
        child.add(basic("position.y", from: 0, to: 100) { $0.timeOffset = 1e20 }, forKey: "b")
        CATransaction.flush()
        clock.seek(to: 0.5)
        var tree = RenderTree()
        for commit in sink.commits { tree.apply(commit) }
        _ = tree.evaluateAnimations(at: CACurrentMediaTime())
        #expect(tree[child.layerID]?.properties.position == CGPoint(x: 0, y: 3))
    }

    @Test func samplesBeyondACountOfCyclesStayFinite() {
        var values = MediaTimingValues()
        values.duration = 1
        values.repeatCount = .infinity
        values.speed = 1e30
        let sample = values.sample(atParentTime: 12.5)
        #expect(sample?.progress == 0)
        #expect(sample.map { $0.cycle.isFinite && $0.cycle > 1e30 } == true)
    }
}
