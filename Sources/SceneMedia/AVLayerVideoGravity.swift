import SceneCore

/// How a video picture is fitted into a layer's bounds (`AVPlayerLayer.videoGravity`,
/// `AVCaptureVideoPreviewLayer.videoGravity`).
public struct AVLayerVideoGravity: Hashable, Equatable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A gravity from its raw string, as `init(rawValue:)`.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Stretched to fill the bounds.
    public static let resize = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResize")
    /// As large as fits inside the bounds at the picture's aspect ratio, centred (the default).
    public static let resizeAspect = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspect")
    /// As small as covers the bounds at the picture's aspect ratio, centred; the picture reaches
    /// past the bounds unless the layer masks to them.
    public static let resizeAspectFill = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspectFill")

    /// The contents gravity the render side places the picture with (`.resizeAspect` for a value
    /// AVFoundation does not define).
    var contentsGravity: CALayerContentsGravity {
        switch self {
        case .resize: .resize
        case .resizeAspectFill: .resizeAspectFill
        default: .resizeAspect
        }
    }
}
