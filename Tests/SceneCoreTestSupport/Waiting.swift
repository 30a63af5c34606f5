import Dispatch
import Foundation
import SceneCore

/// Polls `condition` until it holds or `timeout` has passed; true when it held. Between polls
/// the task sleeps briefly, so the threads that make the condition true can run: wait for the
/// outcome itself rather than sleeping for a time that a loaded machine may exceed. The timeout is
/// stretched by `testTimeScale`.
public func waitUntil(
    timeout: Duration = .seconds(10), polling interval: Duration = .milliseconds(5),
    _ condition: @Sendable () -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout * testTimeScale
    while !condition() {
        if clock.now > deadline { return false }
        try? await Task.sleep(for: interval)
    }
    return true
}

/// `waitUntil(timeout:polling:_:)` for synchronous code, blocking the calling thread between
/// polls: for synchronous tests, and for code that must not leave its thread (transactions
/// belong to a thread, and an `await` may resume on another). The timeout is stretched by
/// `testTimeScale`.
public func waitUntilBlocking(
    timeout: Duration = .seconds(10), polling interval: Duration = .milliseconds(5), _ condition: () -> Bool
) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout * testTimeScale
    while !condition() {
        if clock.now > deadline { return false }
        Thread.sleep(forTimeInterval: interval / .seconds(1))
    }
    return true
}

/// Waits until the main queue has run every block queued on it before the call, and the blocks
/// those queued in turn, `rounds` deep; false if that took longer than `timeout`.
///
/// SceneCore hands animation events, delegate calls and transaction completion blocks to the
/// main queue. Once this returns, anything an earlier step queued there has run: a test can
/// then check that something did *not* happen without sleeping. Call it off the main thread or
/// from the main actor (which it leaves free while it waits), never while blocking the main queue.
@discardableResult
public func drainMainQueue(rounds: Int = 3, timeout: Duration = .seconds(10)) async -> Bool {
    for _ in 0..<rounds {
        let done = DrainMark()
        DispatchQueue.main.async { done.set() }
        guard await waitUntil(timeout: timeout, { done.isSet }) else { return false }
    }
    return true
}

/// A flag the main queue sets for `drainMainQueue`.
private final class DrainMark: Sendable {
    private let state = Locked(false)
    func set() { state.withLock { $0 = true } }
    var isSet: Bool { state.withLock { $0 } }
}
