import Foundation
import Testing
@testable import GLBackend
@testable import SceneCore

/// The demo in a real X11 window on a private Xvfb, driven with xdotool like a user would.
@Suite(.serialized) struct WindowTests {
    /// Starts the demo showing `scene` and returns it with its window id, once it has drawn.
    private func launch(_ scene: String, on server: XvfbFixture, extra: [String] = []) throws -> (DemoProcess, UInt) {
        let demo = try DemoProcess(["show", "--scene", scene, "--seconds", "30"] + extra, display: server.display)
        let line = try #require(demo.waitForLine(containing: "window: 0x"), "the demo did not open a window: \(demo.output)")
        let hex = try #require(line.split(separator: " ").first { $0.hasPrefix("0x") }?.dropFirst(2))
        let id = try #require(UInt(hex, radix: 16))
        try #require(demo.waitForLine(containing: "scene: \(scene)") != nil)
        usleep(500_000)  // the first frame
        return (demo, id)
    }

    /// Takes screenshots until the pixel at (x, y) is near `expected` (the frame may still be on
    /// its way on a loaded machine), for up to `timeout` seconds; returns the last pixel seen.
    @discardableResult
    private func waitForPixel(_ server: XvfbFixture, _ x: Int, _ y: Int, _ expected: (Int, Int, Int),
                              timeout: Double = 10) throws -> (Int, Int, Int) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var seen = try pixel(server.screenshot(name: "wait"), x, y)
        while !near(seen, expected) && Date() < deadline {
            usleep(200_000)
            seen = try pixel(server.screenshot(name: "wait"), x, y)
        }
        return seen
    }

    private func pixel(_ url: URL, _ x: Int, _ y: Int) throws -> (Int, Int, Int) {
        let p = try CGImage.load(contentsOf: url).pixel(x: x, y: y)
        return (Int(p.r), Int(p.g), Int(p.b))
    }

    private func near(_ a: (Int, Int, Int), _ b: (Int, Int, Int), _ tolerance: Int = 3) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
    }

    @Test func aClickIsHitTestedAgainstWhatIsOnScreenAndTheLayerReacts() throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let (demo, window) = try launch("hittest", on: server)
        defer { demo.stop() }
        // At 960x600 the grid's cells are 184 points: tile-0-0 is centred at (112, 116), and
        // tile-3-1, at (664, 300), holds tile-3-1.inner which holds tile-3-1.core.
        #expect(near(try waitForPixel(server, 112, 116, (51, 102, 230)), (51, 102, 230)))
        try server.run("xdotool", ["mousemove", "--window", String(window), "112", "116", "click", "1"])
        #expect(demo.waitForLine(containing: "click at (112, 116): hit: tile-0-0") != nil)
        try server.run("xdotool", ["mousemove", "--window", String(window), "664", "300", "click", "1"])
        #expect(demo.waitForLine(containing: "click at (664, 300): hit: tile-3-1.core") != nil)
        try server.run("xdotool", ["mousemove", "--window", String(window), "5", "5", "click", "1"])
        #expect(demo.waitForLine(containing: "click at (5, 5): hit: nothing") != nil)
        // The click's colour change was committed at the end of the run-loop turn and drawn.
        #expect(near(try waitForPixel(server, 112, 116, (250, 140, 26)), (250, 140, 26)))
        #expect(near(try pixel(server.screenshot(name: "click-after"), 300, 116), (51, 102, 230)))
    }

    @Test(arguments: ["egl", "glx"])
    func bothPresentationPathsDrawTheScene(api: String) throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let (demo, _) = try launch("gallery", on: server, extra: ["--presentation", api])
        defer { demo.stop() }
        #expect(demo.output.contains { $0.contains("via \(api.uppercased())") })
        #expect(near(try waitForPixel(server, 60, 60, (51, 102, 230)), (51, 102, 230)))
        let shot = try server.screenshot(name: "present-\(api)")
        #expect(near(try pixel(shot, 800, 500), (242, 242, 247)))
    }

    @Test func theRootLayerFollowsAResizedWindow() throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let (demo, window) = try launch("gallery", on: server)
        defer { demo.stop() }
        try server.run("xdotool", ["windowsize", String(window), "1200", "760"])
        #expect(demo.waitForLine(containing: "resized: 1200x760") != nil)
        // Beyond the old 960x600 the gallery's background shows only once the root layer has
        // followed the window and the render thread has drawn it at the new size.
        let background = (242, 242, 247)
        #expect(near(try waitForPixel(server, 1190, 750, background), background))
        #expect(near(try pixel(server.screenshot(name: "resize"), 1100, 300), background))
        // The scene's layers keep their places.
        #expect(near(try pixel(server.screenshot(name: "resize"), 60, 60), (51, 102, 230)))
    }

    @Test func aCloseRequestClosesTheWindowAndEndsTheDemo() throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let (demo, window) = try launch("gallery", on: server)
        defer { demo.stop() }
        #expect(requestClose(window: window, display: server.display))
        #expect(demo.waitForLine(containing: "window closed") != nil)
        #expect(demo.waitForExit() == 0)
    }

    @Test func aDestroyedWindowEndsTheDemoCleanly() throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let (demo, window) = try launch("gallery", on: server)
        defer { demo.stop() }
        try server.run("xdotool", ["windowclose", String(window)])
        #expect(demo.waitForLine(containing: "window closed") != nil)
        #expect(demo.waitForExit() == 0)
    }

    @Test func anIdleWindowPresentsNoFrames() throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let (demo, _) = try launch("gallery", on: server, extra: ["--print-stats"])
        defer { demo.stop() }
        #expect(demo.waitForLine(containing: "stats:") != nil)
        let frames = { () -> [Int] in
            demo.output.filter { $0.hasPrefix("stats:") }.compactMap { line in
                line.split(separator: " ").first { $0.hasPrefix("frames=") }.flatMap { Int($0.dropFirst(7)) }
            }
        }
        let deadline = Date(timeIntervalSinceNow: 10)
        while frames().count < 3 && Date() < deadline { usleep(100_000) }
        let counts = frames()
        try #require(counts.count >= 3, "stats lines: \(demo.output)")
        // Nothing changes after the first frames: over a second (and more) no frame is presented.
        #expect(counts[counts.count - 1] == counts[counts.count - 2])
        #expect(counts[counts.count - 2] == counts[counts.count - 3])
    }

    /// The frame counts the demo's `--print-stats` lines have reported so far.
    private func reportedFrames(_ demo: DemoProcess) -> [Int] {
        demo.output.filter { $0.hasPrefix("stats:") }.compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("frames=") }.flatMap { Int($0.dropFirst(7)) }
        }
    }

    /// The clock's hands turn by render-thread animations (no app-thread tick at all), the
    /// perspective cube by a `CADisplayLink` on the main run loop: either way the window keeps
    /// presenting frames, where a still scene presents none (`anIdleWindowPresentsNoFrames`).
    @Test(arguments: ["clock", "perspective"])
    func animatedScenesKeepTheWindowPresenting(scene: String) throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let (demo, _) = try launch(scene, on: server, extra: ["--print-stats"])
        defer { demo.stop() }
        let deadline = Date(timeIntervalSinceNow: 15)
        while reportedFrames(demo).count < 3 && Date() < deadline { usleep(100_000) }
        let counts = reportedFrames(demo)
        try #require(counts.count >= 3, "stats lines: \(demo.output)")
        // Stats come once a second: at 60 Hz, tens of frames each (fewer on a loaded machine).
        #expect(counts[counts.count - 1] - counts[counts.count - 2] >= 10)
        let first = try server.screenshot(name: "\(scene)-a")
        usleep(1_500_000)
        let second = try server.screenshot(name: "\(scene)-b")
        #expect(try Data(contentsOf: first) != Data(contentsOf: second), "the picture moved")
    }

    /// Resizing the real window lays the layout scene out again: autoresizing moves the badge to
    /// the new corner and stretches the constraint panel (whose layerB grows to 10 points above
    /// its bottom), and the cards' delegate reflows them from four columns into three.
    @Test func aResizedWindowIsLaidOutAgain() throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let (demo, window) = try launch("layout", on: server)
        defer { demo.stop() }
        let blue = (51, 102, 230), green = (51, 179, 89), orange = (250, 140, 26)
        // Four columns at 960x600: card 4 (blue) starts the second row, at (20, 156) in the window.
        #expect(near(try waitForPixel(server, 80, 196, blue), blue))
        try server.run("xdotool", ["windowsize", String(window), "740", "700"])
        #expect(demo.waitForLine(containing: "resized: 740x700") != nil)
        // Three columns: card 3 (green) moves there; the badge sits in the new bottom-right corner.
        #expect(near(try waitForPixel(server, 80, 196, green), green))
        #expect(near(try waitForPixel(server, 700, 660, orange), orange))
        // The panel (x 440..<660) grew to y 620: layerB (window x 500..<600) reaches y 610.
        #expect(near(try waitForPixel(server, 550, 605, orange), orange))
        #expect(near(try pixel(server.screenshot(name: "layout"), 550, 615), (255, 255, 255)), "the panel below layerB")
    }

    /// `f` shows the frame-rate overlay, a dark `CATextLayer` in the top-right corner, in any scene.
    @Test func theFrameRateOverlayTogglesWithF() throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let (demo, window) = try launch("gallery", on: server)
        defer { demo.stop() }
        let corner = (960 - 100, 20)
        #expect(near(try waitForPixel(server, corner.0, corner.1, (242, 242, 247)), (242, 242, 247)))
        try server.run("xdotool", ["key", "--window", String(window), "f"])
        #expect(demo.waitForLine(containing: "frame-rate overlay on") != nil)
        // Black at 0.6 over the light background, where no glyph is.
        let dark = try waitForPixel(server, 960 - 186, 12, (97, 97, 99))
        #expect(near(dark, (97, 97, 99), 4))
        try server.run("xdotool", ["key", "--window", String(window), "f"])
        #expect(demo.waitForLine(containing: "frame-rate overlay off") != nil)
        #expect(near(try waitForPixel(server, 960 - 186, 12, (242, 242, 247)), (242, 242, 247)))
    }

    @Test func severalWindowsInOneProcessCloseIndependently() throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let demo = try DemoProcess(["show", "--scene", "clock", "--windows", "2", "--seconds", "30", "--print-stats"], display: server.display)
        defer { demo.stop() }
        let deadline = Date(timeIntervalSinceNow: 20)
        var ids: [UInt] = []
        while ids.count < 2 && Date() < deadline {
            ids = demo.output.filter { $0.hasPrefix("window: 0x") }.compactMap { line in
                line.split(separator: " ").dropFirst().first.flatMap { UInt($0.dropFirst(2), radix: 16) }
            }
            usleep(100_000)
        }
        try #require(ids.count == 2, "\(demo.output)")
        #expect(requestClose(window: ids[0], display: server.display))
        #expect(demo.waitForLine(containing: "window closed") != nil)
        // The other window's render thread goes on presenting the clock; the process stays up.
        let second = "stats: window=0x\(String(ids[1], radix: 16))"
        let framesOfSecond = {
            demo.output.filter { $0.hasPrefix(second) }.compactMap { line in
                line.split(separator: " ").first { $0.hasPrefix("frames=") }.flatMap { Int($0.dropFirst(7)) }
            }
        }
        let atClose = framesOfSecond()
        usleep(2_500_000)
        let later = framesOfSecond()
        #expect(later.count >= atClose.count + 2)
        #expect((later.last ?? 0) > (atClose.last ?? 0))
        #expect(demo.waitForExit(timeout: 0.1) == nil)
        #expect(requestClose(window: ids[1], display: server.display))
        #expect(demo.waitForExit() == 0)
    }

    @Test func aLostXConnectionEndsTheDemoWithAClearErrorNotAHang() throws {
        let server = try XvfbFixture()
        let (demo, _) = try launch("static", on: server)
        defer { demo.stop() }
        server.stop()
        #expect(demo.waitForLine(containing: "lost the connection to the X server") != nil)
        let status = demo.waitForExit(timeout: 10)
        #expect(status != nil && status != 0)
    }

    @Test func withoutADisplayTheDemoToursEverySceneUnderItsOwnXvfb() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenecore-tour-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let demo = try DemoProcess(["--tour-directory", directory.path], display: nil)
        defer { demo.stop() }
        #expect(demo.waitForExit(timeout: 90) == 0, "\(demo.output)")
        #expect(demo.output.contains { $0.contains("starting Xvfb") })
        for scene in ["gallery", "perspective", "clock", "hittest", "stress"] {
            let shot = directory.appendingPathComponent("\(scene).png")
            #expect(FileManager.default.fileExists(atPath: shot.path), "no screenshot of \(scene)")
        }
        // The gallery's rounded blue layer is on its screenshot at (60, 60).
        let gallery = try CGImage.load(contentsOf: directory.appendingPathComponent("gallery.png"))
        #expect(near(pixelOf(gallery, 60, 60), (51, 102, 230)))
        let summary = try String(contentsOf: directory.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("fps="))
        #expect(demo.output.contains { $0.contains("summary.md") })
    }

    private func pixelOf(_ image: CGImage, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let p = image.pixel(x: x, y: y)
        return (Int(p.r), Int(p.g), Int(p.b))
    }

    @Test func noDisplayIsAClearErrorNamingTheHeadlessRenderer() throws {
        #expect {
            _ = try X11Connection(name: ":987")
        } throws: { error in
            let text = String(describing: error)
            return text.contains(":987") && text.contains("OffscreenRenderer")
        }
    }
}
