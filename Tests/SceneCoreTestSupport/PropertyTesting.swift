import Dispatch
import Foundation

/// How many random cases a property test runs: `ciDefault` unless the environment variable
/// `SCENECORE_PROPERTY_CASES` asks for more (or fewer), to run the property tests longer locally:
/// `SCENECORE_PROPERTY_CASES=20000 swift test --skip-build --filter Property`.
public func propertyCaseCount(ciDefault: Int) -> Int {
    ProcessInfo.processInfo.environment["SCENECORE_PROPERTY_CASES"].flatMap { Int($0) }.map { max($0, 1) }
        ?? ciDefault
}

/// Runs `body`, and ends the process with `description()` on standard error if it has not
/// returned after `seconds` (stretched by `timeBudget` under a sanitizer): a hang in synchronous code cannot be cancelled, and a test run
/// that stops with the case that hung beats one that never ends.
public func withTimeLimit<T>(
    _ seconds: Double, describing description: @escaping @Sendable () -> String, _ body: () throws -> T
) rethrows -> T {
    // Stretched under a sanitizer, where a case runs several times slower (`timeBudget`).
    let limit = timeBudget(seconds)
    let watchdog = DispatchWorkItem {
        FileHandle.standardError.write(Data("Time limit of \(limit) s exceeded by:\n\(description())\n".utf8))
        fatalError("a property test case hung (its input is above)")
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
    defer { watchdog.cancel() }
    return try body()
}
