import Foundation

/// A value guarded by a lock: `Synchronization.Mutex`'s interface over a pthread mutex (`NSLock`),
/// which every package target uses instead of `Mutex`.
///
/// On Linux, `Mutex` waits in a futex inside the Swift runtime, which ThreadSanitizer cannot
/// see: when two threads contend for one, it reports the accesses the mutex orders as races (a
/// false report, but one in our code that `scripts/sanitize.sh thread` would fail on).
/// ThreadSanitizer intercepts pthread mutexes, so a `Locked` value is checked correctly.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private nonisolated(unsafe) var value: Value

    package init(_ initialValue: consuming sending Value) {
        value = initialValue
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    package func withLock<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
