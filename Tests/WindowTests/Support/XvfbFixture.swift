import Foundation
@testable import demo_window

/// An Xvfb server on a free display number for one test, stopped by its PID.
final class XvfbFixture {
    let display: String
    private let server: ChildProcess

    init(width: Int = 1280, height: Int = 800) throws {
        let number = (100..<400).first { n in
            !FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock") && !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)")
        }!
        display = ":\(number)"
        server = try ChildProcess("/usr/bin/Xvfb", [display, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"])
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            usleep(50_000)
        }
    }

    private var stopped = false

    /// Stops the server (after the clients of a test have ended). Safe to call twice.
    func stop() {
        guard !stopped else { return }
        stopped = true
        server.stop()
    }

    deinit { stop() }

    /// Runs a tool (xdotool, import) against this display and waits for it; returns its exit status.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        try ChildProcess("/usr/bin/\(tool)", arguments, environment: ["DISPLAY": display]).wait()
    }

    /// A screenshot of the whole screen.
    func screenshot(name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenecore-\(name)-\(getpid()).png")
        try run("import", ["-display", display, "-window", "root", url.path])
        return url
    }
}
