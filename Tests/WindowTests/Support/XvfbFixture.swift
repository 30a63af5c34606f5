import Foundation
@testable import demo_window

/// A private Xvfb for one test (the demo's `XvfbServer`, which lets Xvfb pick a free display),
/// with the test's helpers for tools and screenshots.
final class XvfbFixture {
    private let server: XvfbServer
    private var stopped = false

    var display: String { server.display }

    init() throws { server = try XvfbServer() }

    /// Stops the server (after the clients of a test have ended). Safe to call twice.
    func stop() {
        guard !stopped else { return }
        stopped = true
        server.stop()
    }

    deinit { stop() }

    /// Runs a tool (xdotool, import) against this display and waits for it; returns its exit status.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> Int32 { try server.run(tool, arguments) }

    /// A screenshot of the whole screen.
    func screenshot(name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenecore-\(name)-\(getpid()).png")
        _ = server.screenshot(to: url.path)
        return url
    }
}
