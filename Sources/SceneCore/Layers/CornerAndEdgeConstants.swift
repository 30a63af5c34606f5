import Foundation

/// The curve used to draw rounded corners.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Quarter circles of the corner radius, Core Animation's default.
    public static let circular = Self(rawValue: "circular")
    /// A smoother curve whose curvature eases in from the straight edges, as on Apple's app icons;
    /// it reaches a little further along the edges than a circular corner.
    public static let continuous = Self(rawValue: "continuous")
}

/// Which corners `cornerRadius` rounds. The names use the layer's coordinate space.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The corner at the bounds' minimum X and minimum Y (top left in SceneCore's y-down layers).
    public static let layerMinXMinYCorner = Self(rawValue: 1)
    /// The corner at the bounds' maximum X and minimum Y (top right in y-down layers).
    public static let layerMaxXMinYCorner = Self(rawValue: 2)
    /// The corner at the bounds' minimum X and maximum Y (bottom left in y-down layers).
    public static let layerMinXMaxYCorner = Self(rawValue: 4)
    /// The corner at the bounds' maximum X and maximum Y (bottom right in y-down layers).
    public static let layerMaxXMaxYCorner = Self(rawValue: 8)
    /// All four corners, the default.
    public static let all: Self = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
}

/// Which edges of a layer are anti-aliased (`CALayer.edgeAntialiasingMask`), named by the edges
/// of its bounds. Bottom and top are the names for the unflipped space, where minY is the bottom.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The bounds' minX edge.
    public static let layerLeftEdge = Self(rawValue: 1)
    /// The bounds' maxX edge.
    public static let layerRightEdge = Self(rawValue: 2)
    /// The bounds' minY edge.
    public static let layerBottomEdge = Self(rawValue: 4)
    /// The bounds' maxY edge.
    public static let layerTopEdge = Self(rawValue: 8)
    /// All four edges, the default.
    public static let all: Self = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
}
