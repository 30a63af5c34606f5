import Foundation
import Testing

@testable import SceneCore

/// The window and the headless renderer run the same frame pipeline, so the same tree at the
/// same time gives the same pixels in both: measured on llvmpipe, all but about 300 of the
/// 576,000 pixels are equal, and those differ by one level of 255 on the half-covered
/// anti-aliased edges of 1.5-point borders (GLX and surfaceless EGL round those ties apart), and
/// two by two levels at anti-aliased corners of a rounded image (since the uniform fill, whose
/// coverage differs from the affine fill's in its last bits, moved about 35 pixels of each
/// frame by a level).
@Suite(.serialized) struct WindowMatchesHeadlessTests {
    @Test func theWindowAndTheHeadlessRendererDrawTheSamePixels() throws {
        // The static scene: 300 layers of every kind the renderer draws (rounded, bordered,
        // clipped, images under four gravities, groups, 2D and 3D transforms), none changing,
        // so any time shows the same frame.
        let expected = try headlessFrame(of: "static")
        let server = try XvfbFixture()
        defer { server.stop() }
        let demo = try show("static", on: server)
        defer { demo.stop() }

        // The window draws its first frame once; wait until the screen shows it.
        var difference = Difference(differing: Int.max, largest: Int.max)
        let deadline = Date(timeIntervalSinceNow: 20)
        repeat {
            let shown = try CGImage.load(contentsOf: server.screenshot(name: "static-window"))
            difference = Difference(shown, expected)
        } while (difference.largest > 2 || difference.differing > 600) && Date() < deadline
        #expect(difference.largest <= 2, "the largest difference of a channel, in levels of 255")
        #expect(difference.differing <= 600, "pixels of the 960x600 frame (576,000) that differ at all")
    }

    /// The spinner scene in a window draws and shows only the spinner's box each frame
    /// (GLX_MESA_copy_sub_buffer): after two seconds of such frames, everything outside that box,
    /// drawn once, still matches the headless renderer's whole frame, and the bench reports that
    /// a small part of the frames' pixels was redrawn.
    @Test func aWindowRedrawingOnlyTheSpinnerStillShowsTheWholeScene() throws {
        let expected = try headlessFrame(of: "spinner")
        let server = try XvfbFixture()
        defer { server.stop() }
        let demo = try show("spinner", on: server)
        defer { demo.stop() }
        Thread.sleep(forTimeInterval: 2)
        let shown = try CGImage.load(contentsOf: server.screenshot(name: "spinner-window"))
        // The spinner turns about the centre of the 960x600 window: a 48-point square reaches
        // 34 points from it at any angle.
        let spinner = CGRect(x: 480 - 40, y: 300 - 40, width: 80, height: 80)
        let difference = Difference(shown, expected, skipping: spinner)
        #expect(difference.largest <= 1, "the largest difference of a channel, in levels of 255")
        #expect(difference.differing <= 600, "pixels outside the spinner that differ at all")

        let bench = try DemoProcess(
            ["bench", "--scene", "spinner", "--seconds", "2", "--warmup", "1"], display: server.display)
        #expect(bench.waitForExit(timeout: 60) == 0, "\(bench.output)")
        let line = try #require(bench.output.first { $0.hasPrefix("bench=scenecore") })
        let redrawn = try #require(
            line.split(separator: " ").first { $0.hasPrefix("redrawn=") }.flatMap { Double($0.dropFirst(8)) })
        // A 1280x720 frame is 921,600 pixels; the spinner's damage is under 80 x 80 of them.
        #expect(redrawn < 0.02, "\(line)")
    }

    /// The frame the demo renders headlessly of `scene` (`show --headless`).
    private func headlessFrame(of scene: String) throws -> CGImage {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("scenecore-\(scene)-headless-\(getpid()).png").path
        let headless = try DemoProcess(["show", "--scene", scene, "--headless", "--output", path], display: nil)
        #expect(headless.waitForExit(timeout: 60) == 0, "\(headless.output)")
        return try CGImage.load(contentsOf: URL(fileURLWithPath: path))
    }

    /// The demo showing `scene` in a window on `server` for up to 30 s, once it says so.
    private func show(_ scene: String, on server: XvfbFixture) throws -> DemoProcess {
        let demo = try DemoProcess(["show", "--scene", scene, "--seconds", "30"], display: server.display)
        do {
            try #require(demo.waitForLine(containing: "scene: \(scene)") != nil, "\(demo.output)")
        } catch {
            demo.stop()
            throw error
        }
        return demo
    }

    /// How the colours of `expected` differ from the same pixels of `shown` (whose origin is the
    /// window's: the demo's window is the only one on the server, at 0, 0), outside `skipping`.
    private struct Difference {
        var differing: Int
        var largest: Int

        init(differing: Int, largest: Int) { (self.differing, self.largest) = (differing, largest) }

        init(_ shown: CGImage, _ expected: CGImage, skipping: CGRect = .null) {
            (differing, largest) = (0, 0)
            guard shown.width >= expected.width, shown.height >= expected.height else {
                (differing, largest) = (Int.max, Int.max)
                return
            }
            for y in 0..<expected.height {
                for x in 0..<expected.width where !skipping.contains(CGPoint(x: x, y: y)) {
                    let (a, b) = (shown.pixel(x: x, y: y), expected.pixel(x: x, y: y))
                    let channel = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                    if channel > 0 { differing += 1 }
                    largest = max(largest, channel)
                }
            }
        }
    }
}
