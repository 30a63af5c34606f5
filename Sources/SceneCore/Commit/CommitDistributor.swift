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
    /// The roots sinks are being attached to, and how many attach each: from before `attach`
    /// flushes the pending changes until the sink is in the list, their trees count as shown.
    private let attaching = Locked<[LayerID: Int]>([:])

    /// Runs `body` on the sink list under its lock, with every live sink. The live sinks are held
    /// strongly until the lock is released, so that a sink whose last other reference goes away
    /// meanwhile (on another thread, or in its own `enqueue`) is deinitialised outside the lock:
    /// its deinit may detach it. (Reading a weak reference makes a strong one for a moment; inside
    /// the lock that moment could be the last.)
    private func withSinks<T>(_ body: (inout [WeakSink], [any CommitSink]) -> T) -> T {
        let (result, _) = sinks.withLock { list in
            let alive = list.compactMap(\.sink)
            return (body(&list, alive), alive)
        }
        return result
    }

    /// Attaches `sink` to the tree under `root`: pending changes are flushed, then the sink
    /// receives a snapshot of the whole tree followed by every later commit.
    package func attach(_ sink: any CommitSink, root: CALayer) {
        // The flushed changes reach the clock of unrendered animations too; it must not take
        // the tree for one nobody shows and end its animations by the media clock meanwhile.
        attaching.withLock { $0[root.layerID, default: 0] += 1 }
        defer {
            attaching.withLock { counts in
                counts[root.layerID]! -= 1
                if counts[root.layerID] == 0 { counts[root.layerID] = nil }
            }
        }
        CATransaction.flush()
        CATransaction.lock()
        defer { CATransaction.unlock() }
        var builder = CommitBuilder()
        builder.encodeWhole(root, markingCommitted: false)
        let snapshot = builder.finish(snapshot: true)
        withSinks { list, _ in
            list.removeAll { $0.sink == nil || $0.sink === sink }
            sink.enqueue(snapshot)
            list.append(WeakSink(sink: sink, root: root.layerID))
        }
    }

    /// Stops sending commits to `sink`.
    package func detach(_ sink: any CommitSink) {
        withSinks { list, _ in list.removeAll { $0.sink == nil || $0.sink === sink } }
    }

    /// The roots of the trees attached renderers show.
    var shownRoots: Set<LayerID> {
        // Read before the list: a root leaves `attaching` only once its sink is in the list.
        let beingAttached = attaching.withLock { Set($0.keys) }
        return withSinks { list, _ in Set(list.filter { $0.sink != nil }.map(\.root)) }.union(beingAttached)
    }

    /// Sends `commit` to every attached sink and to the clock of unrendered animations.
    func deliver(_ commit: LayerTreeCommit) {
        withSinks { _, alive in
            for sink in alive { sink.enqueue(commit) }
        }
        UnrenderedAnimations.shared.enqueue(commit)
    }
}
