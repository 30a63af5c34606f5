import Foundation
import GLBackend
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import SceneMedia

/// Live video: the machine's cameras through GStreamer's device monitor (none here, nor in CI),
/// the test pattern standing in for one behind the same pipeline, a session's frames reaching a
/// preview layer on the render side, and sessions that cannot run.
@Suite(.serialized) struct CaptureTests {
    /// Whether this machine has a V4L2 device; the tests that expect none skip their check then.
    static let hasCamera = FileManager.default.fileExists(atPath: "/dev/video0")

    @Test func withoutCamerasOrTheTestPatternNoDeviceIsListed() {
        AVCaptureDevice.includesTestPattern = false
        let session = AVCaptureDevice.DiscoverySession(
            deviceTypes: [.builtInWideAngleCamera, .external], mediaType: .video, position: .unspecified)
        #expect(!session.devices.contains { $0.uniqueID == AVCaptureDevice.testPatternUniqueID })
        if !Self.hasCamera {
            #expect(session.devices.isEmpty)
            #expect(AVCaptureDevice.default(for: .video) == nil)
            #expect(AVCaptureDevice(uniqueID: AVCaptureDevice.testPatternUniqueID) == nil)
        }
        #expect(AVCaptureDevice.authorizationStatus(for: .video) == .authorized)
    }

    @Test func theTestPatternIsListedLastAndFoundByType() throws {
        AVCaptureDevice.includesTestPattern = true
        defer { AVCaptureDevice.includesTestPattern = false }
        let device = try #require(
            AVCaptureDevice.DiscoverySession(deviceTypes: [.external], mediaType: .video, position: .unspecified)
                .devices.last)
        #expect(device.uniqueID == AVCaptureDevice.testPatternUniqueID)
        #expect(device.localizedName == "SceneCore Test Pattern")
        #expect(device.hasMediaType(.video) && !device.hasMediaType(.audio))
        #expect(device.isConnected)
        #expect(AVCaptureDevice(uniqueID: AVCaptureDevice.testPatternUniqueID)?.localizedName == device.localizedName)
        #expect(AVCaptureDevice.default(.external, for: .video, position: .unspecified) != nil)
        if !Self.hasCamera {
            #expect(AVCaptureDevice.default(for: .video)?.uniqueID == AVCaptureDevice.testPatternUniqueID)
            #expect(
                AVCaptureDevice.DiscoverySession(
                    deviceTypes: [.builtInWideAngleCamera], mediaType: .video, position: .unspecified
                ).devices.isEmpty)
        }
    }

    /// The test pattern's moving ball reaches a preview layer: two frames rendered a few tenths of
    /// a second apart differ, and both show the pattern's dark field; stopping keeps the last frame.
    @Test func aPreviewLayerShowsTheTestPatternMoving() async throws {
        AVCaptureDevice.includesTestPattern = true
        defer { AVCaptureDevice.includesTestPattern = false }
        let device = try #require(AVCaptureDevice(uniqueID: AVCaptureDevice.testPatternUniqueID))
        let session = AVCaptureSession()
        session.sessionPreset = .low
        let input = try AVCaptureDeviceInput(device: device)
        #expect(session.canAddInput(input))
        session.addInput(input)
        #expect(!session.canAddInput(try AVCaptureDeviceInput(device: device)))
        let layer = AVCaptureVideoPreviewLayer(session: session)
        layer.frame = CGRect(x: 0, y: 0, width: 192, height: 144)
        layer.videoGravity = .resize
        let root = CALayer()
        root.frame = layer.frame
        root.addSublayer(layer)
        session.startRunning()
        defer { session.stopRunning() }
        #expect(session.isRunning && layer.isPreviewing)
        let feed = layer.picture.feed
        #expect(await waitUntil { feed.statistics.received >= 3 })
        #expect(feed.presentationSize == CGSize(width: 192, height: 144))
        let renderer = try OffscreenRenderer(width: 192, height: 144)
        let first = try renderer.render(root)
        #expect(await waitUntil { feed.statistics.received >= 12 })
        let later = try renderer.render(root)
        #expect(largestDifference(first, later) > 100, "the ball moved")
        // The field, away from the ball's path at the corners, is the pattern's background.
        expectPixel(first, 2, 2, (32, 40, 48, 255), tolerance: 6)
        session.stopRunning()
        #expect(!session.isRunning)
        let kept = try renderer.render(root)
        try await Task.sleep(for: .milliseconds(300))
        #expect(largestDifference(kept, try renderer.render(root)) == 0, "a stopped session keeps its frame")
    }

    @Test func aSessionWithoutAnInputPostsARuntimeErrorAndDoesNotRun() async throws {
        let session = AVCaptureSession()
        let errors = Locked<[String]>([])
        let observer = NotificationCenter.default.addObserver(
            forName: .AVCaptureSessionRuntimeError, object: session, queue: nil
        ) { note in
            let error = note.userInfo?[AVCaptureSessionErrorKey] as? NSError
            errors.withLock { $0.append(error?.localizedDescription ?? "none") }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        session.startRunning()
        #expect(!session.isRunning)
        #expect(await waitUntil { !errors.withLock { $0 }.isEmpty })
        #expect(errors.withLock { $0 } == ["The capture session cannot run: the session has no camera input"])
    }

    @Test func presetsScaleTheFramesAndPointsConvertUnderTheGravity() {
        #expect(AVCaptureSession.Preset.vga640x480.size! == (640, 480))
        #expect(AVCaptureSession.Preset.high.size == nil)
        let session = AVCaptureSession()
        #expect(session.sessionPreset == .high)
        #expect(session.canSetSessionPreset(.hd1280x720))
        #expect(!session.canSetSessionPreset(AVCaptureSession.Preset("AVCaptureSessionPresetPhoto")))
        let layer = AVCaptureVideoPreviewLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        layer.picture.feed.enqueue(
            VideoFrame(
                copying: [
                    [UInt8](repeating: 0, count: 64 * 64), [UInt8](repeating: 128, count: 1024),
                    [UInt8](repeating: 128, count: 1024),
                ],
                format: .i420, width: 64, height: 64, time: 0)!)
        // A square picture fitted into 200x100: x 50...150.
        #expect(layer.captureDevicePointConverted(fromLayerPoint: CGPoint(x: 100, y: 50)) == CGPoint(x: 0.5, y: 0.5))
        #expect(layer.layerPointConverted(fromCaptureDevicePoint: CGPoint(x: 0, y: 1)) == CGPoint(x: 50, y: 100))
    }
}
