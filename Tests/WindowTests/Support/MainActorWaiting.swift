import Foundation
import SceneCoreTestSupport

/// Waits on the main actor until `condition` holds, for up to `timeout` seconds (stretched by
/// `testTimeScale`); returns whether it held. Between polls the main actor is free, so the
/// blocks a window queues on the main queue (its events) run.
@MainActor
func waitOnMainActor(timeout: TimeInterval = 10, until condition: () -> Bool) async -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeBudget(timeout))
    while !condition() && Date() < deadline {
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
