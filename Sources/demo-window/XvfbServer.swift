import Foundation

/// An Xvfb server on a display number it picks itself (`-displayfd`), for the tour when no
/// display exists and for the window tests; stopped again by its PID.
final class XvfbServer: @unchecked Sendable {
    /// The display name, for example ":3".
    let display: String
    private let server: ChildProcess

    /// Starts `Xvfb -displayfd … -screen 0 WxHx24 -noreset` and waits until it reports its display
    /// number (it does so once it accepts connections). `-noreset` keeps the server from resetting,
    /// and briefly refusing connections, each time its last client disconnects; `resetsWhenIdle`
    /// leaves it out, as a plain `Xvfb :1` does (for the tests of that case).
    init(width: Int = 1280, height: Int = 800, resetsWhenIdle: Bool = false) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw DemoError("could not create a pipe for Xvfb") }
        defer { close(fds[0]) }
        do {
            server = try ChildProcess(
                "/usr/bin/Xvfb",
                ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
                    + (resetsWhenIdle ? [] : ["-noreset"]),
                outputDescriptor: fds[1])
        } catch {
            close(fds[1])
            throw DemoError("could not start Xvfb (install it with ./scripts/install-deps.sh): \(error)")
        }
        close(fds[1])
        guard let number = Self.readDisplayNumber(from: fds[0]) else {
            server.stop()
            throw DemoError("Xvfb did not report a display number")
        }
        display = ":\(number)"
    }

    /// Reads Xvfb's output until a line that is only a number (its display), or end of file.
    private static func readDisplayNumber(from descriptor: Int32) -> Int? {
        var text = ""
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) == 1 {
            if byte == UInt8(ascii: "\n") {
                if let number = Int(text.trimmingCharacters(in: .whitespaces)) { return number }
                text = ""
            } else {
                text.append(Character(UnicodeScalar(byte)))
            }
        }
        return nil
    }

    /// Takes a screenshot of the whole screen with ImageMagick's `import`.
    func screenshot(to path: String) -> Bool {
        (try? ChildProcess("/usr/bin/import", ["-display", display, "-window", "root", path]).wait()) == 0
    }

    /// Runs a tool (xdotool, import) against this display and waits for it; returns its exit status.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        try ChildProcess("/usr/bin/\(tool)", arguments, environment: ["DISPLAY": display]).wait()
    }

    func stop() { server.stop() }
}

/// An error the demo reports as one line.
struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
