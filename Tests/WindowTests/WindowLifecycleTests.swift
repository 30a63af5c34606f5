import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

extension WindowTests {
    /// Windows opened and closed in the test's own process. Nested in `WindowTests`, so they
    /// run one at a time with the other window tests.
    @MainActor @Suite struct WindowLifecycleTests {
        /// The finding of issue 12: an X server without `-noreset` (a plain `Xvfb :1`) resets
        /// when its last client disconnects and refuses connections meanwhile, and each window
        /// had the process's only connections, so about 30 % of the windows opened a few
        /// milliseconds after the last one closed failed with `noDisplay`. The process now holds
        /// a connection of its own to the server (`X11ServerHold`).
        @Test func aWindowOpenedJustAfterTheLastOneClosedConnects() throws {
            let server = try XvfbFixture(resetsWhenIdle: true)
            defer { server.stop() }
            for _ in 0..<20 {
                let window = try LayerWindow(width: 64, height: 64, display: server.display)
                window.close()
                // A few milliseconds of the run loop, as between the handler that closes a
                // window and the one that opens the next: time for the server to see the
                // window's connection go (and, without the held connection, to start resetting).
                RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.005))
            }
        }
    }
}
