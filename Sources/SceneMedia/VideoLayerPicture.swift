import Foundation
import SceneCore

/// What the two video layers (`AVPlayerLayer`, `AVCaptureVideoPreviewLayer`) share: the feed
/// their source's frames reach the render side through (the layer's own, made once), the gravity
/// it is committed with, and where the picture lies in the bounds.
final class VideoLayerPicture: @unchecked Sendable {
    let feed = VideoFeed()
    private let gravity = Locked(AVLayerVideoGravity.resizeAspect)

    /// Makes `layer` a video layer showing the feed.
    func show(in layer: CALayer) {
        layer.videoContent = VideoContent(feed: feed, gravity: videoGravity.contentsGravity)
    }

    /// The gravity of `layer`, whose picture this is.
    func setGravity(_ newValue: AVLayerVideoGravity, of layer: CALayer) {
        gravity.withLock { $0 = newValue }
        layer.videoContent = VideoContent(feed: feed, gravity: newValue.contentsGravity)
    }

    var videoGravity: AVLayerVideoGravity { gravity.withLock { $0 } }

    /// Makes `newValue` the source kept in `stored` (a layer's player or session), moving the feed
    /// from the old source to it; false when it was the source already.
    func switchSource<Source: AnyObject & Sendable>(
        _ stored: Locked<Source?>, to newValue: Source?, detach: (Source, VideoFeed) -> Void,
        attach: (Source, VideoFeed) -> Void
    ) -> Bool {
        let old = stored.withLock { stored in
            defer { stored = newValue }
            return stored
        }
        guard old !== newValue else { return false }
        if let old { detach(old, feed) }
        if let newValue { attach(newValue, feed) }
        return true
    }

    /// The rectangle of `bounds` the picture fills; zero while no frame has come.
    func rect(in bounds: CGRect) -> CGRect {
        VideoContent.rect(ofPicture: feed.presentationSize, in: bounds, gravity: videoGravity.contentsGravity)
    }
}
