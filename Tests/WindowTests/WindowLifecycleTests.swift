import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

extension WindowTests {
    /// Windows opened and closed in the test's own process: what closing one releases, and
    /// what the next one finds. Nested in `WindowTests`, so they run one at a time with the
    /// other window tests, which would otherwise add threads and descriptors of their own.
    @MainActor @Suite struct WindowLifecycleTests {
        /// A 64x64 tree that keeps a window drawing: an image layer (one texture) turning forever.
        private func animatedTree() -> CALayer {
            let root = CALayer()
            root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            let image = CALayer()
            image.frame = CGRect(x: 16, y: 16, width: 32, height: 32)
            image.contents = Self.quadrants
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0.0
            turn.toValue = Double.pi * 2
            turn.duration = 1
            turn.repeatCount = .infinity
            image.add(turn, forKey: "turn")
            root.addSublayer(image)
            return root
        }

        private static let quadrants: CGImage = {
            let pixels = (0..<(8 * 8)).flatMap { i -> [UInt8] in i % 8 < 4 ? [230, 60, 60, 255] : [60, 90, 230, 255] }
            return CGImage(rgbaPixels: pixels, width: 8, height: 8)!
        }()

        /// Opens a window on `display` showing `animatedTree()` and waits until it has drawn it.
        private func openDrawnWindow(on display: String) throws -> LayerWindow {
            let window = try LayerWindow(width: 64, height: 64, layer: animatedTree(), display: display)
            let drawn = waitUntilBlocking(timeout: .seconds(20), polling: .milliseconds(2)) {
                window.statistics.framesPresented > 0
            }
            #expect(drawn, "the window presented no frame")
            #expect(window.statistics.textures == 1)
            return window
        }

        /// The finding of issue 12: an X server without `-noreset` (a plain `Xvfb :1`) resets
        /// when its last client disconnects and refuses connections meanwhile, and each window
        /// had the process's only connections, so about 30 % of the windows opened a few
        /// milliseconds after the last one closed failed with `noDisplay`. The process now holds
        /// a connection of its own to the server (`X11ServerHold`).
        @Test func aWindowOpenedJustAfterTheLastOneClosedConnects() throws {
            let server = try XvfbFixture(resetsWhenIdle: true)
            defer { server.stop() }
            for _ in 0..<20 {
                let window = try LayerWindow(width: 64, height: 64, display: server.display)
                window.close()
                // A few milliseconds of the run loop, as between the handler that closes a
                // window and the one that opens the next: time for the server to see the
                // window's connection go (and, without the held connection, to start resetting).
                RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.005))
            }
        }

        /// Opening and closing 100 windows in a row, each drawing an image, leaves no thread,
        /// texture or file descriptor behind.
        @Test func aHundredWindowsOpenedAndClosedLeaveNothingBehind() async throws {
            let server = try XvfbFixture()
            defer { server.stop() }
            // The first window makes what a process keeps once it has shown one: the held
            // connection to the server, Mesa's rasteriser threads and its shader-cache thread.
            try openDrawnWindow(on: server.display).close()
            let baseline = settledBaseline()
            #expect(baseline.windowThreads.isEmpty, "\(baseline)")
            for index in 0..<100 {
                let window = try openDrawnWindow(on: server.display)
                window.close()
                #expect(window.statistics.textures == 0, "window \(index)")
                #expect(window.statistics.textureBytes == 0, "window \(index)")
                // The main queue runs between windows: the suite holds the main actor, and
                // tests that run beside it wait for blocks they queued there (a full
                // `swift test` saw a completion block wait more than 10 s).
                await Task.yield()
            }
            let left = resourcesLeft(since: baseline)
            #expect(left.threads.isEmpty && left.descriptors.isEmpty, "left behind: \(left)")
        }

        /// Closing a window while its animation runs and a display link it times fires releases
        /// everything: its threads and descriptors, its textures, the window itself; the link,
        /// which the app owns, goes on at the display rate from its own timer.
        @Test func closingAWindowWhileAnimationsAndADisplayLinkRunReleasesEverything() throws {
            let server = try XvfbFixture()
            defer { server.stop() }
            try openDrawnWindow(on: server.display).close()
            let baseline = settledBaseline()

            var window: LayerWindow? = try openDrawnWindow(on: server.display)
            weak let closed = window
            nonisolated(unsafe) var ticks = 0
            let link = CADisplayLink { _ in ticks += 1 }
            link.add(to: .current, forMode: .default)
            defer { link.invalidate() }
            // The window presents a frame per refresh and times the link: ten ticks come.
            let framesBefore = window?.statistics.framesPresented ?? 0
            #expect(waitForTicks { ticks >= 10 })
            let statistics = try #require(window?.statistics)
            #expect(statistics.framesPresented > framesBefore + 5)

            window?.close()
            let final = try #require(window?.statistics)
            #expect(final.textures == 0)
            window = nil
            #expect(closed == nil, "the closed window is still referenced")
            let left = resourcesLeft(since: baseline)
            #expect(left.threads.isEmpty && left.descriptors.isEmpty, "left behind: \(left)")
            // No window times the link now; its fallback timer does.
            let ticksAtClose = ticks
            #expect(waitForTicks { ticks >= ticksAtClose + 10 })
        }

        /// What the process holds once the first window's own threads are no longer listed (the
        /// system may list an ended thread a moment after `close()` returns), waiting up to 10 s.
        private func settledBaseline() -> ProcessResources {
            var baseline = ProcessResources.current
            _ = waitUntilBlocking(timeout: .seconds(10), polling: .milliseconds(20)) {
                baseline = ProcessResources.current
                return baseline.windowThreads.isEmpty
            }
            return baseline
        }

        /// What the process holds that `baseline` did not, once it holds nothing more or 10 s
        /// (scaled) have passed. A closed window's threads have ended when `close()` returns, but
        /// the system may list them a moment longer, and Mesa ends a context's rasteriser and
        /// shader-cache threads on its own; suites running beside these (headless renderers in
        /// the same process) start and end such threads too.
        private func resourcesLeft(since baseline: ProcessResources) -> ProcessResources {
            var left = ProcessResources.current.added(since: baseline)
            _ = waitUntilBlocking(timeout: .seconds(10), polling: .milliseconds(20)) {
                left = ProcessResources.current.added(since: baseline)
                return left.threads.isEmpty && left.descriptors.isEmpty
            }
            return left
        }

        /// Runs the test thread's run loop (the link's) until `condition` holds, for up to ten seconds.
        private func waitForTicks(_ condition: () -> Bool) -> Bool {
            let deadline = Date(timeIntervalSinceNow: 10)
            while !condition() && Date() < deadline {
                RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.02))
            }
            return condition()
        }
    }
}
