import Foundation
import Synchronization

/// One thread's transactions: the nested scopes, the layers changed since the last commit,
/// and whether an implicit transaction is open. Reached only from its own thread.
///
/// A layer changed on several threads is in each of their lists (`CALayer.enrolment` names
/// them), so whichever commits first sends every change the layer has pending, and no thread's
/// commit leaves out a layer it changed. Commits hold `LayerLock` throughout.
final class TransactionStack {
    /// The values of one `begin()`/`commit()` scope (or of the implicit transaction).
    struct Scope {
        var values: [String: Any] = [:]
        var completionBlocks: [@Sendable () -> Void] = []
        /// Animations added while this scope was open (nested scopes' included).
        var addedAnimations: [AnimationRecord] = []
        /// How many of `addedAnimations` were still running when they were last pruned.
        var runningAfterPrune = 0
        let isImplicit: Bool
    }

    private(set) var scopes: [Scope] = [] {
        didSet { disablesActionsKept = nil }
    }
    /// `disablesActions` as last read, until a scope or a value changes.
    private var disablesActionsKept: Bool?
    /// This stack's id in layers' `enrolment` (never 0 nor `orphanID`).
    let id = TransactionStack.ids.wrappingAdd(1, ordering: .relaxed).newValue
    private static let ids = Atomic<UInt32>(0)

    /// The changed layers and completion blocks of threads that ended without committing them:
    /// the next commit on any thread takes them over. Guarded by `LayerLock`.
    private nonisolated(unsafe) static var orphanedLayers: [CALayer] = []
    private nonisolated(unsafe) static var orphanedGroups: [CompletionGroup] = []
    /// Whether `orphanedLayers` or `orphanedGroups` hold anything (read without the lock).
    private static let hasOrphans = Atomic<Bool>(false)
    /// The id under which `orphanedLayers` enrol their layers.
    private static let orphanID = UInt32.max
    private var changedLayers: [CALayer] = []
    private var completionGroupsAwaitingCommit: [CompletionGroup] = []
    private var flushAfterExplicitCommit = false
    private var observerInstalled = false
    /// Whether this thread has been told that its implicit transaction is never committed.
    private var warnedAboutIdleRunLoop = false
    /// How many times this thread holds `CATransaction.lock()`.
    var lockDepth = 0

    /// The calling thread's stack, created on first use.
    static var current: TransactionStack { ThreadLocalTransactions.stack() }

    /// True while an explicit `begin()` is open.
    var hasExplicitScope: Bool { scopes.contains { !$0.isImplicit } }

    // MARK: - Changes

