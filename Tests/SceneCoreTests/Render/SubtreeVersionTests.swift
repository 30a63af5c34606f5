import Foundation
import Testing

@testable import SceneCore

@Suite struct SubtreeVersionTests {
    /// root ─┬─ a (mask m) ── a1
    ///       └─ b
    struct Fixture {
        let root = CALayer(), a = CALayer(), a1 = CALayer(), b = CALayer(), m = CALayer()
        var tree: RenderTree

        init(animating configure: (Fixture) -> Void = { _ in }) {
            root.addSublayer(a)
            root.addSublayer(b)
            a.addSublayer(a1)
            a.mask = m
            tree = RenderTree()
            configure(self)
            var builder = CommitBuilder()
            builder.encodeWhole(root, markingCommitted: true)
            tree.apply(builder.finish())
        }

        var layers: [CALayer] { [root, a, a1, b, m] }
        var versions: [UInt64?] { layers.map { tree.subtreeVersion(of: $0.layerID) } }

        /// The layers (by name) whose versions differ between `before` and now.
        func changed(since before: [UInt64?]) -> [String] {
            zip(["root", "a", "a1", "b", "m"], zip(before, versions)).filter { $1.0 != $1.1 }.map(\.0)
        }

        mutating func commit(_ updates: [LayerUpdate], released: [LayerID] = []) {
            tree.apply(LayerTreeCommit(sequence: 0, updates: updates, released: released, timestamp: 0))
        }
    }

    @Test func aCommittedChangeMovesTheLayerAndItsSuperlayersOnly() {
        var f = Fixture()
        #expect(f.versions.allSatisfy { $0 != nil })
        var before = f.versions
        f.commit([LayerUpdate(layer: f.a1.layerID, field: .property(.number(0.5), .opacity))])
        #expect(f.changed(since: before) == ["root", "a", "a1"])
        before = f.versions
        f.commit([LayerUpdate(layer: f.b.layerID, field: .property(.image(testImage()), .contents))])
        #expect(f.changed(since: before) == ["root", "b"])
    }

    @Test func aMaskCountsAsBelowTheLayerItMasks() {
        var f = Fixture()
        let before = f.versions
        f.commit([
            LayerUpdate(layer: f.m.layerID, field: .property(.rect(CGRect(x: 0, y: 0, width: 3, height: 3)), .bounds))
        ])
        #expect(f.changed(since: before) == ["root", "a", "m"])
    }

    @Test func sublayerListAndMaskChangesMoveTheOwnerNotTheSublayers() {
        var f = Fixture()
        var before = f.versions
        f.commit([LayerUpdate(layer: f.b.layerID, field: .sublayers([f.a1.layerID]))])
        #expect(f.changed(since: before) == ["root", "b"])
        // a1 now lives under b: its changes reach b, no longer a.
        before = f.versions
        f.commit([LayerUpdate(layer: f.a1.layerID, field: .property(.number(1), .zPosition))])
        #expect(f.changed(since: before) == ["root", "a1", "b"])
        before = f.versions
        f.commit([LayerUpdate(layer: f.a.layerID, field: .mask(nil))])
        #expect(f.changed(since: before) == ["root", "a"])
    }

    @Test func aCommitThatTouchesNothingBelowALayerKeepsItsVersion() {
        var f = Fixture()
        let before = f.versions
        f.commit([])
        f.commit([LayerUpdate(layer: f.root.layerID, field: .property(.number(0.5), .opacity))])
        #expect(f.changed(since: before) == ["root"])
        f.commit([], released: [f.b.layerID])
        #expect(f.tree.subtreeVersion(of: f.b.layerID) == nil)
    }

    @Test func severalChangesInOneCommitGiveOneNewVersionPerLayer() {
        var f = Fixture()
        let before = f.versions
        f.commit([
            LayerUpdate(layer: f.a1.layerID, field: .property(.number(0.5), .opacity)),
            LayerUpdate(layer: f.b.layerID, field: .property(.number(0.5), .opacity)),
            LayerUpdate(layer: f.a1.layerID, field: .property(.number(2), .zPosition)),
        ])
        #expect(f.changed(since: before) == ["root", "a", "a1", "b"])
        let stamp = f.tree.subtreeVersion(of: f.root.layerID)
        #expect(f.tree.subtreeVersion(of: f.a1.layerID) == stamp && f.tree.subtreeVersion(of: f.b.layerID) == stamp)
    }

    @Test func aSuperlayerCycleEndsTheWalk() {
        var f = Fixture()
        // A tree the model would refuse: a is its own grandchild.
        f.commit([LayerUpdate(layer: f.a1.layerID, field: .sublayers([f.a.layerID]))])
        let before = f.versions
        f.commit([LayerUpdate(layer: f.a1.layerID, field: .property(.number(0.5), .opacity))])
        #expect(f.changed(since: before) == ["a", "a1"])
    }

    /// An animation of a1's opacity from `begin` (absolute time) for 2 s, removed or held at its end.
    static func fade(begin: Double, removed: Bool) -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.beginTime = begin
        fade.duration = 2
        fade.isRemovedOnCompletion = removed
        fade.fillMode = removed ? .removed : .forwards
        return fade
    }

    @Test(arguments: [true, false])
    func aRunningAnimationMovesTheVersionEveryFrameAndAStillOneDoesNot(removedOnCompletion: Bool) {
        let t0 = CACurrentMediaTime() + 1000
        var f = Fixture { $0.a1.add(Self.fade(begin: t0 + 10, removed: removedOnCompletion), forKey: "fade") }
        var before = f.versions
        _ = f.tree.evaluateAnimations(at: t0)
        #expect(f.changed(since: before).isEmpty, "waiting for its begin time")
        for t in [t0 + 10.5, t0 + 11, t0 + 11.5] {
            before = f.versions
            _ = f.tree.evaluateAnimations(at: t)
            #expect(f.changed(since: before) == ["root", "a", "a1"], "running at \(t - t0)")
        }
        before = f.versions
        _ = f.tree.evaluateAnimations(at: t0 + 12.5)
        #expect(f.changed(since: before) == ["root", "a", "a1"], "the frame at which it ends")
        before = f.versions
        _ = f.tree.evaluateAnimations(at: t0 + 13)
        _ = f.tree.evaluateAnimations(at: t0 + 14)
        #expect(f.changed(since: before).isEmpty, "ended")
    }

    @Test func siblingsAnimatedTogetherMoveTheirCommonSuperlayersOnce() {
        let t0 = CACurrentMediaTime() + 1000
        var f = Fixture {
            $0.a1.add(Self.fade(begin: t0, removed: true), forKey: "fade")
            $0.b.add(Self.fade(begin: t0, removed: true), forKey: "fade")
        }
        let before = f.versions
        _ = f.tree.evaluateAnimations(at: t0 + 1)
        #expect(f.changed(since: before) == ["root", "a", "a1", "b"])
        let stamp = f.tree.subtreeVersion(of: f.root.layerID)
        #expect(f.layers.filter { $0 !== f.m }.allSatisfy { f.tree.subtreeVersion(of: $0.layerID) == stamp })
    }
}
