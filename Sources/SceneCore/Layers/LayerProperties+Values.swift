import Foundation

extension LayerProperties {
    /// The values every layer uses, stored once and shared by a `LayerProperties`'s copies until
    /// one of them changes (see `LayerProperties`), with the values few layers set kept apart, in
    /// `extras`. The defaults are Core Animation's (Apple's CALayer documentation).
    struct Values: Sendable, Equatable {
        // Geometry
        var bounds: CGRect = .zero
        var position: CGPoint = .zero
        var zPosition: CGFloat = 0
        var anchorPoint = CGPoint(x: 0.5, y: 0.5)
        package var transform = CATransform3D.identity
        var isHidden = false
        var isDoubleSided = true
        var isGeometryFlipped = false
        var masksToBounds = false
        // Appearance
        var opacity: Float = 1
        var allowsGroupOpacity = true
        var allowsEdgeAntialiasing = false
        var edgeAntialiasingMask: CAEdgeAntialiasingMask = .all
        var backgroundColor: CGColor? = nil
        var cornerRadius: CGFloat = 0
        var cornerCurve: CALayerCornerCurve = .circular
        var borderWidth: CGFloat = 0
        var borderColor: CGColor? = CGColor.black
        // Contents
        var contents: CGImage? = nil
        var isOpaque = false
        /// The colour an animation is showing, as plain values: the render side evaluates colour
        /// animations into these instead of making a `CGColor` every frame. When set it wins
        /// over `backgroundColor` (the other colours' are in `extras`).
        var animatedBackgroundColor: RGBA?
        /// What the layer draws of its own (its class's `LayerKind`), set once when it is made.
        var kind = LayerKind.layer
        /// The values few layers set, in a box of their own that every layer setting none of them
        /// shares.
        var extras = LayerProperties.defaultExtras
    }

    /// The values of `LayerProperties` that most layers leave at their defaults: the sublayer
    /// transform, shadows, filters, how contents are laid out and filtered, the layer's own
    /// timing, and the properties of the layer classes (emitter, replicator, gradient, shape,
    /// text, OpenGL and tiled layers). Kept apart from `Values` so that a layer that sets none
    /// of them stores `Values` and a reference, not both boxes (`MemoryLayoutTests` has their sizes).
    struct ExtraValues: Sendable, Equatable {
        // Geometry
        var anchorPointZ: CGFloat = 0
        var sublayerTransform = CATransform3D.identity
        // Appearance
        var maskedCorners: CACornerMask = .all
        var shadowColor: CGColor? = CGColor.black
        var shadowOpacity: Float = 0
        var shadowOffset = CGSize(width: 0, height: -3)
        var shadowRadius: CGFloat = 3
        var shadowPath: CGPath? = nil
        var shouldRasterize = false
        var rasterizationScale: CGFloat = 1
        // Filters
        var filters = RenderFilterList()
        var backgroundFilters = RenderFilterList()
        var compositingFilter: BlendMode = .sourceOver
        // Contents
        var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
        var contentsGravity: CALayerContentsGravity = .resize
        var contentsScale: CGFloat = 1
        var contentsFormat: CALayerContentsFormat = .RGBA8Uint
        var minificationFilter: CALayerContentsFilter = .linear
        var magnificationFilter: CALayerContentsFilter = .linear
        var minificationFilterBias: Float = 0
        // Timing
        /// A layer's timing: Core Animation's defaults, with `duration` infinite.
        var timing = MediaTimingValues(duration: .infinity)
        // Emitter (`CAEmitterLayer`)
        var emitterCells = EmitterCellList()
        var emitterPosition: CGPoint = .zero
        var emitterZPosition: CGFloat = 0
        var emitterSize: CGSize = .zero
        var emitterDepth: CGFloat = 0
        var emitterShape: CAEmitterLayerEmitterShape = .point
        var emitterMode: CAEmitterLayerEmitterMode = .volume
        var renderMode: CAEmitterLayerRenderMode = .unordered
        var emitterBirthRate: Float = 1
        var emitterLifetime: Float = 1
        var emitterVelocity: Float = 1
        var emitterScale: Float = 1
        var emitterSpin: Float = 1
        var emitterSeed: UInt32 = 0
        /// Colours an animation is showing, as plain values, like `Values.animatedBackgroundColor`.
        var animatedBorderColor: RGBA?
        var animatedShadowColor: RGBA?
        var animatedInstanceColor: RGBA?
        var animatedFillColor: RGBA?
        var animatedStrokeColor: RGBA?
        var animatedForegroundColor: RGBA?
        // Replicator (`CAReplicatorLayer`)
        var instanceCount = 1
        var instanceTransform = CATransform3D.identity
        var instanceDelay: Double = 0
        var instanceColor: CGColor? = CGColor.opaqueWhiteRGB
        var instanceRedOffset: Float = 0
        var instanceGreenOffset: Float = 0
        var instanceBlueOffset: Float = 0
        var instanceAlphaOffset: Float = 0
        var preservesDepth = false
        // Gradient (`CAGradientLayer`)
        var gradientColors = GradientColorList()
        var gradientLocations = NumberList()
        var startPoint = CGPoint(x: 0.5, y: 0)
        var endPoint = CGPoint(x: 0.5, y: 1)
        var gradientType: CAGradientLayerType = .axial
        // Shape (`CAShapeLayer`)
        var shapePath: CGPath? = nil
        var fillColor: CGColor? = CGColor.black
        var fillRule: CAShapeLayerFillRule = .nonZero
        var strokeColor: CGColor? = nil
        var lineWidth: CGFloat = 1
        var miterLimit: CGFloat = 10
        var lineCap: CAShapeLayerLineCap = .butt
        var lineJoin: CAShapeLayerLineJoin = .miter
        var lineDashPhase: CGFloat = 0
        var lineDashPattern = NumberList()
        var strokeStart: CGFloat = 0
        var strokeEnd: CGFloat = 1
        // Text (`CATextLayer`)
        var foregroundColor: CGColor? = CGColor.opaqueWhiteRGB
        /// The text a `CATextLayer` shows, which the render side shapes when it first draws it
        /// and draws from its glyph atlas; nil for every other layer and for a text layer drawn
        /// into a backing store. Travels as `LayerField.glyphs`.
        var glyphs: ShapedText?
        // OpenGL (`CAOpenGLLayer`)
        var isAsynchronous = false
        /// The drawing of a `CAOpenGLLayer` (nil for other layers): set once when such a layer is
        /// made, like `kind`; its redraw requests travel as `LayerField.glContent`.
        var glContent: GLContent? = nil
        /// The tiles of a `CATiledLayer`, which its render side reads and reports what it shows
        /// to. Set once when such a layer is made, like `kind`.
        var tileStore: TileStore?
        /// The video of a video layer (nil for other layers): its feed, set once when such a
        /// layer is made, and its gravity. Travels as `LayerField.video`.
        var videoContent: VideoContent?
    }

    /// The box of the default extra values, shared by every layer that sets none of them.
    static let defaultExtras = SharedValues(ExtraValues())
}
