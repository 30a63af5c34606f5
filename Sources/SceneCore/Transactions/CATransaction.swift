import Foundation

/// Key of the transaction's animation duration.
public let kCATransactionAnimationDuration = "animationDuration"
/// Key of the transaction's disable-actions flag.
public let kCATransactionDisableActions = "disableActions"
/// Key of the transaction's timing function.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// Key of the transaction's completion block.
public let kCATransactionCompletionBlock = "completionBlock"

/// The unit in which layer changes reach the screen: what changes inside one transaction is
/// shown at once, never in part, animated as the transaction's settings say.
///
/// Transactions are per thread and nest. A change made with no transaction open starts an
/// implicit transaction, committed at the end of the thread's run-loop turn (or by
/// `flush()`). Changes reach the renderers when the outermost transaction commits, as one
/// `LayerTreeCommit`. Values (`animationDuration`, `disableActions`, ...) are read from
/// the innermost scope outwards and written to the innermost scope.
public final class CATransaction {
    private init() {}

    /// Begins a new transaction on the current thread.
    public static func begin() { TransactionStack.current.begin() }

    /// Commits the current transaction; changes reach renderers when the outermost one commits.
    public static func commit() { TransactionStack.current.commit() }

    /// Commits the implicit transaction now, or after the explicit transactions that are open commit.
    public static func flush() { TransactionStack.current.flush() }

    /// Takes the lock that guards every layer (recursive: a thread may take it again). Every
    /// layer read and change and every commit takes it too, so changes made while holding it
    /// reach the renderers together, in one commit, whichever thread commits.
    public static func lock() {
        LayerLock.lock()
        TransactionStack.current.lockDepth += 1
    }

    /// Releases the lock taken by `lock()`; unlocking more often than locking does nothing.
    public static func unlock() {
        let stack = TransactionStack.current
        guard stack.lockDepth > 0 else { return }
        stack.lockDepth -= 1
        LayerLock.unlock()
    }

    /// The duration of animations added in this transaction. Default 0.25 s.
    public static func animationDuration() -> CFTimeInterval {
        ValueConversion.double(value(forKey: kCATransactionAnimationDuration)) ?? 0.25
    }

    /// Sets the duration of animations added in this transaction.
    public static func setAnimationDuration(_ duration: CFTimeInterval) {
        setValue(duration, forKey: kCATransactionAnimationDuration)
    }

    /// The timing function of animations added in this transaction; nil means each
    /// animation's own (for implicit animations, `.default`).
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    /// Sets the timing function of animations added in this transaction.
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes in this transaction skip their actions (implicit animations).
    public static func disableActions() -> Bool {
        TransactionStack.current.disablesActions
    }

    /// Sets whether property changes in this transaction skip their actions.
    public static func setDisableActions(_ flag: Bool) {
        setValue(flag, forKey: kCATransactionDisableActions)
    }

    /// The completion block last set in this transaction.
    public static func completionBlock() -> (() -> Void)? {
        value(forKey: kCATransactionCompletionBlock) as? () -> Void
    }

    /// Adds a block run on the main queue (the main thread) once the animations added in this
    /// transaction have finished (at once after the commit when there are none). Setting a second
    /// block adds to the first; setting nil clears the getter but keeps blocks already set.
    ///
    /// As Core Animation's, the block need not be `@Sendable`: it may capture layers and `self`,
    /// and runs on the main thread whichever thread set it.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        setValue(block, forKey: kCATransactionCompletionBlock)
        if let block {
            let mainThreadBlock = UncheckedSendable(block)
            TransactionStack.current.addCompletionBlock { mainThreadBlock.value() }
        }
    }

    /// A value of the transaction, searched from the innermost scope outwards.
    public static func value(forKey key: String) -> Any? {
        TransactionStack.current.value(forKey: key)
    }

    /// Sets a value on the innermost transaction scope. Arbitrary keys are allowed.
    public static func setValue(_ value: Any?, forKey key: String) {
        TransactionStack.current.setValue(value, forKey: key)
    }
}
