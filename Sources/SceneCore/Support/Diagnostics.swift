import Foundation
import Logging
import Synchronization

/// Where SceneCore reports bad input: a clear message through swift-log, never a crash.
///
/// The last messages are also kept so that tests can assert that an error was reported.
package enum Diagnostics {
    private static let logger = Logger(label: "SceneCore")
    private static let recentMessages = Mutex<[String]>([])

    /// Logs an error about input that was refused or replaced by a documented fallback.
    package static func error(_ message: String) {
        logger.error("\(message)")
        remember(message)
    }

    /// Logs a warning about input that was accepted with a documented adjustment.
    package static func warning(_ message: String) {
        logger.warning("\(message)")
        remember(message)
    }

    /// The most recent messages, oldest first (at most 100).
    static var recent: [String] { recentMessages.withLock { $0 } }

    private static func remember(_ message: String) {
        recentMessages.withLock {
            $0.append(message)
            if $0.count > 100 { $0.removeFirst($0.count - 100) }
        }
    }
}
