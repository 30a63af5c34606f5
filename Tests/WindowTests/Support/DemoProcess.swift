import Foundation
import SceneCore
import SceneCoreTestSupport

@testable import demo_window

/// The demo-window executable running on a test's X display, with its output collected line
/// by line on a reader thread.
final class DemoProcess: Sendable {
    private let child: ChildProcess
    private let lines = LineBuffer()
    private let exit = Locked<Int32?>(nil)

    /// The built demo-window next to the test bundle.
    static var executable: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("demo-window")
            .path
    }

    /// Starts the demo with `DISPLAY` set to `display`, or with no `DISPLAY` at all when it is nil,
    /// and the variables of `environment` set too.
    init(_ arguments: [String], display: String?, environment: [String: String] = [:]) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
        defer { close(fds[1]) }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        child = try ChildProcess(
            Self.executable, arguments,
            environment: environment.merging(display.map { ["DISPLAY": $0] } ?? [:]) { $1 },
            removing: display == nil ? ["DISPLAY"] : [],
            outputDescriptor: fds[1])
        let reader = fds[0]
        let collected = lines
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(reader, &buffer, buffer.count)
                if count <= 0 { break }
                collected.append(String(decoding: buffer[0..<count], as: UTF8.self))
            }
            close(reader)
        }
    }

    deinit { stop() }

    var output: [String] { lines.all }

    /// Waits up to `timeout` seconds for a line containing `text`; returns it.
    @discardableResult
    func waitForLine(containing text: String, timeout: Double = 20) -> String? {
        var line: String?
        _ = waitUntilBlocking(timeout: .seconds(timeout), polling: .milliseconds(50)) {
            line = output.first { $0.contains(text) }
            return line != nil
        }
        return line
    }

    /// Waits up to `timeout` seconds for the demo to end; returns its exit status.
    func waitForExit(timeout: Double = 20) -> Int32? {
        _ = waitUntilBlocking(timeout: .seconds(timeout), polling: .milliseconds(50)) { exitStatus() != nil }
        return exitStatus()
    }

    /// Whether the demo has ended, without waiting.
    var hasExited: Bool { exitStatus() != nil }

    /// Ends the demo if it is still running.
    func stop() {
        if exitStatus() == nil {
            child.stop()
            exit.withLock { $0 = $0 ?? 143 }
        }
    }

    private func exitStatus() -> Int32? {
        exit.withLock { known in
            if known == nil { known = child.exitStatus() }
            return known
        }
    }
}

/// Output lines collected from the reader thread.
private final class LineBuffer: Sendable {
    private let state = Locked<(lines: [String], partial: String)>(([], ""))

    func append(_ text: String) {
        state.withLock { state in
            var parts = (state.partial + text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            state.partial = parts.removeLast()
            state.lines += parts
        }
    }

    var all: [String] { state.withLock { $0.lines + ($0.partial.isEmpty ? [] : [$0.partial]) } }
}
