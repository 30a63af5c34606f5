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
        var contentVersions: [UInt64?] { layers.map { tree.contentVersion(of: $0.layerID) } }
        var extentVersions: [UInt64?] { layers.map { tree.extentVersion(of: $0.layerID) } }

        /// The layers (by name) whose versions differ between `before` and now.
        func changed(since before: [UInt64?], of versions: KeyPath<Fixture, [UInt64?]> = \.versions) -> [String] {
            zip(["root", "a", "a1", "b", "m"], zip(before, self[keyPath: versions])).filter { $1.0 != $1.1 }.map(\.0)
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

    @Test func aLayersPlacementMovesItsSubtreeVersionButNotItsContentVersion() {
        var f = Fixture()
        let (subtree, content) = (f.versions, f.contentVersions)
        f.commit([
            LayerUpdate(layer: f.a.layerID, field: .property(.point(CGPoint(x: 7, y: 8)), .position)),
            LayerUpdate(layer: f.a.layerID, field: .property(.number(0.5), .opacity)),
        ])
        #expect(f.changed(since: subtree) == ["root", "a"])
        #expect(f.changed(since: content, of: \.contentVersions) == ["root"], "a's placement is root's content")
        f.commit([LayerUpdate(layer: f.a1.layerID, field: .property(.number(1), .cornerRadius))])
        #expect(f.changed(since: content, of: \.contentVersions) == ["root", "a", "a1"])
    }

    @Test func anAnimationOfThePlacementAloneKeepsTheContentVersion() {
        let t0 = CACurrentMediaTime() + 1000
        var f = Fixture {
            let move = CABasicAnimation(keyPath: "transform.scale")
            move.fromValue = 1
            move.toValue = 2
            move.beginTime = t0
            move.duration = 2
            $0.a.add(move, forKey: "grow")
        }
        _ = f.tree.evaluateAnimations(at: t0 + 0.5)
        let (subtree, content) = (f.versions, f.contentVersions)
        _ = f.tree.evaluateAnimations(at: t0 + 1)
        #expect(f.changed(since: subtree) == ["root", "a"])
        #expect(f.changed(since: content, of: \.contentVersions) == ["root"])
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

    @Test func aChangeThatOnlyPaintsKeepsTheExtentVersionsOfTheLayerAndItsSuperlayers() {
        var f = Fixture()
        let (subtree, content, extent) = (f.versions, f.contentVersions, f.extentVersions)
        f.commit([
            LayerUpdate(layer: f.a1.layerID, field: .property(.color(CGColor(gray: 0.5, alpha: 1)), .backgroundColor))
        ])
        #expect(f.changed(since: subtree) == ["root", "a", "a1"])
        #expect(f.changed(since: content, of: \.contentVersions) == ["root", "a", "a1"])
        #expect(f.changed(since: extent, of: \.extentVersions).isEmpty)
        // A placement is its superlayers' extent; anything else is everyone's.
        f.commit([LayerUpdate(layer: f.a1.layerID, field: .property(.number(3), .zPosition))])
        #expect(f.changed(since: extent, of: \.extentVersions) == ["root", "a"])
        f.commit([LayerUpdate(layer: f.b.layerID, field: .property(.number(2), .shadowRadius))])
        #expect(f.changed(since: extent, of: \.extentVersions) == ["root", "a", "b"])
    }

    /// In one commit, a paint change stamps the chain's content first; a later change of a
    /// sibling's bounds still reaches the chain's extent, although its walk meets layers that
    /// carry the stamp already.
    @Test func aChangeOfWhereItDrawsAfterAPaintChangeInOneCommitStillReachesTheExtents() {
        var f = Fixture()
        let extent = f.extentVersions
        f.commit([
            LayerUpdate(layer: f.a1.layerID, field: .property(.color(CGColor(gray: 0.5, alpha: 1)), .borderColor)),
            LayerUpdate(layer: f.m.layerID, field: .property(.rect(CGRect(x: 0, y: 0, width: 4, height: 4)), .bounds)),
        ])
        #expect(f.changed(since: extent, of: \.extentVersions) == ["root", "a", "m"])
    }

    /// A gradient's colours animating: each frame moves the content versions, not the extents.
    /// Beside it, a sibling that turns moves its superlayers' extents: the frame's stamp goes
    /// up the shared chain as far as each needs, whichever comes first.
    @Test(arguments: [false, true]) func anAnimationThatOnlyPaintsKeepsTheExtentVersions(withATurningSibling: Bool) {
        let t0 = CACurrentMediaTime() + 1000
        let gradient = CAGradientLayer()
        var f = Fixture {
            $0.a1.addSublayer(gradient)
            let fade = CABasicAnimation(keyPath: "colors")
            fade.fromValue = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
            fade.toValue = [CGColor(gray: 1, alpha: 1), CGColor(gray: 0, alpha: 1)]
            (fade.beginTime, fade.duration) = (t0, 4)
            gradient.add(fade, forKey: "fade")
            if withATurningSibling {
                let turn = CABasicAnimation(keyPath: "transform.rotation.z")
                (turn.fromValue, turn.toValue, turn.beginTime, turn.duration) = (0, 1, t0, 4)
                $0.b.add(turn, forKey: "turn")
            }
        }
        _ = f.tree.evaluateAnimations(at: t0 + 0.5)
        for t in [t0 + 1, t0 + 1.5, t0 + 2] {
            let (content, extent) = (f.contentVersions, f.extentVersions)
            let gradientExtent = f.tree.extentVersion(of: gradient.layerID)
            _ = f.tree.evaluateAnimations(at: t)
            #expect(f.changed(since: content, of: \.contentVersions) == ["root", "a", "a1"])
            #expect(f.changed(since: extent, of: \.extentVersions) == (withATurningSibling ? ["root"] : []))
            #expect(f.tree.extentVersion(of: gradient.layerID) == gradientExtent)
        }
    }
}
