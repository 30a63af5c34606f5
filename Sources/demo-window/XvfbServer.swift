import Foundation

/// An Xvfb server on a free display number, started for the tour when no display exists
/// and stopped again by its PID.
final class XvfbServer: @unchecked Sendable {
    let display: String
    private let server: ChildProcess

    /// Starts `Xvfb :N -screen 0 WxHx24` on the first free N from 90.
    init(width: Int = 1280, height: Int = 800) throws {
        let number = (90..<190).first { n in
            !FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock") && !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)")
        } ?? 190
        display = ":\(number)"
        do {
            server = try ChildProcess("/usr/bin/Xvfb", [display, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"])
        } catch {
            throw DemoError("could not start Xvfb (install it with ./scripts/install-deps.sh): \(error)")
        }
        // Ready once the server's socket exists.
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            usleep(50_000)
        }
        setenv("DISPLAY", display, 1)
    }

    /// Takes a screenshot of the whole screen with ImageMagick's `import`.
    func screenshot(to path: String) -> Bool {
        (try? ChildProcess("/usr/bin/import", ["-display", display, "-window", "root", path]).wait()) == 0
    }

    func stop() { server.stop() }
}

/// An error the demo reports as one line.
struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
