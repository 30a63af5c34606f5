import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// The demo's clicks, keys, typing and overlays, both presentation paths, its traces, several
/// windows in one process, a lost X connection and the tour without a display, in real X11
/// windows on private Xvfbs. Kept apart
/// from `WindowTests`, whose frame-timing tests run one after another, so that the two suites
/// run side by side.
@Suite(.serialized) struct WindowDemoTests: DemoWindowDriving {
    @Test func aClickIsHitTestedAgainstWhatIsOnScreenAndTheLayerReacts() throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let (demo, window) = try launch("hittest", on: server)
        defer { demo.stop() }
        // At 960x600 the grid's cells are 184 points: tile-0-0 is centred at (112, 116), and
        // tile-3-1, at (664, 300), holds tile-3-1.inner which holds tile-3-1.core.
        try expectScreen(server, 112, 116, (51, 102, 230, 255))
        try server.run("xdotool", ["mousemove", "--window", String(window), "112", "116", "click", "1"])
        #expect(demo.waitForLine(containing: "click at (112, 116): hit: tile-0-0") != nil)
        try server.run("xdotool", ["mousemove", "--window", String(window), "664", "300", "click", "1"])
        #expect(demo.waitForLine(containing: "click at (664, 300): hit: tile-3-1.core") != nil)
        try server.run("xdotool", ["mousemove", "--window", String(window), "5", "5", "click", "1"])
        #expect(demo.waitForLine(containing: "click at (5, 5): hit: nothing") != nil)
        // The click's colour change was committed at the end of the run-loop turn and drawn.
        try expectScreen(server, 112, 116, (250, 140, 26, 255))
        try expectScreenNow(server, 300, 116, (51, 102, 230, 255), name: "click-after")
    }

    @Test(arguments: ["egl", "glx"])
    func bothPresentationPathsDrawTheScene(api: String) throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let (demo, _) = try launch("gallery", on: server, extra: ["--presentation", api])
        defer { demo.stop() }
        #expect(demo.output.contains { $0.contains("via \(api.uppercased())") })
        try expectScreen(server, 60, 60, (51, 102, 230, 255))
        try expectScreenNow(server, 800, 500, (242, 242, 247, 255), name: "present-\(api)")
    }

    /// A wheel notch (button 5) scrolls the scroll scene's list by 40 points, a scroll and not a
    /// click; ↓ scrolls it one row more. Xvfb has XInput 2, so the pointer is read through it
    /// (xdotool's wheel has no scroll valuators: its notches are plain presses of button 5). At 960x600 the list starts at (24, 48) and the swatch
    /// of row i lies at content y 32 i + 6 ... 32 i + 26, x 32 ... 52.
    @Test func theWheelAndTheArrowKeysScrollTheList() throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let (demo, window) = try launch("scroll", on: server)
        defer { demo.stop() }
        #expect(demo.output.contains { $0.hasPrefix("window: 0x") && $0.hasSuffix(", XInput2 smooth scrolling") })
        try expectScreen(server, 42, 64, (51, 102, 230, 255))  // Row 0's blue swatch.
        try server.run("xdotool", ["mousemove", "--window", String(window), "400", "300", "click", "5"])
        #expect(demo.waitForLine(containing: "scroll: visibleRect y 40–568 of 6400: rows 1–17") != nil)
        // Screen y 64 is content y 56 now: row 1's orange swatch.
        try expectScreen(server, 42, 64, (250, 140, 26, 255))
        #expect(!demo.output.contains { $0.hasPrefix("click at") }, "the wheel is not a click")
        try server.run("xdotool", ["key", "--window", String(window), "Down"])
        #expect(demo.waitForLine(containing: "key 0xff54: visibleRect y 72–600") != nil)
        try expectScreen(server, 42, 64, (51, 179, 89, 255))  // Content y 88: row 2's green swatch.
    }

    /// The text-field scene takes the keys the viewer otherwise uses (n shows the next scene, q
    /// quits) once a click has focused its field, and a character composed with the Compose key
    /// (Right Alt under `setxkbmap -option compose:ralt`): typed text reaches the demo's layers.
    /// At 960x600 the field spans (40, 80) to (920, 124).
    @Test func theTextFieldSceneTakesTypedAndComposedText() throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        try #require(try server.run("setxkbmap", ["-option", "compose:ralt"]) == 0)
        let (demo, window) = try launch("text-field", on: server)
        defer { demo.stop() }
        try server.run("xdotool", ["mousemove", "--window", String(window), "200", "100", "click", "1"])
        #expect(demo.waitForLine(containing: "field focused") != nil)
        try server.run("xdotool", ["type", "--delay", "20", "nq"])
        try server.run(
            "xdotool",
            ["key", "--delay", "20", "Multi_key", "apostrophe", "e", "BackSpace", "Multi_key", "quotedbl", "u"])
        #expect(demo.waitForLine(containing: "field: \"nqü\"") != nil, "\(demo.output)")
        #expect(!demo.hasExited)
    }

    /// `f` shows the frame-rate overlay, a dark `CATextLayer` in the top-right corner, in any scene.
    @Test func theFrameRateOverlayTogglesWithF() throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let (demo, window) = try launch("gallery", on: server)
        defer { demo.stop() }
        let corner = (960 - 100, 20)
        try expectScreen(server, corner.0, corner.1, (242, 242, 247, 255))
        try server.run("xdotool", ["key", "--window", String(window), "f"])
        #expect(demo.waitForLine(containing: "frame-rate overlay on") != nil)
        // Black at 0.6 over the light background, where no glyph is.
        try expectScreen(server, 960 - 186, 12, (97, 97, 99, 255), tolerance: 4)
        try server.run("xdotool", ["key", "--window", String(window), "f"])
        #expect(demo.waitForLine(containing: "frame-rate overlay off") != nil)
        try expectScreen(server, 960 - 186, 12, (242, 242, 247, 255))
    }

    /// The gallery's caption and its debugging keys, in one window (each launch costs seconds):
    /// the caption in the bottom-left corner, dark under its text, hidden and shown again by
    /// `h`; the debug overlays' keys (b, o, v, g, l), each checked on screen by colour; and `i`,
    /// the inspector: hovering the first card names it and outlines it in the inspector's blue,
    /// and a click prints its path instead of reaching the scene.
    @Test func theCaptionTheDebugOverlaysAndTheInspectorToggleWithTheirKeys() throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let (demo, window) = try launch("gallery", on: server)
        defer { demo.stop() }
        // Black at 0.85 over the light background, right of the text.
        let caption: Pixel = (36, 36, 37, 255)
        try expectScreen(server, 540, 586, caption, tolerance: 4)
        try server.run("xdotool", ["key", "--window", String(window), "h"])
        #expect(demo.waitForLine(containing: "caption off") != nil)
        try expectScreen(server, 540, 586, (242, 242, 247, 255))
        try server.run("xdotool", ["key", "--window", String(window), "h"])
        #expect(demo.waitForLine(containing: "caption on") != nil)
        try expectScreen(server, 540, 586, caption, tolerance: 4)
        try server.run("xdotool", ["key", "--window", String(window), "i"])
        #expect(demo.waitForLine(containing: "inspector on") != nil)
        try server.run("xdotool", ["mousemove", "--window", String(window), "90", "70"])
        #expect(demo.waitForLine(containing: "inspect hover: CALayer") != nil)
        // The outline, 2 points wide on the card's left edge (x 20), over its dark border.
        try expectScreen(server, 21, 100, (26, 153, 255, 255))
        try server.run("xdotool", ["click", "--window", String(window), "1"])
        #expect(demo.waitForLine(containing: "inspect: CALayer › [0] CALayer") != nil, "\(demo.output)")
        #expect(!demo.output.contains { $0.hasPrefix("click at") }, "the click went to the scene")
        try server.run("xdotool", ["key", "--window", String(window), "i"])
        #expect(demo.waitForLine(containing: "inspector off") != nil)
        try expectScreen(server, 21, 100, (26, 26, 38, 255), tolerance: 6)
        func toggle(_ key: String, _ name: String, on: Bool) {
            _ = try? server.run("xdotool", ["key", "--window", String(window), key])
            #expect(demo.waitForLine(containing: "debug overlay \(name) \(on ? "on" : "off")") != nil)
        }
        toggle("b", "blended", on: true)
        // The opaque blue card (0.2, 0.4, 0.9) under green at half; the background (the clear
        // colour, 0.95, 0.95, 0.97) too.
        try expectScreen(server, 440, 230, (26, 179, 115, 255))
        try expectScreen(server, 900, 500, (121, 249, 124, 255))
        toggle("b", "blended", on: false)
        toggle("o", "offscreen", on: true)
        // Inside the box of the group-opacity pair, outside its cards: the background under yellow.
        try expectScreen(server, 300, 150, (247, 247, 148, 255))
        toggle("o", "offscreen", on: false)
        toggle("v", "overdraw", on: true)
        // The background alone: one write.
        try expectScreen(server, 900, 500, (64, 20, 5, 255))
        toggle("v", "overdraw", on: false)
        toggle("g", "frames", on: true)
        // The graph's panel in the bottom-left corner, right of the few frames drawn, above the caption.
        try expectScreen(server, 350, 526, (97, 97, 99, 255))
        toggle("g", "frames", on: false)
        try expectScreen(server, 350, 526, (242, 242, 247, 255))
        toggle("l", "borders", on: true)
        // The first card's outline, one point wide on its left edge, over its dark border.
        try expectScreen(server, 20, 100, (255, 51, 204, 255))
        toggle("l", "borders", on: false)
    }

    /// `u` flashes what each frame redraws: in the spinner scene, the box around the turning
    /// spinner turns magenta, while the still quads around it do not change.
    @Test func flashedRegionsShowWhatFramesRedraw() throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let (demo, window) = try launch("spinner", on: server)
        defer { demo.stop() }
        // The ring between the spinner (34 points from the centre at most) and the edge of the
        // box frames redraw (26 to 36 points from the centre, as it turns), and a still square
        // far from it.
        let centre = (x: 480, y: 300)
        let ring = (-30...30).flatMap { dx in (-30...30).map { (dx, $0) } }.filter { dx, dy in
            let r = (Double(dx * dx + dy * dy)).squareRoot()
            return r > 35 && max(abs(dx), abs(dy)) <= 30
        }
        /// How much more magenta than green the ring and the far square are, on average.
        func magenta(_ shot: CGImage) -> (ring: Double, far: Double) {
            func excess(_ x: Int, _ y: Int) -> Double {
                let p = shot.pixel(x: x, y: y)
                return (Double(p.r) + Double(p.b)) / 2 - Double(p.g)
            }
            let nearby = ring.map { excess(centre.x + $0.0, centre.y + $0.1) }.reduce(0, +) / Double(ring.count)
            let far = (100..<140).flatMap { x in (100..<140).map { excess(x, $0) } }.reduce(0, +) / 1600
            return (nearby, far)
        }
        Thread.sleep(forTimeInterval: 0.5)
        let before = magenta(try server.screenshotImage(name: "flash-off"))
        try server.run("xdotool", ["key", "--window", String(window), "u"])
        #expect(demo.waitForLine(containing: "debug overlay flash on") != nil)
        Thread.sleep(forTimeInterval: 0.5)
        let during = magenta(try server.screenshotImage(name: "flash-on"))
        #expect(during.ring > before.ring + 20, "the redrawn box flashes: \(before) → \(during)")
        #expect(abs(during.far - before.far) < 2, "the still quads do not: \(before) → \(during)")
    }

    /// `SCENECORE_TRACE` on a short benchmark: a JSON trace with the app thread's commits, layout
    /// and display, the render thread's frames and their steps, and an arrow from every commit
    /// to a frame that applied it.
    @Test func aTraceOfABenchmarkRunHoldsTheFramesAndTheirCommits() throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let demo = try DemoProcess(
            [
                "bench", "--scene", "stress", "--layers", "200", "--animation", "implicit", "--seconds", "1.5",
                "--warmup", "0.5",
            ],
            display: server.display, environment: ["SCENECORE_TRACE": url.path])
        defer { demo.stop() }
        #expect(demo.waitForExit(timeout: 60) == 0, "\(demo.output)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let events = try #require(object?["traceEvents"] as? [[String: Any]])
        let threads = Dictionary(
            events.filter { $0["name"] as? String == "thread_name" }.compactMap { event in
                (event["tid"] as? Int).flatMap { tid in
                    ((event["args"] as? [String: String])?["name"]).map { (tid, $0) }
                }
            }, uniquingKeysWith: { a, _ in a })
        /// The names of the slices recorded on the thread named `thread`.
        func slices(on thread: String) -> Set<String> {
            Set(
                events.filter { threads[$0["tid"] as? Int ?? -1] == thread && $0["ph"] as? String == "X" }.compactMap {
                    $0["name"] as? String
                })
        }
        #expect(slices(on: "main").isSuperset(of: ["commit", "layout", "display"]), "\(slices(on: "main")) \(threads)")
        #expect(
            slices(on: "SceneCoreRender").isSuperset(of: [
                "frame", "build", "apply", "animations", "walk", "GL submit", "present",
            ]), "\(slices(on: "SceneCoreRender")) \(threads)")
        let frames = events.filter { $0["name"] as? String == "frame" }.compactMap {
            ($0["args"] as? [String: Int])?["number"]
        }
        #expect(frames.count > 20 && frames == frames.sorted(), "frames numbered in order")
        // Every commit made while frames were drawn (not the one that built the scene before the
        // window showed it, nor one at the very end) reached a frame.
        let frameTimes = events.filter { $0["name"] as? String == "frame" }.compactMap { $0["ts"] as? Double }
        let (first, last) = (frameTimes.min() ?? 0, (frameTimes.max() ?? 0) - 100_000)
        let starts = Set(
            events.filter { event in
                event["ph"] as? String == "s" && (event["ts"] as? Double).map { $0 > first && $0 < last } == true
            }.compactMap { $0["id"] as? Int })
        let ends = Set(
            events.filter { $0["ph"] as? String == "f" && threads[$0["tid"] as? Int ?? -1] == "SceneCoreRender" }
                .compactMap { $0["id"] as? Int })
        #expect(starts.count >= 2 && starts.isSubset(of: ends), "\(starts.subtracting(ends)) never reached a frame")
    }

    @Test func severalWindowsInOneProcessCloseIndependently() throws {
        let server = try XvfbFixture()
        defer { server.stop() }
        let demo = try DemoProcess(
            ["show", "--scene", "clock", "--windows", "2", "--seconds", "30", "--print-stats"], display: server.display)
        defer { demo.stop() }
        var ids: [UInt] = []
        _ = waitUntilBlocking(timeout: .seconds(20), polling: .milliseconds(100)) {
            ids = demo.output.filter { $0.hasPrefix("window: 0x") }.compactMap { line in
                line.split(separator: " ").dropFirst().first.flatMap { UInt($0.dropFirst(2), radix: 16) }
            }
            return ids.count >= 2
        }
        try #require(ids.count == 2, "\(demo.output)")
        #expect(requestClose(window: ids[0], display: server.display))
        #expect(demo.waitForLine(containing: "window closed") != nil)
        // The other window's render thread goes on presenting the clock; the process stays up.
        let atClose = reportedFrames(demo, window: ids[1])
        #expect(
            waitUntilBlocking(polling: .milliseconds(100)) {
                reportedFrames(demo, window: ids[1]).count >= atClose.count + 2
            })
        let later = reportedFrames(demo, window: ids[1])
        #expect((later.last ?? 0) > (atClose.last ?? 0))
        #expect(!demo.hasExited)
        #expect(requestClose(window: ids[1], display: server.display))
        #expect(demo.waitForExit() == 0)
    }

    @Test func aLostXConnectionEndsTheDemoWithAClearErrorNotAHang() throws {
        let server = try XvfbFixture()
        let (demo, _) = try launch("static", on: server)
        defer { demo.stop() }
        try expectScreen(server, 1, 1, (242, 242, 247, 255))  // the first frame is on screen
        server.stop()
        #expect(demo.waitForLine(containing: "lost the connection to the X server") != nil)
        let status = demo.waitForExit(timeout: 10)
        #expect(status == 1)
    }

    /// A program that set `LayerWindow.onDisplayConnectionLost` is told, on its main thread,
    /// before it ends; the clock keeps its render thread presenting, so the loss is met inside
    /// Xlib there as well as by the event thread.
    @Test func aProgramThatAsksIsToldOfALostXConnectionBeforeItEnds() throws {
        let server = try XvfbFixture()
        let (demo, _) = try launch("clock", on: server, extra: ["--report-display-loss"])
        defer { demo.stop() }
        try expectScreen(server, 1, 1, (242, 242, 247, 255))  // the first frame is on screen
        let display = server.display
        server.stop()
        #expect(demo.waitForLine(containing: "display connection lost: \(display)") != nil, "\(demo.output)")
        #expect(demo.output.contains { $0.contains("lost the connection to the X server \(display)") })
        #expect(demo.waitForExit(timeout: 10) == 1)
    }

    @Test func withoutADisplayTheDemoToursItsScenesUnderItsOwnXvfb() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenecore-tour-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Five scenes (every scene is built and drawn headlessly by DemoSceneTests): the tour of
        // all of them takes 40 s.
        let scenes = ["gallery", "perspective", "clock", "hittest", "stress"]
        let demo = try DemoProcess(
            ["--tour-directory", directory.path, "--tour-scenes", scenes.joined(separator: ",")], display: nil)
        defer { demo.stop() }
        #expect(demo.waitForExit(timeout: 90) == 0, "\(demo.output)")
        #expect(demo.output.contains { $0.contains("starting Xvfb") })
        for scene in scenes {
            let shot = directory.appendingPathComponent("\(scene).png")
            #expect(FileManager.default.fileExists(atPath: shot.path), "no screenshot of \(scene)")
        }
        // The gallery's rounded blue layer is on its screenshot at (60, 60).
        let gallery = try CGImage.load(contentsOf: directory.appendingPathComponent("gallery.png"))
        expectPixel(gallery, 60, 60, (51, 102, 230, 255), tolerance: Self.screenTolerance)
        let summary = try String(contentsOf: directory.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("fps="))
        #expect(demo.output.contains { $0.contains("summary.md") })
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
