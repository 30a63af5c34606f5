import Foundation
import PropertyBased
import SceneCoreFuzzSupport
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `LayerTreeCommit.coalesced`: the commits of a random program, folded, build the same render
/// tree as the commits applied one by one (the model's tree, value for value), in fewer commits.
@Suite struct CommitCoalescingPropertyTests {
    @Test func foldedCommitsBuildTheTreeTheCommitsBuild() async {
        let programs = Generator { seed in
            var random = SplitMix64(seed: seed.next())
            return LayerProgram.random(maximumSteps: 60, using: &random)
        }
        await propertyCheck(count: propertyCaseCount(ciDefault: 100), input: programs) { program in
            let description = program.description
            let pool = LayerPool(count: program.layerCount)
            let sink = RecordingSink()
            CommitDistributor.shared.attach(sink, root: pool.root)
            defer { CommitDistributor.shared.detach(sink) }
            pool.run(program) { _ in }
            let commits = sink.commits
            let folded = LayerTreeCommit.coalesced(commits)
            #expect(folded.count <= commits.count)
            var tree = RenderTree()
            for commit in folded { tree.apply(commit) }
            RenderTreeMirror.expectMirror(of: pool.root, in: tree, description)
        }
    }

    @Test func aCommitAttachingATransitionStartsARunOfItsOwn() {
        let layer = CALayer()
        let sink = RecordingSink()
        CommitDistributor.shared.attach(sink, root: layer)
        defer { CommitDistributor.shared.detach(sink) }
        for opacity in [0.1, 0.2] {
            layer.opacity = Float(opacity)
            CATransaction.flush()
        }
        layer.add(CATransition(), forKey: "fade")
        layer.opacity = 0.3
        CATransaction.flush()
        layer.opacity = 0.4
        CATransaction.flush()
        // Every sink receives every commit: other suites' commits on other threads are left out.
        let commits = sink.commits.filter { $0.changedLayers.contains(layer.layerID) }
        #expect(commits.count == 5)
        let folded = LayerTreeCommit.coalesced(commits)
        #expect(folded.count == 2, "the attach commit and the three before it, then it and the one after")
        #expect(folded.map(\.sequence) == [commits[2].sequence, commits[4].sequence])
    }
}
