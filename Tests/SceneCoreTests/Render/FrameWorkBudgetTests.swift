import Foundation
import SceneCoreFuzzSupport
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Each frame's work budget (`FrameBuilder+WorkBudget`): a replicator multiplies what its
/// sublayers cost, and past the budget the rest of the frame is not drawn, logged once.
/// Tagged `.scale`: each frame holds a processor for a second or so in a debug build.
@Suite(.tags(.scale)) struct FrameWorkBudgetTests {
    /// A frame the budget holds to, in a debug build on a loaded machine (stretched under a
    /// sanitizer; about 1 s unloaded): before the budget, the first case below took 12–20 s a
    /// frame, the second 4–6.5 s on a release build.
    static let frameLimit = 5.0

    /// A 64 x 48 root holding `replicator`, committed, with a probe attached to it.
    private func scene(_ replicator: CAReplicatorLayer) -> (root: CALayer, probe: CommitProbe) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        replicator.frame = root.bounds
        root.addSublayer(replicator)
        let probe = CommitProbe(root: root)
        CATransaction.flush()
        return (root, probe)
    }

    /// Runs two frames; returns the first's display list, the longer frame time and the
    /// messages logged about the budget.
    private func twoFrames(_ probe: CommitProbe) -> (list: DisplayList, seconds: Double, budgetMessages: Int) {
        var list: DisplayList?
        var longest = 0.0
        let messages = Diagnostics.capturing {
            for offset in [0.25, 0.5] {
                let (output, seconds) = probe.frame(at: CACurrentMediaTime() + offset)
                list = list ?? output.displayList
                longest = max(longest, seconds)
            }
        }
        return (list!, longest, messages.filter { $0.contains("budget of \(FrameBuilder.workBudget)") }.count)
    }

    @Test func aDelayedReplicatorOfIntMaxInstancesOfASublayerThatDrawsNothingCostsABoundedFrame() {
        let replicator = CAReplicatorLayer()
        replicator.instanceCount = .max
        replicator.instanceDelay = 0.01
        let item = CALayer()
        item.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        let fade = CABasicAnimation(keyPath: "opacity")
        (fade.fromValue, fade.toValue, fade.duration, fade.repeatCount) = (0, 1, 1, .infinity)
        item.add(fade, forKey: "fade")
        replicator.addSublayer(item)
        let (_, probe) = scene(replicator)
        let (list, seconds, logged) = twoFrames(probe)
        #expect(seconds < timeBudget(Self.frameLimit), "a frame took \(seconds) s")
        #expect(list.instances.isEmpty)
        #expect(logged == 1, "the budget is reported once, not on every frame")
    }

    @Test func instancesThatEachNeedAnOffscreenPassStopAtTheBudgetsPasses() {
        let replicator = CAReplicatorLayer()
        replicator.instanceCount = 100_000
        replicator.instanceTransform = CATransform3DMakeTranslation(0.001, 0, 0)
        let item = CALayer()
        item.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        item.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        item.mask = mask
        replicator.addSublayer(item)
        let (_, probe) = scene(replicator)
        let (list, seconds, logged) = twoFrames(probe)
        let passes = list.commands.filter { if case .beginGroup = $0 { true } else { false } }.count
        // Each copy of the masked item is one offscreen pass and two quads.
        let fit = FrameBuilder.workBudget / (FrameBuilder.offscreenPassWork + 2)
        #expect(passes <= fit && passes >= fit - 2, "\(passes) offscreen passes")
        #expect(seconds < timeBudget(Self.frameLimit), "a frame took \(seconds) s")
        #expect(logged == 1)
    }

    /// The inner replicator's copies make one recording of `maximumReplicatedQuads` quads,
    /// which the outer one copies once: nesting adds, it does not multiply.
    @Test func nestedReplicatorsOfIntMaxInstancesDrawOneReplicatorsQuads() {
        let outer = CAReplicatorLayer()
        outer.instanceCount = .max
        let inner = CAReplicatorLayer()
        inner.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        inner.instanceCount = .max
        let item = CALayer()
        item.frame = CGRect(x: 0, y: 0, width: 2, height: 2)
        item.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        inner.addSublayer(item)
        outer.addSublayer(inner)
        let (_, probe) = scene(outer)
        let (list, seconds, logged) = twoFrames(probe)
        #expect(list.instances.count == FrameBuilder.maximumReplicatedQuads)
        #expect(seconds < timeBudget(Self.frameLimit), "a frame took \(seconds) s")
        #expect(logged == 0, "within the budget")
    }
}
