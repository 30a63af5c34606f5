import SceneCore

/// A renderer's inbox: whole commits, queued in order by whichever thread commits, taken
/// by the renderer before it builds a frame. The app side never waits on it.
///
/// A renderer that does not draw for a while (an `OffscreenRenderer` kept idle, a window
/// whose frames stopped) would queue every commit made meanwhile: past `foldingThreshold`
/// queued commits, they are folded into as few as apply to the same tree
/// (`LayerTreeCommit.coalesced`), so the queue holds about what the tree holds.
final class CommitQueue: CommitSink {
    /// How many commits wait before they are folded.
    static let foldingThreshold = 64

    /// The queue, and the count at which it is folded next: twice what folding left, so that
    /// commits that cannot fold (each attaching a transition) are not folded again on every
    /// enqueue.
    private let pending = Locked<(commits: [LayerTreeCommit], foldAt: Int)>(([], foldingThreshold))

    package init() {}

    func enqueue(_ commit: LayerTreeCommit) {
        pending.withLock { queue in
            queue.commits.append(commit)
            guard queue.commits.count > queue.foldAt else { return }
            queue.commits = LayerTreeCommit.coalesced(queue.commits)
            queue.foldAt = max(Self.foldingThreshold, 2 * queue.commits.count)
        }
    }

    /// How many commits are queued.
    var count: Int { pending.withLock { $0.commits.count } }

    /// Takes every queued commit, oldest first.
    func drain() -> [LayerTreeCommit] {
        pending.withLock { queue in
            defer { queue = ([], Self.foldingThreshold) }
            return queue.commits
        }
    }
}
