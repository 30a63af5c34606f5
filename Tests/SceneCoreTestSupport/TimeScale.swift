import Foundation

/// How many times slower than a plain debug build the tests run here: the value of
/// `SCENECORE_TEST_TIME_SCALE`, or 1 when it is unset or not a positive number.
/// `scripts/sanitize.sh` sets it, since code under ThreadSanitizer or AddressSanitizer runs
/// several times slower. Every deadline `waitUntil` and `waitUntilBlocking` wait for, and every
/// time budget a test expects (`timeBudget(_:)`), is stretched by it.
public let testTimeScale: Double = {
    guard let text = ProcessInfo.processInfo.environment["SCENECORE_TEST_TIME_SCALE"],
        let scale = Double(text), scale.isFinite, scale > 0
    else { return 1 }
    return scale
}()

/// A budget of `seconds` of wall-clock time, stretched by `testTimeScale`.
public func timeBudget(_ seconds: Double) -> Double { seconds * testTimeScale }
