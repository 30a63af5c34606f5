import CSceneCoreX11
import Foundation
import SceneCore

@testable import demo_window

/// A private Xvfb for one test (the demo's `XvfbServer`, which lets Xvfb pick a free display),
/// with the test's helpers for tools and screenshots.
final class XvfbFixture {
    private let server: XvfbServer
    private var stopped = false

    var display: String { server.display }

    /// - Parameter resetsWhenIdle: start the server without `-noreset`, so that it resets (and
    ///   briefly refuses connections) whenever its last client disconnects, as a plain `Xvfb :1` does.
    init(resetsWhenIdle: Bool = false) throws { server = try XvfbServer(resetsWhenIdle: resetsWhenIdle) }

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

    /// Merges `resources` (lines such as `Xft.dpi: 192`) into the server's resource database
    /// (the root window's RESOURCE_MANAGER), as `xrdb -merge` does for a desktop's settings.
    func mergeResources(_ resources: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenecore-xrdb-\(getpid()).txt")
        try resources.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let status = try run("xrdb", ["-nocpp", "-merge", file.path])
        guard status == 0 else { throw POSIXError(.EIO) }
    }

    /// A screenshot of the whole screen.
    func screenshot(name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenecore-\(name)-\(getpid()).png")
        _ = server.screenshot(to: url.path)
        return url
    }

    /// A screenshot of the whole screen, decoded.
    func screenshotImage(name: String) throws -> CGImage {
        try CGImage.load(contentsOf: screenshot(name: name))
    }

    /// Whether `window` is mapped and viewable on this display: shown, though what it draws may
    /// still be on its way. False for a window that does not exist.
    func isViewable(_ window: UInt) -> Bool {
        guard let connection = XOpenDisplay(display) else { return false }
        defer { XCloseDisplay(connection) }
        // Xlib's default handler ends the process on an error such as BadWindow.
        let previous = XSetErrorHandler { _, _ in 0 }
        defer { XSetErrorHandler(previous) }
        var attributes = XWindowAttributes()
        return XGetWindowAttributes(connection, Window(window), &attributes) != 0 && attributes.map_state == IsViewable
    }
}
