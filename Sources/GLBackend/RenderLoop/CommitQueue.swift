import SceneCore

/// A renderer's inbox: whole commits, queued in order by whichever thread commits, taken
/// by the renderer before it builds a frame. The app side never waits on it.
final class CommitQueue: CommitSink {
    private let pending = Locked<[LayerTreeCommit]>([])

    package init() {}

    func enqueue(_ commit: LayerTreeCommit) {
        pending.withLock { $0.append(commit) }
    }

    /// Takes every queued commit, oldest first.
    func drain() -> [LayerTreeCommit] {
        pending.withLock { queue in
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
    }
}
