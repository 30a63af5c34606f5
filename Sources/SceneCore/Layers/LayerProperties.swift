import Foundation

/// Every committed value of one layer, held in one struct so that it is copied whole:
/// into presentation copies, into full-sync commits, and onto the render side.
///
/// The defaults are Core Animation's (reference section 1.1).
package struct LayerProperties: Sendable, Equatable {
    // Geometry
    package var bounds: CGRect = .zero
    package var position: CGPoint = .zero
    package var zPosition: CGFloat = 0
    package var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    package var anchorPointZ: CGFloat = 0
    package var transform = CATransform3D.identity
    package var sublayerTransform = CATransform3D.identity
    package var isHidden = false
    package var isDoubleSided = true
    package var isGeometryFlipped = false
    package var masksToBounds = false
    // Appearance
    package var opacity: Float = 1
    package var allowsGroupOpacity = true
    package var allowsEdgeAntialiasing = false
    package var edgeAntialiasingMask: CAEdgeAntialiasingMask = .all
    package var backgroundColor: CGColor? = nil
    package var cornerRadius: CGFloat = 0
    package var maskedCorners: CACornerMask = .all
    package var cornerCurve: CALayerCornerCurve = .circular
    package var borderWidth: CGFloat = 0
    package var borderColor: CGColor? = CGColor.black
    package var shadowColor: CGColor? = CGColor.black
    package var shadowOpacity: Float = 0
    package var shadowOffset = CGSize(width: 0, height: -3)
    package var shadowRadius: CGFloat = 3
    package var shouldRasterize = false
    package var rasterizationScale: CGFloat = 1
    // Contents
    package var contents: CGImage? = nil
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsGravity: CALayerContentsGravity = .resize
    package var contentsScale: CGFloat = 1
    package var contentsFormat: CALayerContentsFormat = .RGBA8Uint
    package var minificationFilter: CALayerContentsFilter = .linear
    package var magnificationFilter: CALayerContentsFilter = .linear
    package var minificationFilterBias: Float = 0
    package var isOpaque = false
    // Timing
    package var timing = MediaTimingValues()
    /// Colours an animation is showing, as plain values: the render side evaluates colour
    /// animations into these instead of making a `CGColor` every frame. When set they win
    /// over `backgroundColor`, `borderColor` and `shadowColor`.
    package var animatedColors = AnimatedColors()

    package init() {}

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
    package var anchorInBounds: (x: CGFloat, y: CGFloat, z: CGFloat) {
        (bounds.minX + anchorPoint.x * bounds.width, bounds.minY + anchorPoint.y * bounds.height, anchorPointZ)
    }
}

/// Animated colour values of a layer, straight-alpha sRGB; nil where no animation sets one.
package struct AnimatedColors: Sendable, Equatable {
    package var background: RGBA?
    package var border: RGBA?
    package var shadow: RGBA?
}
