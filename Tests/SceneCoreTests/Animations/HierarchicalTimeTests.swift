import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Layer time is hierarchical: each layer's local time is `(parentTime − beginTime)·speed +
/// timeOffset`, applied from the root down, and `convertTime` maps between layers; pausing
/// and resuming follow Apple's QA1673 (Apple's CAMediaTiming documentation"Clock").
@Suite struct HierarchicalTimeTests {
    @Test func convertTimeAppliesEachLayersTiming() {
        let parent = CALayer()
        parent.beginTime = 1
        parent.speed = 3
        let child = CALayer()
        child.beginTime = 2
        child.speed = 0.5
        child.timeOffset = 4
        parent.addSublayer(child)
        // ((5 − 1)·3 − 2)·0.5 + 4 = 9
        #expect(child.convertTime(5, from: nil) == 9)
        #expect(child.convertTime(9, to: nil) == 5)
        #expect(parent.convertTime(5, from: nil) == 12)
        #expect(child.convertTime(12, from: parent) == 9)
        #expect(child.convertTime(9, to: parent) == 12)
        let sibling = CALayer()
        sibling.speed = 2
        parent.addSublayer(sibling)
        // parent time 12 is sibling time 24
        #expect(child.convertTime(9, to: sibling) == 24)
        #expect(sibling.convertTime(24, to: child) == 9)
    }

    @Test func effectiveSpeedsMultiply() {
        // A 10 s animation on a layer with speed 2 inside a superlayer with speed 2 takes 2.5 s.
        let root = ManualClock(at: 0)
        let middle = CALayer()
        middle.speed = 2
        let leaf = CALayer()
        leaf.speed = 2
        leaf.position = CGPoint(x: 40, y: 3)
        middle.addSublayer(leaf)
        root.layer.addSublayer(middle)
        CATransaction.flush()
        leaf.add(basic("position.x", from: 0, to: 100, duration: 10), forKey: "a")
        CATransaction.flush()
        #expect(leaf.animation(forKey: "a")?.beginTime == 0)
        root.seek(to: 1.25)
        #expect(leaf.presentation()?.position.x == 50)
        root.seek(to: 2)
        #expect(leaf.presentation()?.position.x == 80)
        root.seek(to: 2.5)
        #expect(leaf.presentation()?.position.x == 40)
    }

    @Test func theRenderTreeUsesTheSameHierarchicalTime() {
        let root = ManualClock(at: 0)
        let sink = RecordingSink()
        defer { CommitDistributor.shared.detach(sink) }
        let child = CALayer()
        child.speed = 2
        child.position = CGPoint(x: 40, y: 3)
        root.layer.addSublayer(child)
        CommitDistributor.shared.attach(sink, root: root.layer)
        child.add(basic("position.x", from: 0, to: 100, duration: 4), forKey: "a")
        CATransaction.flush()
        root.seek(to: 0.5)
        var tree = RenderTree()
        for commit in sink.commits { tree.apply(commit) }
        _ = tree.evaluateAnimations(at: CACurrentMediaTime())
        #expect(tree[child.layerID]?.properties.position.x == 25)
        #expect(child.presentation()?.position.x == 25)
    }

    @Test func pauseAndResumeAsInQA1673() {
        let clock = ManualClock(at: 0)
        let layer = clock.layer
        // Start running at real time.
        layer.speed = 1
        layer.timeOffset = 0
        CATransaction.flush()
        let animation = basic("position.x", from: 0, to: 1000, duration: 1000)  // value = seconds since begin
        layer.add(animation, forKey: "a")
        CATransaction.flush()
        let begin = layer.animation(forKey: "a")!.beginTime

        // Pause.
        let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = pausedTime
        CATransaction.flush()
        let frozen = Double(layer.presentation()!.position.x)
        #expect(isClose(frozen, pausedTime - begin, tolerance: 1e-9))
        // `presentation()` reads the real media clock (there is none to inject, and a manual
        // clock is a paused layer, which is what this test checks): wait until that clock has
        // moved on by 50 ms, and the paused layer shows the same.
        let pausedAt = CACurrentMediaTime()
        #expect(waitUntilBlocking { CACurrentMediaTime() >= pausedAt + 0.05 })
        #expect(Double(layer.presentation()!.position.x) == frozen)

        // Resume.
        let p = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let now = CACurrentMediaTime()
        layer.beginTime = layer.convertTime(now, from: nil) - p
        CATransaction.flush()
        #expect(isClose(layer.convertTime(now, from: nil), p, tolerance: 1e-9))
        let before = CACurrentMediaTime()
        let resumed = Double(layer.presentation()!.position.x)
        let after = CACurrentMediaTime()
        // It continues from where it was paused: the frozen value plus the time since resuming.
        #expect(resumed >= frozen + (before - now) - 1e-9)
        #expect(resumed <= frozen + (after - now) + 1e-9)
    }
}
