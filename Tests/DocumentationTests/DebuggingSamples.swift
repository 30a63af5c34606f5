import Foundation
import GLBackend
import SceneCore
import SceneCoreTestSupport
import Testing

// The samples of "Debugging" (SceneCore.docc) for the debug overlays, frame traces and the
// inspector.

@Suite(.serialized) struct DebuggingSamples {
    @Test func drawsTheDebugOverlaysHeadlessly() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let glass = CALayer()
        glass.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        glass.backgroundColor = CGColor(gray: 0, alpha: 0.4)
        root.addSublayer(glass)

        let renderer = try OffscreenRenderer(width: 200, height: 100)
        renderer.debugOverlays = [.blendedLayers, .offscreenRendered]  // or SCENECORE_DEBUG=blended,offscreen
        let image = try renderer.render(root)

        let pixel = image.pixel(x: 50, y: 50)
        #expect(pixel.r > pixel.g, "the translucent layer is tinted red")
        #expect(image.pixel(x: 150, y: 50).g == 255, "the opaque background is tinted green")
    }

    @Test func recordsATrace() throws {
        frameTraceLock.lock()
        defer { frameTraceLock.unlock() }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sample-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let renderer = try OffscreenRenderer(width: 100, height: 100)

        FrameTrace.start(writingTo: url)  // or run the program with SCENECORE_TRACE=trace.json
        root.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        _ = try renderer.render(root)
        let events = try FrameTrace.stop()  // writes the file: open it in ui.perfetto.dev

        #expect((events ?? 0) > 0)
        #expect(FileManager.default.fileExists(atPath: url.path))
    }

    @MainActor @Test func describesALayerAsTheInspectorDoes() {
        let root = CALayer()
        root.name = "root"
        let badge = CALayer()
        badge.name = "badge"
        root.addSublayer(badge)

        print(LayerInspector.path(of: badge, under: root))  // CALayer "root" › [0] CALayer "badge"
        print(LayerInspector.summary(of: badge))  // class, name, frame, presentation values, animations

        #expect(LayerInspector.path(of: badge, under: root) == #"CALayer "root" › [0] CALayer "badge""#)
    }
}
