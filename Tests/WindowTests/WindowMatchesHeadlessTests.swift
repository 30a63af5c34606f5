import Foundation
import Testing

@testable import SceneCore

/// The window and the headless renderer run the same frame pipeline, so the same tree at the
/// same time gives the same pixels in both: measured on llvmpipe, all but about 300 of the
/// 576,000 pixels are equal, and those differ by one level of 255 on the half-covered
/// anti-aliased edges of 1.5-point borders (GLX and surfaceless EGL round those ties apart).
@Suite(.serialized) struct WindowMatchesHeadlessTests {
    @Test func theWindowAndTheHeadlessRendererDrawTheSamePixels() throws {
        // The static scene: 300 layers of every kind the renderer draws (rounded, bordered,
        // clipped, images under four gravities, groups, 2D and 3D transforms), none changing,
        // so any time shows the same frame.
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("scenecore-static-headless-\(getpid()).png").path
        let headless = try DemoProcess(["show", "--scene", "static", "--headless", "--output", path], display: nil)
        #expect(headless.waitForExit(timeout: 60) == 0, "\(headless.output)")
        let expected = try CGImage.load(contentsOf: URL(fileURLWithPath: path))

        let server = try XvfbFixture()
        defer { server.stop() }
        let demo = try DemoProcess(["show", "--scene", "static", "--seconds", "30"], display: server.display)
        defer { demo.stop() }
        try #require(demo.waitForLine(containing: "scene: static") != nil, "\(demo.output)")

        // The window draws its first frame once; wait until the screen shows it.
        var difference = Difference(differing: Int.max, largest: Int.max)
        let deadline = Date(timeIntervalSinceNow: 20)
        repeat {
            let shown = try CGImage.load(contentsOf: server.screenshot(name: "static-window"))
            difference = Difference(shown, expected)
        } while (difference.largest > 1 || difference.differing > 600) && Date() < deadline
        #expect(difference.largest <= 1, "the largest difference of a channel, in levels of 255")
        #expect(difference.differing <= 600, "pixels of the 960x600 frame (576,000) that differ at all")
    }

    /// How the colours of `expected` differ from the same pixels of `shown` (whose origin is the
    /// window's: the demo's window is the only one on the server, at 0, 0).
    private struct Difference {
        var differing: Int
        var largest: Int

        init(differing: Int, largest: Int) { (self.differing, self.largest) = (differing, largest) }

        init(_ shown: CGImage, _ expected: CGImage) {
            (differing, largest) = (0, 0)
            guard shown.width >= expected.width, shown.height >= expected.height else {
                (differing, largest) = (Int.max, Int.max)
                return
            }
            for y in 0..<expected.height {
                for x in 0..<expected.width {
                    let (a, b) = (shown.pixel(x: x, y: y), expected.pixel(x: x, y: y))
                    let channel = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                    if channel > 0 { differing += 1 }
                    largest = max(largest, channel)
                }
            }
        }
    }
}
