import Foundation

/// Every committed value of one layer, held in one struct so that it is copied whole:
/// into presentation copies, into full-sync commits, and onto the render side.
///
/// The defaults are Core Animation's (reference section 1.1).
public struct LayerProperties: Sendable, Equatable {
    // Geometry
    public var bounds: CGRect = .zero
    public var position: CGPoint = .zero
    public var zPosition: CGFloat = 0
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    public var anchorPointZ: CGFloat = 0
    public var transform = CATransform3D.identity
    public var sublayerTransform = CATransform3D.identity
    public var isHidden = false
    public var isDoubleSided = true
    public var isGeometryFlipped = false
    public var masksToBounds = false
    // Appearance
    public var opacity: Float = 1
    public var allowsGroupOpacity = true
    public var allowsEdgeAntialiasing = false
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask = .all
    public var backgroundColor: CGColor? = nil
    public var cornerRadius: CGFloat = 0
    public var maskedCorners: CACornerMask = .all
    public var cornerCurve: CALayerCornerCurve = .circular
    public var borderWidth: CGFloat = 0
    public var borderColor: CGColor? = CGColor.black
    public var shadowColor: CGColor? = CGColor.black
    public var shadowOpacity: Float = 0
    public var shadowOffset = CGSize(width: 0, height: -3)
    public var shadowRadius: CGFloat = 3
    public var shouldRasterize = false
    public var rasterizationScale: CGFloat = 1
    // Contents
    public var contents: CGImage? = nil
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var contentsGravity: CALayerContentsGravity = .resize
    public var contentsScale: CGFloat = 1
    public var contentsFormat: CALayerContentsFormat = .RGBA8Uint
    public var minificationFilter: CALayerContentsFilter = .linear
    public var magnificationFilter: CALayerContentsFilter = .linear
    public var minificationFilterBias: Float = 0
    public var isOpaque = false
    // Timing
    public var timing = MediaTimingValues()
    /// Colours an animation is showing, as plain values: the render side evaluates colour
    /// animations into these instead of making a `CGColor` every frame. When set they win
    /// over `backgroundColor`, `borderColor` and `shadowColor`.
    package var animatedColors = AnimatedColors()

    public init() {}

    /// The background colour shown: an animated value, else `backgroundColor`.
    package var shownBackgroundColor: RGBA? { animatedColors.background ?? backgroundColor?.value }
    /// The border colour shown: an animated value, else `borderColor`.
    package var shownBorderColor: RGBA? { animatedColors.border ?? borderColor?.value }

    /// Turns animated colour values into the `CGColor` properties (for presentation copies).
    package mutating func resolveAnimatedColors() {
        if let c = animatedColors.background { backgroundColor = CGColor(c) }
        if let c = animatedColors.border { borderColor = CGColor(c) }
        if let c = animatedColors.shadow { shadowColor = CGColor(c) }
        animatedColors = AnimatedColors()
    }

    /// The anchor point in the layer's own (bounds) coordinate space, with anchorPointZ.
    public var anchorInBounds: (x: CGFloat, y: CGFloat, z: CGFloat) {
        (bounds.minX + anchorPoint.x * bounds.width, bounds.minY + anchorPoint.y * bounds.height, anchorPointZ)
    }
}

/// Animated colour values of a layer, straight-alpha sRGB; nil where no animation sets one.
package struct AnimatedColors: Sendable, Equatable {
    package var background: RGBA?
    package var border: RGBA?
    package var shadow: RGBA?
}
