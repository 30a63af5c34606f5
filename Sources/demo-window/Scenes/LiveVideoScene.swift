import Foundation
import SceneCore
import SceneMedia

/// Live video (SceneMedia): an `AVCaptureVideoPreviewLayer` showing the first camera, or, on a
/// machine without one, SceneCore's test pattern behind the same pipeline, on a rounded card
/// that tilts back and forth in 3D under a caption naming the device.
enum LiveVideoScene {
    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.ink)
        if AVCaptureDevice.default(for: .video) == nil { AVCaptureDevice.includesTestPattern = true }
        let device = AVCaptureDevice.default(for: .video)
        let caption = EffectsScene.caption(
            device.map { "AVCaptureVideoPreviewLayer: \($0.localizedName), live" } ?? "no camera", width: size.width)
        caption.foregroundColor = Palette.background
        root.addSublayer(caption)
        // Perspective for the card's tilt.
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 900
        root.sublayerTransform = perspective
        let preview = AVCaptureVideoPreviewLayer()
        preview.name = "preview"
        let width = max(min(size.width - 80, (size.height - 80) * 4 / 3), 1)
        preview.bounds = CGRect(x: 0, y: 0, width: width, height: width * 3 / 4)
        preview.position = CGPoint(x: size.width / 2, y: size.height / 2 + 14)
        preview.videoGravity = .resizeAspectFill
        preview.backgroundColor = CGColor(gray: 0.2, alpha: 1)
        preview.cornerRadius = 24
        preview.masksToBounds = true
        preview.borderWidth = 3
        preview.borderColor = Palette.orange
        preview.add(
            CABasicAnimation.backAndForth("transform.rotation.y", from: -0.3, to: 0.3, duration: 5), forKey: "tilt")
        root.addSublayer(preview)
        guard let device, let input = try? AVCaptureDeviceInput(device: device) else { return root }
        let session = AVCaptureSession()
        session.sessionPreset = .vga640x480
        session.addInput(input)
        preview.session = session
        // AVFoundation's advice: start a session off the main thread, as it blocks until the camera runs.
        DispatchQueue.global().async { session.startRunning() }
        return root
    }
}
