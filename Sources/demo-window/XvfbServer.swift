import Foundation

/// An Xvfb server on a free display number, started for the tour when no display exists
/// and stopped again by its PID.
final class XvfbServer: @unchecked Sendable {
    let display: String
    private let process: Process

    /// Starts `Xvfb :N -screen 0 WxHx24` on the first free N from 90.
    init(width: Int = 1280, height: Int = 800) throws {
        let number = (90..<190).first { !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock") } ?? 190
        display = ":\(number)"
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = [display, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
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
        let shot = Process()
        shot.executableURL = URL(fileURLWithPath: "/usr/bin/import")
        shot.arguments = ["-display", display, "-window", "root", path]
        shot.standardError = FileHandle.nullDevice
        guard (try? shot.run()) != nil else { return false }
        shot.waitUntilExit()
        return shot.terminationStatus == 0
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

/// An error the demo reports as one line.
struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
