import CSceneCoreX11
import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

extension WindowTests {
    /// A window on a display whose `Xft.dpi` is 192 draws two pixels per point; nested in
    /// `WindowTests`, so it runs one at a time with the other window tests.
    @MainActor @Suite struct WindowScaleTests {
        private static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        private static let ink = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

        /// A white 100x60 tree: a 1-point black line across at y 20...21 (a `CAShapeLayer`'s
        /// stroke) and black text from (10, 28).
        private func tree() -> (root: CALayer, text: CATextLayer) {
            let root = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 60), Self.white)
            let line = CAShapeLayer()
            line.frame = root.bounds
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 5, y: 20.5))
            path.addLine(to: CGPoint(x: 95, y: 20.5))
            line.path = path
            line.strokeColor = Self.ink
            line.lineWidth = 1
            root.addSublayer(line)
            let text = textLayer()
            root.addSublayer(text)
            return (root, text)
        }

        private func textLayer() -> CATextLayer {
            let text = CATextLayer()
            text.frame = CGRect(x: 10, y: 28, width: 80, height: 26)
            text.string = "Sharp Ag"
            text.fontSize = 18
            text.foregroundColor = Self.ink
            return text
        }

        /// `Xft.dpi: 192` makes the scale 2 (`SCENECORE_SCALE`, given, overrides it): the window
        /// is 200x120 pixels for its 100x60 points, the 1-point line is two rows of pixels
        /// with no grey beside them, and the text's pixels are those of the headless renderer
        /// drawing it at `contentsScale` 2. `Xft.dpi: 96` then brings the scale back to 1.
        @Test func xftDPI192DrawsTextAndShapesAtTwoPixelsAPoint() async throws {
            let server = try XvfbFixture()
            defer { server.stop() }
            try server.mergeResources("Xft.dpi: 192\n")
            let probe = try #require(XOpenDisplay(server.display))
            defer { XCloseDisplay(probe) }
            #expect(DisplayScale.read(probe, centre: .zero, environment: [:]).scale == 2)
            let overridden = DisplayScale.read(probe, centre: .zero, environment: ["SCENECORE_SCALE": "1.5"])
            #expect(overridden.scale == 1.5 && overridden.source == .environment)

            let (root, text) = tree()
            let window = try LayerWindow(width: 100, height: 60, layer: root, display: server.display)
            defer { window.close() }
            #expect(window.contentsScale == 2 && window.size == CGSize(width: 100, height: 60))
            #expect(text.contentsScale == 2, "the window gave its tree its scale")
            var attributes = XWindowAttributes()
            XGetWindowAttributes(probe, Window(window.windowID), &attributes)
            #expect(attributes.width == 200 && attributes.height == 120)

            // The line covers pixel rows 40 and 41, fully; rows 39 and 42 stay white.
            // (Black until the first frame: the root's white first.)
            let shot = try await screenshot(of: server) {
                $0.pixel(x: 100, y: 30).r > 225 && $0.pixel(x: 100, y: 40).r < 30
            }
            for (row, dark) in [(39, false), (40, true), (41, true), (42, false)] {
                expectPixel(shot, 100, row, dark ? (0, 0, 0, 255) : (255, 255, 255, 255), tolerance: 8)
            }
            // The text, as the headless renderer draws a twin at contentsScale 2.
            let twin = textLayer()
            twin.contentsScale = 2
            let expected = try renderedDrawing(of: twin, over: Self.white)
            var differing = 0
            var inked = 0
            for y in 0..<expected.height {
                for x in 0..<expected.width {
                    let (a, b) = (shot.pixel(x: 20 + x, y: 56 + y), expected.pixel(x: x, y: y))
                    if b.r < 128 { inked += 1 }
                    if abs(Int(a.r) - Int(b.r)) > 8 || abs(Int(a.g) - Int(b.g)) > 8 { differing += 1 }
                }
            }
            #expect(inked > 300, "the twin's text has \(inked) dark pixels")
            #expect(differing <= 20, "\(differing) of the text's \(expected.width * expected.height) pixels differ")

            var changes: [CGFloat] = []
            window.onScaleChange = { changes.append($0) }
            try server.mergeResources("Xft.dpi: 96\n")
            #expect(await waitOnMainActor { window.contentsScale == 1 }, "the scale did not follow Xft.dpi")
            #expect(changes == [1] && text.contentsScale == 1)
            // The window keeps its size in points: 100x60 pixels now.
            #expect(await waitOnMainActor { window.size == CGSize(width: 100, height: 60) }, "\(window.size)")
            let after = try await screenshot(of: server) {
                $0.pixel(x: 50, y: 20).r < 30 && $0.pixel(x: 50, y: 21).r > 225 && $0.pixel(x: 50, y: 19).r > 225
            }
            expectPixel(after, 50, 20, (0, 0, 0, 255), tolerance: 8)
            expectPixel(after, 50, 21, (255, 255, 255, 255), tolerance: 8)
        }

        /// A screenshot once `shows` holds of one (the frame may still be on its way), or the
        /// last taken after 10 s.
        private func screenshot(of server: XvfbFixture, until shows: (CGImage) -> Bool) async throws -> CGImage {
            var shot = try server.screenshotImage(name: "scale")
            _ = await waitOnMainActor {
                if shows(shot) { return true }
                shot = (try? server.screenshotImage(name: "scale")) ?? shot
                return false
            }
            return shot
        }
    }
}
