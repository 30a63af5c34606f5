import Foundation

/// One thread's transactions: the nested scopes, the layers changed since the last commit,
/// and whether an implicit transaction is open. Reached only from its own thread.
final class TransactionStack {
    /// The values of one `begin()`/`commit()` scope (or of the implicit transaction).
    struct Scope {
        var values: [String: Any] = [:]
        var completionBlocks: [@Sendable () -> Void] = []
        /// Animations added while this scope was open (nested scopes' included).
        var addedAnimations: [AnimationRecord] = []
        let isImplicit: Bool
    }

    private(set) var scopes: [Scope] = []
    private var changedLayers: [CALayer] = []
    private var completionGroupsAwaitingCommit: [CompletionGroup] = []
    private var flushAfterExplicitCommit = false
    private var observerInstalled = false
    /// How many times this thread holds `CATransaction.lock()`.
    var lockDepth = 0

    /// The calling thread's stack, created on first use.
    static var current: TransactionStack { ThreadLocalTransactions.stack() }

    /// True while an explicit `begin()` is open.
    var hasExplicitScope: Bool { scopes.contains { !$0.isImplicit } }

    // MARK: - Changes

    /// Enrolls a changed layer; opens the implicit transaction when no transaction is open.
    func register(_ layer: CALayer) {
        changedLayers.append(layer)
        if scopes.isEmpty { openImplicit() }
    }

    // MARK: - Scopes

    func begin() { scopes.append(Scope(isImplicit: false)) }

    /// Ends the innermost explicit scope; commits when no transaction encloses it.
    func commit() {
        guard let index = scopes.lastIndex(where: { !$0.isImplicit }), index == scopes.count - 1 else {
            Diagnostics.warning("CATransaction.commit: no explicit transaction is open; nothing to commit")
            return
        }
        let scope = scopes.removeLast()
        close(scope)
        guard !hasExplicitScope else { return }
        // A flush asked for inside the explicit transactions is due now, and only now.
        let flushRequested = flushAfterExplicitCommit
        flushAfterExplicitCommit = false
        if scopes.isEmpty {
            performCommit()
        } else if flushRequested {
            commitImplicit()
        }
    }

    /// Commits the implicit transaction now, or once the open explicit ones have committed.
    func flush() {
        if hasExplicitScope {
            flushAfterExplicitCommit = true
        } else {
            commitImplicit()
        }
    }

    /// Commits the implicit transaction if one is open and no explicit one is (the run-loop hook).
    func commitImplicit() {
        guard !hasExplicitScope else { return }
        if let implicit = scopes.first, implicit.isImplicit {
            scopes.removeAll()
            close(implicit)
        }
        if !changedLayers.isEmpty || !completionGroupsAwaitingCommit.isEmpty || ReleasedLayers.shared.hasPending {
            performCommit()
        }
    }

    /// The scope that writes go to, opening the implicit transaction if none is open.
    func innermostScopeIndex() -> Int {
        if scopes.isEmpty { openImplicit() }
        return scopes.count - 1
    }

    func setValue(_ value: Any?, forKey key: String) {
        let index = innermostScopeIndex()
        scopes[index].values[key] = value
    }

    /// Reads search from the innermost scope outwards.
    func value(forKey key: String) -> Any? {
        for scope in scopes.reversed() {
            if let value = scope.values[key] { return value }
        }
        return nil
    }

    func addCompletionBlock(_ block: @escaping @Sendable () -> Void) {
        let index = innermostScopeIndex()
        scopes[index].completionBlocks.append(block)
    }

    /// Notes an animation added in the innermost scope, for its completion blocks.
    func animationAdded(_ record: AnimationRecord) {
        let index = innermostScopeIndex()
        scopes[index].addedAnimations.append(record)
    }

    /// A scope ended: its animations count for the enclosing scope too, and its completion
    /// blocks wait for its animations and the next commit.
    private func close(_ scope: Scope) {
        if let parent = scopes.indices.last { scopes[parent].addedAnimations += scope.addedAnimations }
        if !scope.completionBlocks.isEmpty {
            completionGroupsAwaitingCommit.append(
                CompletionGroup(blocks: scope.completionBlocks, animations: scope.addedAnimations))
        }
    }

    // MARK: - Commit

    private func openImplicit() {
        scopes.insert(Scope(isImplicit: true), at: 0)
        if !observerInstalled {
            observerInstalled = true
            RunLoopCommitObserver.install(on: self)
        }
    }

    private func performCommit() {
        // Layout, then display, run before encoding; each may change (and enrol) more layers.
        var laidOut = 0
        while laidOut < changedLayers.count {
            let batch = changedLayers[laidOut...]
            laidOut = changedLayers.count
            CALayer.layOutMarkedLayers(batch)
        }
        var displayed = 0
        while displayed < changedLayers.count {
            let batch = changedLayers[displayed...]
            displayed = changedLayers.count
            CALayer.displayMarkedLayers(Array(batch))
        }
        let layers = changedLayers
        changedLayers = []
        let groups = completionGroupsAwaitingCommit
        completionGroupsAwaitingCommit = []
        CATransaction.lock()
        var builder = CommitBuilder()
        for layer in layers { builder.encodeChanges(of: layer) }
        let commit = builder.finish()
        CATransaction.unlock()
        if !commit.updates.isEmpty || !commit.released.isEmpty {
            CommitDistributor.shared.deliver(commit)
        }
        // Blocks whose animations have all stopped (or that had none) run now, on the main queue.
        for group in groups { group.commitFinished() }
    }
}

/// Per-thread storage for `TransactionStack` through a pthread key.
private enum ThreadLocalTransactions {
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            if let raw { Unmanaged<TransactionStack>.fromOpaque(raw).release() }
        }
        return key
    }()

    static func stack() -> TransactionStack {
        if let raw = pthread_getspecific(key) {
            return Unmanaged<TransactionStack>.fromOpaque(raw).takeUnretainedValue()
        }
        let stack = TransactionStack()
        pthread_setspecific(key, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }
}
