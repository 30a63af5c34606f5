import Foundation
import SceneCoreTestSupport
import Synchronization
import Testing

@testable import SceneCore

/// Layers changed on several threads while others commit: nothing crashes, nothing is lost, and
/// the render side ends up with exactly the model (issue 12).
@Suite(.tags(.threads, .scale)) struct ThreadSafetyTests {
    /// Starts `body(i)` on `count` new threads at once; wait on the group for them to end.
    private static func startThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> DispatchGroup {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread {
                body(index)
                group.leave()
            }.start()
        }
        return group
    }

    /// Runs `body(i)` on `count` new threads at once; whether all ended within 60 s.
    private static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
        startThreads(count, body).wait(timeout: .now() + 60) == .success
    }

    /// A committed root with `groups` sublayers of `leaves` leaves each, shown by a recording sink.
    private func committedTree(groups: Int, leaves: Int) -> (CALayer, RecordingSink) {
        let root = CALayer()
        LayerTest.commitWithoutActions {
            root.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
            for _ in 0..<groups {
                let group = CALayer()
                for _ in 0..<leaves { group.addSublayer(CALayer()) }
                root.addSublayer(group)
            }
        }
        let sink = RecordingSink()
        CommitDistributor.shared.attach(sink, root: root)
        return (root, sink)
    }

    /// Applies everything the sink received to a fresh render tree and checks that it holds the
    /// model tree under `root`: the same structure and the same position, opacity, bounds and
    /// background colour on every layer.
    private func expectRenderTreeMatchesModel(of root: CALayer, sink: RecordingSink) {
        var tree = RenderTree()
        for commit in sink.commits { tree.apply(commit) }
        var pending = [root]
        var checked = 0
        while let layer = pending.popLast() {
            guard let rendered = tree[layer.layerID] else {
                Issue.record("\(layer) is missing from the render tree")
                continue
            }
            let children = layer.sublayers ?? []
            #expect(rendered.sublayers == children.map(\.layerID))
            #expect(rendered.model.position == layer.position)
            #expect(rendered.model.opacity == layer.opacity)
            #expect(rendered.model.bounds == layer.bounds)
            #expect(rendered.model.backgroundColor == layer.backgroundColor)
            pending += children
            checked += 1
        }
        #expect(checked > 1)
    }

    @Test func threadsChangingTheirOwnLayersWhileTheMainThreadCommitsLoseNoChange() {
        let (root, sink) = committedTree(groups: 4, leaves: 20)
        let groups = root.sublayers ?? []
        let finished = Atomic<Int>(0)
        let workers = UncheckedSendable(groups)
        let threads = Self.startThreads(4) { index in
            let group = workers.value[index]
            for step in 0..<400 {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                let leaves = group.sublayers ?? []
                let leaf = leaves[step % leaves.count]
                leaf.position = CGPoint(x: step, y: index)
                leaf.opacity = Float(step % 10) / 10
                leaf.backgroundColor = CGColor(red: CGFloat(index) / 4, green: 0, blue: 0, alpha: 1)
                if step % 25 == 0 {
                    leaves[0].removeFromSuperlayer()
                    let added = CALayer()
                    added.bounds = CGRect(x: 0, y: 0, width: CGFloat(step), height: 4)
                    group.addSublayer(added)
                }
                CATransaction.commit()
            }
            finished.add(1, ordering: .sequentiallyConsistent)
        }
        // Meanwhile this thread keeps changing and committing the root.
        var commits = 0
        while finished.load(ordering: .sequentiallyConsistent) < 4 && commits < 1_000_000 {
            LayerTest.commitWithoutActions { root.position = CGPoint(x: commits % 100, y: 0) }
            commits += 1
        }
        #expect(threads.wait(timeout: .now() + 60) == .success)
        LayerTest.commitWithoutActions()
        expectRenderTreeMatchesModel(of: root, sink: sink)
        #expect(groups.allSatisfy { $0.sublayers?.count == 20 })
    }

    @Test func threadsChangingTheSameLayersWithImplicitAnimationsWhileOthersCommitDoNotCrash() {
        let (root, sink) = committedTree(groups: 1, leaves: 12)
        let leaves = UncheckedSendable(root.sublayers?.first?.sublayers ?? [])
        let shared = UncheckedSendable(root)
        let done = Self.onThreads(6) { index in
            for step in 0..<300 {
                let leaf = leaves.value[(step + index) % leaves.value.count]
                // Implicit transactions: these threads run no run loop, so they flush (some after
                // every change, the others once at the end); a layer's pending changes also go
                // with any other thread's commit that changed it.
                leaf.position = CGPoint(x: step, y: index)
                leaf.opacity = Float(step % 7) / 7
                leaf.backgroundColor = CGColor(red: 0, green: CGFloat(step % 5) / 5, blue: 0, alpha: 1)
                if step % 50 == 0 { leaf.removeAllAnimations() }
                if index % 2 == 0 { CATransaction.flush() }
                _ = leaf.presentation()?.position
                _ = shared.value.hitTest(CGPoint(x: 10, y: 10))
            }
            CATransaction.flush()
        }
        #expect(done)
        LayerTest.commitWithoutActions()
        expectRenderTreeMatchesModel(of: root, sink: sink)
    }

    @Test func aThreadThatNeverCommitsKeepsOnlyItsRunningAnimations() {
        let (root, _) = committedTree(groups: 1, leaves: 1)
        let leaf = UncheckedSendable(root.sublayers![0].sublayers![0])
        let held = LayerTest.onNewThread { () -> Int in
            // Each change replaces the running implicit animation of the same key.
            for step in 0..<5_000 { leaf.value.position = CGPoint(x: step, y: 0) }
            let added = TransactionStack.current.scopes.first?.addedAnimations.count ?? -1
            return added
        }
        #expect(held != nil)
        #expect((held ?? .max) <= 2_048)
        #expect(LayerTest.reported("with no running run loop"))
    }

    @Test func aThreadThatEndsWithAnUncommittedChangeHandsItToTheNextCommit() {
        let (root, sink) = committedTree(groups: 1, leaves: 1)
        let leaf = UncheckedSendable(root.sublayers![0].sublayers![0])
        let mark = sink.count
        let ended = Self.onThreads(1) { _ in
            CATransaction.setDisableActions(true)
            leaf.value.position = CGPoint(x: 77, y: 33)
        }
        #expect(ended)
        // The hand-over runs as the thread's storage is torn down, just after its body returned;
        // then this thread's next commit (with no changes of its own) sends the change.
        let sent = waitUntilBlocking {
            CATransaction.flush()
            return sink.fields(of: leaf.value.layerID, since: mark).joined()
                .contains(.property(.point(CGPoint(x: 77, y: 33)), .position))
        }
        #expect(sent)
        #expect(LayerTest.reported("a thread ended with an uncommitted transaction"))
    }

    @Test func aLayerChangedOnTwoThreadsIsSentByWhicheverCommitsFirst() {
        let (root, sink) = committedTree(groups: 1, leaves: 1)
        let leaf = UncheckedSendable(root.sublayers![0].sublayers![0])
        // Another thread changes the layer in a transaction it leaves open...
        let opened = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        Thread {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            leaf.value.opacity = 0.25
            opened.signal()
            release.wait()
            CATransaction.commit()
        }.start()
        opened.wait()
        // ...and this thread's commit, which changed the layer too, sends both changes.
        let mark = sink.count
        LayerTest.commitWithoutActions { leaf.value.position = CGPoint(x: 5, y: 6) }
        let fields = sink.fields(of: leaf.value.layerID, since: mark).flatMap { $0 }
        #expect(fields.contains(.property(.point(CGPoint(x: 5, y: 6)), .position)))
        #expect(fields.contains(.property(.number(0.25), .opacity)))
        release.signal()
    }
}
