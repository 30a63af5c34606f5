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
    public static let center = Self(rawValue: "center")
    public static let top = Self(rawValue: "top")
    public static let bottom = Self(rawValue: "bottom")
    public static let left = Self(rawValue: "left")
    public static let right = Self(rawValue: "right")
    public static let topLeft = Self(rawValue: "topLeft")
    public static let topRight = Self(rawValue: "topRight")
    public static let bottomLeft = Self(rawValue: "bottomLeft")
    public static let bottomRight = Self(rawValue: "bottomRight")
    public static let resize = Self(rawValue: "resize")
    public static let resizeAspect = Self(rawValue: "resizeAspect")
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
    public static let nearest = Self(rawValue: "nearest")
    public static let linear = Self(rawValue: "linear")
    /// Linear filtering between mipmap levels.
    public static let trilinear = Self(rawValue: "trilinear")
}

/// A hint about the pixel format of a layer's backing store.
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let RGBA8Uint = Self(rawValue: "RGBA8")
    public static let RGBA16Float = Self(rawValue: "RGBAh")
    public static let gray8Uint = Self(rawValue: "Gray8")
    /// The format chosen from what is drawn (Apple's default for layers that draw).
    public static let automatic = Self(rawValue: "Automatic")
}

/// How much of a display's dynamic range a layer's contents may use (`CALayer.DynamicRange` in
/// Apple's Swift overlay). Stored and returned; SceneCore draws standard dynamic range.
public struct CADynamicRange: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let automatic = Self(rawValue: "automatic")
    public static let standard = Self(rawValue: "standard")
    public static let constrainedHigh = Self(rawValue: "constrainedHigh")
    public static let high = Self(rawValue: "high")

    /// The ranges Core Animation knows.
    static let known: Set<CADynamicRange> = [.automatic, .standard, .constrainedHigh, .high]
}

/// Whether extended-range contents are tone mapped to the display (`CALayer.ToneMapMode` in
/// Apple's Swift overlay). Stored and returned; SceneCore draws standard dynamic range.
public struct CAToneMapMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let automatic = Self(rawValue: "automatic")
    public static let never = Self(rawValue: "never")
    public static let ifSupported = Self(rawValue: "ifSupported")
}
