import Foundation
import Logging

/// Where SceneCore reports bad input: a clear message through swift-log, never a crash.
///
/// The last messages are also kept so that tests can assert that an error was reported;
/// `capturing(_:)` gives a test exactly the messages its own code logged.
package enum Diagnostics {
    private static let logger = Logger(label: "SceneCore")
    private static let recentMessages = Locked<[String]>([])
    /// The topics of the `errorOnce` messages already logged.
    private static let loggedTopics = Locked<Set<String>>([])

    /// The messages logged by one task while `capturing(_:)` runs.
    private final class Capture: Sendable {
        let messages = Locked<[String]>([])
        /// The `errorOnce` topics this capture has received.
        let topics = Locked<Set<String>>([])
    }

    @TaskLocal private static var capture: Capture?

    /// Runs `body` and returns the messages it logged on the current task, oldest first. Unlike
    /// `recent`, which every thread shares (and parallel tests fill), this holds only what
    /// `body` logged, all of it.
    static func capturing(_ body: () throws -> Void) rethrows -> [String] {
        let capture = Capture()
        try $capture.withValue(capture) { try body() }
        return capture.messages.withLock { $0 }
    }

    /// Runs `body` and returns its result with the messages it logged on the current task, as
    /// `capturing(_:)` does.
    static func capturing<Result>(_ body: () throws -> Result) rethrows -> (result: Result, messages: [String]) {
        var result: Result?
        let messages = try capturing { result = try body() }
        return (result!, messages)
    }

    /// Logs an error about input that was refused or replaced by a documented fallback.
    package static func error(_ message: String) {
        logger.error("\(message)")
        remember(message)
    }

    /// Logs an error the first time `topic` comes up in the process, and nothing after: for
    /// conditions met on every frame (the render side logs them once, not sixty times a second).
    /// A `capturing(_:)` block receives each topic's message once too, even when the process
    /// logged it before the block (a test sees it whichever test met the topic first).
    package static func errorOnce(_ topic: String, _ message: @autoclosure () -> String) {
        once(topic, message, log: error)
    }

    /// Logs a warning the first time `topic` comes up in the process, as `errorOnce` does.
    package static func warningOnce(_ topic: String, _ message: @autoclosure () -> String) {
        once(topic, message, log: warning)
    }

    /// Logs `message()` with `log` the first time `topic` comes up in the process; hands it to
    /// a capture that has not received the topic yet either way.
    private static func once(_ topic: String, _ message: () -> String, log: (String) -> Void) {
        let firstInCapture = capture?.topics.withLock { $0.insert(topic).inserted } ?? false
        guard loggedTopics.withLock({ $0.insert(topic).inserted }) else {
            if firstInCapture { capture?.messages.withLock { $0.append(message()) } }
            return
        }
        log(message())
    }

    /// Logs what a tool the user asked for did (a trace written), at the notice level.
    package static func notice(_ message: String) {
        logger.notice("\(message)")
    }

    /// Logs a warning about input that was accepted with a documented adjustment.
    package static func warning(_ message: String) {
        logger.warning("\(message)")
        remember(message)
    }

    /// The most recent messages, oldest first (at most `recentLimit`).
    static var recent: [String] { recentMessages.withLock { $0 } }

    /// How many messages `recent` keeps: enough that the full test suite, about 100 messages a
    /// second from parallel tests with bursts of hundreds, does not push out a message between the
    /// moment a test's code logs it and the moment the test looks for it.
    static let recentLimit = 1_000

    private static func remember(_ message: String) {
        capture?.messages.withLock { $0.append(message) }
        recentMessages.withLock {
            $0.append(message)
            if $0.count > recentLimit { $0.removeFirst($0.count - recentLimit) }
        }
    }
}
