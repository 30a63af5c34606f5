import Foundation
import SceneCore

/// A layer that shows what a capture session's camera sees, live: each frame the session's
/// streaming thread hands over reaches the render side without the app thread, and the render
/// thread shows the newest at each frame it presents. Composited like any layer content
/// (transforms, masks, rounded corners, opacity, animations of the layer itself).
open class AVCaptureVideoPreviewLayer: CALayer, @unchecked Sendable {
    let picture = VideoLayerPicture()
    private let storedSession = Locked<AVCaptureSession?>(nil)

    /// A layer showing no session.
    public override init() {
        super.init()
        picture.show(in: self)
    }

    /// A layer showing `session`'s camera.
    public convenience init(session: AVCaptureSession) {
        self.init()
        self.session = session
    }

    /// A layer for `session` that shows it (SceneCore's sessions have one connection, made here).
    public convenience init(sessionWithNoConnection session: AVCaptureSession) {
        self.init(session: session)
    }

    /// A shadow copy of `layer` (a presentation layer), showing the same frames.
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// Unarchives a layer archived by `encode(with:)`; its session is not archived.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        picture.show(in: self)
    }

    deinit { storedSession.withLock { $0 }?.feeds.detach(picture.feed) }

    /// The session whose camera the layer shows; nil shows none.
    open var session: AVCaptureSession? {
        get { storedSession.withLock { $0 } }
        set {
            _ = picture.switchSource(
                storedSession, to: newValue, detach: { $0.feeds.detach($1) }, attach: { $0.feeds.attach($1) })
        }
    }

    /// Shows `session` (the same as setting `session`).
    open func setSessionWithNoConnection(_ session: AVCaptureSession) { self.session = session }

    /// How the picture is fitted into the bounds: `.resizeAspect` (the default),
    /// `.resizeAspectFill` or `.resize`.
    open var videoGravity: AVLayerVideoGravity {
        get { picture.videoGravity }
        set { picture.setGravity(newValue, of: self) }
    }

    /// Whether the layer shows frames: its session is running.
    open var isPreviewing: Bool { session?.isRunning ?? false }

    /// The point of the camera's picture (0...1 on each axis, (0, 0) at its top left) shown at
    /// `pointInLayer`, under the gravity.
    open func captureDevicePointConverted(fromLayerPoint pointInLayer: CGPoint) -> CGPoint {
        let rect = picture.rect(in: bounds)
        guard rect.width > 0, rect.height > 0 else { return .zero }
        return CGPoint(x: (pointInLayer.x - rect.minX) / rect.width, y: (pointInLayer.y - rect.minY) / rect.height)
    }

    /// The point of the layer that shows `captureDevicePoint` (0...1 on each axis), under the gravity.
    open func layerPointConverted(fromCaptureDevicePoint captureDevicePoint: CGPoint) -> CGPoint {
        let rect = picture.rect(in: bounds)
        return CGPoint(
            x: rect.minX + captureDevicePoint.x * rect.width, y: rect.minY + captureDevicePoint.y * rect.height)
    }
}
