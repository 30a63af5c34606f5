import Foundation

/// How a layer's contents are positioned or scaled within its bounds.
///
/// As in Core Animation, "top" means maximum Y and "bottom" minimum Y in the layer's
/// coordinate space. In SceneCore's y-down layers (the iOS convention) `.top` therefore
/// places contents at the visual bottom unless the layer tree is geometry-flipped, exactly
/// as a `CALayer` on iOS does.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Centred in the bounds at its natural size (its pixels over `contentsScale`), not scaled.
    public static let center = Self(rawValue: "center")
    /// Centred horizontally against the bounds' maximum-Y edge, not scaled.
    public static let top = Self(rawValue: "top")
    /// Centred horizontally against the bounds' minimum-Y edge, not scaled.
    public static let bottom = Self(rawValue: "bottom")
    /// Centred vertically against the bounds' left edge, not scaled.
    public static let left = Self(rawValue: "left")
    /// Centred vertically against the bounds' right edge, not scaled.
    public static let right = Self(rawValue: "right")
    /// In the corner of the minimum X and maximum Y, not scaled.
    public static let topLeft = Self(rawValue: "topLeft")
    /// In the corner of the maximum X and maximum Y, not scaled.
    public static let topRight = Self(rawValue: "topRight")
    /// In the corner of the minimum X and minimum Y, not scaled.
    public static let bottomLeft = Self(rawValue: "bottomLeft")
    /// In the corner of the maximum X and minimum Y, not scaled.
    public static let bottomRight = Self(rawValue: "bottomRight")
    /// Stretched to fill the bounds exactly, its aspect ratio not kept. Core Animation's default.
    public static let resize = Self(rawValue: "resize")
    /// Scaled to fit inside the bounds with its aspect ratio kept, centred; the rest of the bounds
    /// stays empty.
    public static let resizeAspect = Self(rawValue: "resizeAspect")
    /// Scaled to cover the bounds with its aspect ratio kept, centred; what overflows is drawn
    /// unless the layer masks to its bounds.
    public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")
    /// All twelve gravities.
    public static let allCases: [Self] = [
        .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight,
        .resize, .resizeAspect, .resizeAspectFill,
    ]
}

/// The filter used when a layer's contents are scaled.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The nearest pixel: hard edges, for pixel art and magnified pictures meant to show their
    /// pixels.
    public static let nearest = Self(rawValue: "nearest")
    /// Bilinear filtering between the four nearest pixels. Core Animation's default.
    public static let linear = Self(rawValue: "linear")
    /// Linear filtering between mipmap levels.
    public static let trilinear = Self(rawValue: "trilinear")
}

/// A hint about the pixel format of a layer's backing store.
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Eight bits per channel, the format SceneCore's backing stores always use.
    public static let RGBA8Uint = Self(rawValue: "RGBA8")
    /// Half-float channels for extended range; accepted and stored, drawn as RGBA8 here.
    public static let RGBA16Float = Self(rawValue: "RGBAh")
    /// One gray channel of eight bits; accepted and stored, drawn as RGBA8 here.
    public static let gray8Uint = Self(rawValue: "Gray8")
    /// The format chosen from what is drawn (Apple's default for layers that draw).
    public static let automatic = Self(rawValue: "Automatic")
}

/// How much of a display's dynamic range a layer's contents may use (`CALayer.DynamicRange` in
/// Apple's Swift overlay). Stored and returned; SceneCore draws standard dynamic range.
public struct CADynamicRange: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Lets the system choose the range from the content and the display; SceneCore shows standard
    /// range.
    public static let automatic = Self(rawValue: "automatic")
    /// Standard dynamic range: SDR white is the brightest.
    public static let standard = Self(rawValue: "standard")
    /// Some headroom above SDR white, limited to stay comfortable next to SDR content.
    public static let constrainedHigh = Self(rawValue: "constrainedHigh")
    /// The display's full high dynamic range.
    public static let high = Self(rawValue: "high")

    /// The ranges Core Animation knows.
    static let known: Set<CADynamicRange> = [.automatic, .standard, .constrainedHigh, .high]
}

/// Whether extended-range contents are tone mapped to the display (`CALayer.ToneMapMode` in
/// Apple's Swift overlay). Stored and returned; SceneCore draws standard dynamic range.
public struct CAToneMapMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Tone maps when the system judges it useful (the default).
    public static let automatic = Self(rawValue: "automatic")
    /// Never tone maps: values beyond the display's range are clipped.
    public static let never = Self(rawValue: "never")
    /// Tone maps where the display and the content's format support it.
    public static let ifSupported = Self(rawValue: "ifSupported")
}
