import Foundation

/// What a video layer shows, as it travels in a commit (`LayerField.video`): the feed its frames
/// come through and how the picture is fitted into the layer's bounds.
package struct VideoContent: Sendable, Equatable {
    package var feed: VideoFeed
    /// How the picture is fitted into the bounds (AVFoundation's `AVLayerVideoGravity`): `.resize`
    /// (stretched to fill them), `.resizeAspect` (as large as fits inside, centred) or
    /// `.resizeAspectFill` (as small as covers them, centred, reaching past them).
    package var gravity: CALayerContentsGravity

    package init(feed: VideoFeed, gravity: CALayerContentsGravity = .resizeAspect) {
        (self.feed, self.gravity) = (feed, gravity)
    }

    /// The rectangle a `size` picture fills in `bounds` under `gravity`; zero for an empty picture.
    package static func rect(ofPicture size: CGSize, in bounds: CGRect, gravity: CALayerContentsGravity) -> CGRect {
        guard size.width > 0, size.height > 0 else { return .zero }
        return ContentsLayout.place(size, in: bounds, gravity: gravity)
    }
}

extension CALayer {
    /// The video the layer shows, for the layer classes that show one (`AVPlayerLayer`,
    /// `AVCaptureVideoPreviewLayer`): setting it makes the layer a video layer (`LayerKind.video`,
    /// before its first commit) and sends it with the next commit.
    package var videoContent: VideoContent? {
        get { LayerLock.withLock { state.videoContent } }
        set {
            LayerLock.withLock {
                guard state.videoContent != newValue else { return }
                if newValue != nil, committedState == nil { state.kind = .video }
                state.videoContent = newValue
                recordChange(.video)
            }
        }
    }
}
