import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// What the window suites do with the demo on a private Xvfb: launch it showing a scene, wait
/// for the screen to show a pixel, read the frame counts it reports.
protocol DemoWindowDriving {}

extension DemoWindowDriving {
    /// The tolerance per channel of screen pixels.
    static var screenTolerance: Int { 3 }

    /// Starts the demo showing `scene` and returns it with its window id, once the window is on
    /// screen (viewable; tests that need what it draws wait for its pixels).
    func launch(_ scene: String, on server: XvfbFixture, extra: [String] = []) throws -> (DemoProcess, UInt) {
        let demo = try DemoProcess(["show", "--scene", scene, "--seconds", "30"] + extra, display: server.display)
        let line = try #require(
            demo.waitForLine(containing: "window: 0x"), "the demo did not open a window: \(demo.output)")
        let hex = try #require(line.split(separator: " ").first { $0.hasPrefix("0x") }?.dropFirst(2))
        let id = try #require(UInt(hex, radix: 16))
        try #require(demo.waitForLine(containing: "scene: \(scene)") != nil)
        try #require(waitUntilBlocking(polling: .milliseconds(20)) { server.isViewable(id) }, "the window is not shown")
        return (demo, id)
    }

    /// Expects the screen to show `expected` at (x, y), taking screenshots until it does (the
    /// frame may still be on its way on a loaded machine) for up to `timeout`.
    func expectScreen(
        _ server: XvfbFixture, _ x: Int, _ y: Int, _ expected: Pixel, tolerance: Int = screenTolerance,
        timeout: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var shot = try server.screenshotImage(name: "wait")
        _ = waitUntilBlocking(timeout: timeout, polling: .milliseconds(100)) {
            if isClose(shot.pixel(x: x, y: y), expected, tolerance: tolerance) { return true }
            shot = (try? server.screenshotImage(name: "wait")) ?? shot
            return false
        }
        expectPixel(shot, x, y, expected, tolerance: tolerance, sourceLocation: sourceLocation)
    }

    /// Expects the screen to show `expected` at (x, y) now, in a screenshot named `name`.
    func expectScreenNow(
        _ server: XvfbFixture, _ x: Int, _ y: Int, _ expected: Pixel, name: String, _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let shot = try server.screenshotImage(name: name)
        expectPixel(shot, x, y, expected, tolerance: Self.screenTolerance, comment, sourceLocation: sourceLocation)
    }

    /// The frame counts the demo's `--print-stats` lines have reported so far, of every window
    /// or of the window `window`.
    func reportedFrames(_ demo: DemoProcess, window: UInt? = nil) -> [Int] {
        let prefix = window.map { "stats: window=0x\(String($0, radix: 16))" } ?? "stats:"
        return demo.output.filter { $0.hasPrefix(prefix) }.compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("frames=") }.flatMap { Int($0.dropFirst(7)) }
        }
    }
}
