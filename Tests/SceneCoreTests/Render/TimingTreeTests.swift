import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `TimingTree`, what the clock of unrendered animations keeps of every tree: the same events
/// at the same times as a renderer's `RenderTree`, from structure, layer timing and animations
/// alone.
@Suite struct TimingTreeTests {
    /// A root whose child runs its own time (`beginTime` 10, `speed` 2) and holds a 1 s
    /// animation beginning at its time 4, so at absolute time 12 and ending at 12.5; a second
    /// child waits for an animation beginning at time 20.
    func scene() -> (root: CALayer, timed: CALayer, waiting: CALayer) {
        let root = CALayer()
        let timed = CALayer()
        timed.beginTime = 10
        timed.speed = 2
        timed.add(basic("opacity", from: 0, to: 1) { $0.beginTime = 4 }, forKey: "fade")
        let waiting = CALayer()
        waiting.add(basic("position.x", from: 0, to: 10) { $0.beginTime = 20 }, forKey: "move")
        root.addSublayer(timed)
        root.addSublayer(waiting)
        return (root, timed, waiting)
    }

    /// Both trees from one snapshot of the tree under `root`, encoded as committed: nothing
    /// reaches the clock of unrendered animations, which would end these animations by the
    /// media clock.
    func trees(for root: CALayer) -> (timing: TimingTree, render: RenderTree) {
        var builder = CommitBuilder()
        builder.encodeWhole(root, markingCommitted: true)
        let commit = builder.finish()
        var timing = TimingTree()
        timing.apply(commit)
        var render = RenderTree()
        render.apply(commit)
        return (timing, render)
    }

    @Test func itSendsTheEventsARenderTreeSendsAtTheSameTimes() {
        let (root, timed, waiting) = scene()
        var (timing, render) = trees(for: root)
        for time in [11.9, 12, 12.4, 12.5, 19, 20, 21.5] {
            let fromTiming = timing.evaluateAnimations(at: time, excludingTrees: [])
            let fromRender = render.evaluateAnimations(at: time)
            #expect(fromTiming.events == fromRender.events, "at \(time)")
            #expect(fromTiming.isAnimating == fromRender.isAnimating, "at \(time)")
            #expect(fromTiming.wakeTime == fromRender.wakeTime, "at \(time)")
        }
        // Spot checks of what both said: the timed layer's animation runs from 12 to 12.5.
        var fresh = trees(for: root).timing
        #expect(fresh.evaluateAnimations(at: 11.9, excludingTrees: []).events.isEmpty)
        let started = fresh.evaluateAnimations(at: 12, excludingTrees: [])
        #expect(started.events.map(\.layer) == [timed.layerID] && started.isAnimating)
        #expect(started.wakeTime == 20, "the other animation begins at 20")
        let ended = fresh.evaluateAnimations(at: 12.5, excludingTrees: [])
        #expect(ended.events.map(\.layer) == [timed.layerID])
        #expect(ended.events.map(\.kind) == [.finished(removed: true)])
        #expect(!ended.isAnimating && ended.wakeTime == 20, "the other animation begins at 20")
        let moved = fresh.evaluateAnimations(at: 20, excludingTrees: [])
        #expect(moved.events.map(\.layer) == [waiting.layerID])
    }

    @Test func aShownTreeIsLeftToItsRenderer() {
        let (root, _, _) = scene()
        var timing = trees(for: root).timing
        let tick = timing.evaluateAnimations(at: 12.5, excludingTrees: [root.layerID])
        #expect(tick.events.isEmpty && !tick.isAnimating && tick.wakeTime == nil)
        // Not shown any more: its animations start and end by the clock.
        #expect(timing.evaluateAnimations(at: 12.5, excludingTrees: []).events.count == 2)
    }

    @Test func aRecommittedListKeepsWhatWasSentAndARemovedAnimationStaysRemoved() {
        let (root, timed, _) = scene()
        var builder = CommitBuilder()
        builder.encodeWhole(root, markingCommitted: true)
        let commit = builder.finish()
        var timing = TimingTree()
        timing.apply(commit)
        #expect(timing.evaluateAnimations(at: 12.2, excludingTrees: []).events.count == 1)
        // The same commit again, as a renderer attaching re-sends the tree: no second start.
        timing.apply(commit)
        #expect(timing.evaluateAnimations(at: 12.3, excludingTrees: []).events.isEmpty)
        #expect(timing.evaluateAnimations(at: 12.6, excludingTrees: []).events.count == 1)
        // A stale commit naming the finished, removed animation does not bring it back.
        timing.apply(commit)
        let later = timing.evaluateAnimations(at: 12.7, excludingTrees: [])
        #expect(!later.events.contains { $0.layer == timed.layerID })
    }
}
