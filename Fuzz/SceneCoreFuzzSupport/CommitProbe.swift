import Foundation
import SceneCore

/// A renderer without GL: attached to a tree, it receives the tree's commits as a window's
/// render thread does and runs the same frame step (`FramePipeline`): apply the commits to its
/// render tree, evaluate the animations, build the display list. Commits arrive on any thread;
/// `frame(at:)` is called from one thread at a time.
package final class CommitProbe: CommitSink, @unchecked Sendable {
    private let inbox = Locked<[LayerTreeCommit]>([])
    /// The render side: its render tree is what the commits built.
    package private(set) var pipeline = FramePipeline()
    private let root: LayerID

    /// A probe attached to the tree under `root` (which commits pending changes first); it stays
    /// attached while it lives.
    package init(root: CALayer) {
        self.root = root.layerID
        CommitDistributor.shared.attach(self, root: root)
    }

    deinit { CommitDistributor.shared.detach(self) }

    package func enqueue(_ commit: LayerTreeCommit) { inbox.withLock { $0.append(commit) } }

    /// Runs one frame at `time` with what has arrived since the last; returns its output and
    /// how long it took, in seconds.
    package func frame(at time: Double) -> (output: FramePipeline.Output, seconds: Double) {
        let commits = inbox.withLock { list in
            defer { list = [] }
            return list
        }
        let start = ContinuousClock.now
        let output = pipeline.frame(
            applying: commits, root: root, at: time, width: LayerPool.rootSize.width,
            height: LayerPool.rootSize.height, clearColor: .zero)
        let elapsed = ContinuousClock.now - start
        return (output, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
}
