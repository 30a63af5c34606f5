import Foundation

/// The completion blocks of one transaction scope, waiting until every animation added in
/// that scope has finished or been removed, and until the scope's changes were committed.
final class CompletionGroup: @unchecked Sendable {
    private let lock = NSLock()
    private var blocks: [@Sendable () -> Void]
    private var pending = 0
    private var committed = false

    init(blocks: [@Sendable () -> Void], animations: [AnimationRecord]) {
        self.blocks = blocks
        for record in animations where !record.isStopped {
            pending += 1
            record.completionGroups.append(self)
        }
    }

    /// The scope's changes were committed: the blocks may run once nothing is pending.
    func commitFinished() {
        let due = lock.withLock {
            committed = true
            return pending == 0
        }
        if due { fire() }
    }

    /// One of the animations stopped.
    func animationStopped() {
        let due = lock.withLock {
            pending -= 1
            return pending == 0 && committed
        }
        if due { fire() }
    }

    private func fire() {
        let blocks = lock.withLock {
            defer { self.blocks = [] }
            return self.blocks
        }
        guard !blocks.isEmpty else { return }
        DispatchQueue.main.async { for block in blocks { block() } }
    }
}
