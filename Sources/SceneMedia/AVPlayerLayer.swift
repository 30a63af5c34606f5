import Foundation
import SceneCore

/// A layer that shows the video of an `AVPlayer`: its current item's frames, fitted into the
/// bounds by `videoGravity`, composited like any other layer content (transforms, masks,
/// rounded corners, shadows, opacity, filters, replicators, animations of the layer itself).
///
/// The app thread never touches a frame: the player's streaming thread hands each decoded frame
/// to the layer's feed (`VideoFeed`), and the render thread shows, at each frame it presents,
/// the video frame due at that frame's display time; only the picture's rectangle is redrawn
/// when the next video frame comes. A paused player's frame stays on screen.
open class AVPlayerLayer: CALayer, @unchecked Sendable {
    let picture = VideoLayerPicture()
    private let storedPlayer = Locked<AVPlayer?>(nil)
    /// `isReadyForDisplay`: whether the feed held a frame when last looked at, on the main queue
    /// or by a change of player.
    private let readiness = Locked(false)
    private let announcing = NSRecursiveLock()

    /// A layer showing no player.
    public override init() {
        super.init()
        showPicture()
    }

    /// A layer showing `player`'s video.
    public convenience init(player: AVPlayer?) {
        self.init()
        self.player = player
    }

    /// A shadow copy of `layer` (a presentation layer), showing the same frames.
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// Unarchives a layer archived by `encode(with:)`; its player is not archived, as in AVFoundation.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        showPicture()
    }

    deinit { storedPlayer.withLock { $0 }?.detach(picture.feed) }

    private func showPicture() {
        picture.show(in: self)
        picture.feed.onFirstFrame { [weak self] in
            DispatchQueue.main.async { self?.announceReadiness() }
        }
    }

    /// The player whose video the layer shows; nil shows none. Another player's current frame
    /// shows at once, when it has one.
    open var player: AVPlayer? {
        get { storedPlayer.withLock { $0 } }
        set {
            guard
                picture.switchSource(
                    storedPlayer, to: newValue, detach: { $0.detach($1) }, attach: { $0.attach($1) })
            else { return }
            announceReadiness()
        }
    }

    /// How the video is fitted into the bounds: `.resizeAspect` (the default), `.resizeAspectFill`
    /// or `.resize`. Not animated: a change shows at the next frame.
    open var videoGravity: AVLayerVideoGravity {
        get { picture.videoGravity }
        set { picture.setGravity(newValue, of: self) }
    }

    /// Whether the layer holds a frame to show: false until the player's first frame reaches it
    /// (it becomes true on the main queue), and again once its player is removed. Observable
    /// (`observe(\.isReadyForDisplay)`).
    open var isReadyForDisplay: Bool {
        noteObservableRead("isReadyForDisplay")
        return readiness.withLock { $0 }
    }

    /// The rectangle of the bounds the picture fills under `videoGravity`; zero while no frame
    /// has come.
    open var videoRect: CGRect { picture.rect(in: bounds) }

    /// The pixel buffer attributes asked of the layer's buffers (AVFoundation's
    /// `kCVPixelBufferPixelFormatTypeKey` and the like); nil by default. Kept as set: frames
    /// reach the render side as decoded (planar Y′CbCr) and are converted to RGB in its shader,
    /// so no buffer of another format is made.
    open var pixelBufferAttributes: [String: Any]?

    /// Takes the feed's readiness as `isReadyForDisplay`, telling its observers when it changed;
    /// one announcement at a time (the main queue's and a change of player's), so that each change
    /// is announced once.
    private func announceReadiness() {
        announcing.lock()
        defer { announcing.unlock() }
        let ready = picture.feed.hasFrame
        guard readiness.withLock({ $0 }) != ready else { return }
        withChange(of: "isReadyForDisplay") { readiness.withLock { $0 = ready } }
    }
}

extension AVPlayerLayer: MediaObservable {}