    /// Enrolls a changed layer that is not yet in this thread's list (its `enrolment` says so);
    /// opens this thread's implicit transaction when no transaction is open.
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
        if !changedLayers.isEmpty || !completionGroupsAwaitingCommit.isEmpty || ReleasedLayers.shared.hasPending
            || Self.hasOrphans.load(ordering: .acquiring)
        {
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

    /// Whether property changes skip their actions (`kCATransactionDisableActions`, read as
    /// `value(forKey:)` does): asked at every property change, so kept until a scope or a
    /// value changes.
    var disablesActions: Bool {
        if let kept = disablesActionsKept { return kept }
        let disables = ValueConversion.bool(value(forKey: kCATransactionDisableActions)) ?? false
        disablesActionsKept = disables
        return disables
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
    ///
    /// The list drops animations that have stopped whenever it has doubled since the last
    /// pruning, so a thread that keeps changing layers without ever committing (no run loop, no
    /// `flush()`) holds only the animations still running, not every one it ever started.
    func animationAdded(_ record: AnimationRecord) {
        let index = innermostScopeIndex()
        scopes[index].addedAnimations.append(record)
        let scope = scopes[index]
        guard scope.addedAnimations.count >= max(1024, 2 * scope.runningAfterPrune) else { return }
        scopes[index].addedAnimations.removeAll { $0.isStopped }
        scopes[index].runningAfterPrune = scopes[index].addedAnimations.count
        if scope.isImplicit { warnIfRunLoopIdle() }
    }

    /// Logs once per thread that an implicit transaction stays open on a thread whose run loop
    /// is not running: its changes reach the screen only with other threads' commits, and its
    /// completion blocks wait until it commits.
    private func warnIfRunLoopIdle() {
        guard !warnedAboutIdleRunLoop, !Thread.isMainThread, CFRunLoopCopyCurrentMode(CFRunLoopGetCurrent()) == nil
        else { return }
        warnedAboutIdleRunLoop = true
        Diagnostics.warning(
            "CATransaction: layers changed on thread \(Thread.current) with no running run loop; its implicit transaction is never committed by this thread. Use CATransaction.begin()/commit() or flush() on threads without a run loop"
        )
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

    /// Lays out, displays, encodes and delivers every pending change, holding `LayerLock`
    /// throughout: other threads' changes wait for the commit, and commits reach the renderers in
    /// the order of their sequence numbers.
    private func performCommit() {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        let start = CACurrentMediaTime()
        _ = FrameTrace.startedFromEnvironment
        let committing = FrameTrace.begin("commit", "app")
        adoptOrphans()
        // Layout, then display, run before encoding; each may change (and enrol) more layers.
        let layingOut = FrameTrace.begin("layout", "app")
        var laidOut = 0
        while laidOut < changedLayers.count {
            let batch = changedLayers[laidOut...]
            laidOut = changedLayers.count
            CALayer.layOutMarkedLayers(batch)
        }
        layingOut?.end([("layers", laidOut)])
        let displaying = FrameTrace.begin("display", "app")
        var displayed = 0
        while displayed < changedLayers.count {
            let batch = changedLayers[displayed...]
            displayed = changedLayers.count
            CALayer.displayMarkedLayers(Array(batch))
        }
        displaying?.end([("layers", displayed)])
        let layers = changedLayers
        changedLayers = []
        let groups = completionGroupsAwaitingCommit
        completionGroupsAwaitingCommit = []
        var builder = CommitBuilder()
        for layer in layers { builder.encodeChanges(of: layer, listedBy: id) }
        var commit = builder.finish()
        commit.appSeconds = CACurrentMediaTime() - start
        if !commit.updates.isEmpty || !commit.released.isEmpty {
            if let committing {
                FrameTrace.commitSent(commit.sequence)
                committing.end([
                    ("sequence", Int(commit.sequence)), ("fields", commit.updates.count),
                    ("layers", commit.changedLayers.count), ("released", commit.released.count),
                ])
            }
            CommitDistributor.shared.deliver(commit)
        }
        // Blocks whose animations have all stopped (or that had none) run now, on the main queue.
        for group in groups { group.commitFinished() }
    }

    /// Takes over what ended threads left uncommitted (the caller holds `LayerLock`).
    private func adoptOrphans() {
        guard Self.hasOrphans.load(ordering: .acquiring) else { return }
        for layer in Self.orphanedLayers {
            layer.enrolment.remove(Self.orphanID)
            if layer.enrolment.insert(id) { changedLayers.append(layer) }
        }
        completionGroupsAwaitingCommit += Self.orphanedGroups
        Self.orphanedLayers = []
        Self.orphanedGroups = []
        Self.hasOrphans.store(false, ordering: .releasing)
    }

    /// The thread is ending with an uncommitted transaction (an implicit one, or explicit scopes
    /// never committed): its changes and completion blocks are handed to the next commit on any
    /// thread, with a logged warning, and the main run loop is woken to make that commit.
    ///
    /// It runs while the thread's storage is torn down, when running layout, drawing, actions or
    /// Dispatch is not safe: it only moves the pending work.
    fileprivate func handOverAtThreadExit() {
        while let scope = scopes.popLast() { close(scope) }
        guard !changedLayers.isEmpty || !completionGroupsAwaitingCommit.isEmpty else { return }
        Diagnostics.warning(
            "CATransaction: a thread ended with an uncommitted transaction; the next commit sends its changes (commit or flush before a thread without a run loop ends)"
        )
        LayerLock.withLock {
            for layer in changedLayers {
                layer.enrolment.remove(id)
                if layer.enrolment.insert(Self.orphanID) { Self.orphanedLayers.append(layer) }
            }
            Self.orphanedGroups += completionGroupsAwaitingCommit
            Self.hasOrphans.store(true, ordering: .releasing)
        }
        changedLayers = []
        completionGroupsAwaitingCommit = []
        CFRunLoopWakeUp(CFRunLoopGetMain())
    }
}

/// Per-thread storage for `TransactionStack` through a pthread key.
private enum ThreadLocalTransactions {
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            let stack = Unmanaged<TransactionStack>.fromOpaque(raw)
            stack.takeUnretainedValue().handOverAtThreadExit()
            stack.release()
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
