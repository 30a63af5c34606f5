import Foundation

/// A renderer's end of the hand-off: receives whole commits, in order, on any thread.
/// Implementations queue them for their render thread and must not block.
package protocol CommitSink: AnyObject, Sendable {
    func enqueue(_ commit: LayerTreeCommit)
}

/// Hands every commit to every attached renderer, and to the clock of the animations no renderer
/// shows (`UnrenderedAnimations`). The only path from the app side to the render side.
package final class CommitDistributor: Sendable {
    package static let shared = CommitDistributor()

    private struct WeakSink {
        weak var sink: (any CommitSink)?
        let root: LayerID
    }
    private let sinks = Locked<[WeakSink]>([])

    /// Attaches `sink` to the tree under `root`: pending changes are flushed, then the sink
    /// receives a snapshot of the whole tree followed by every later commit.
    package func attach(_ sink: any CommitSink, root: CALayer) {
        CATransaction.flush()
        CATransaction.lock()
        defer { CATransaction.unlock() }
        var builder = CommitBuilder()
        builder.encodeWhole(root, markingCommitted: false)
        let snapshot = builder.finish(snapshot: true)
        sinks.withLock { list in
            list.removeAll { $0.sink == nil || $0.sink === sink }
            sink.enqueue(snapshot)
            list.append(WeakSink(sink: sink, root: root.layerID))
        }
    }

    /// Stops sending commits to `sink`.
    package func detach(_ sink: any CommitSink) {
        sinks.withLock { $0.removeAll { $0.sink == nil || $0.sink === sink } }
    }

    /// The roots of the trees attached renderers show.
    var shownRoots: Set<LayerID> {
        sinks.withLock { list in Set(list.filter { $0.sink != nil }.map(\.root)) }
    }

    /// Sends `commit` to every attached sink and to the clock of unrendered animations.
    func deliver(_ commit: LayerTreeCommit) {
        sinks.withLock { list in
            for entry in list { entry.sink?.enqueue(commit) }
        }
        UnrenderedAnimations.shared.enqueue(commit)
    }
}
