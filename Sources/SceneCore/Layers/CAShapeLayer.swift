import Foundation

/// How a shape layer decides the inside of a path that crosses itself.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Inside where the winding number is not zero (the default).
    public static let nonZero = Self(rawValue: "non-zero")
    /// Inside where a ray crosses the path an odd number of times.
    public static let evenOdd = Self(rawValue: "even-odd")
}

/// The shape of the ends of a shape layer's open stroked subpaths.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The line ends flat at its end point (the default).
    public static let butt = Self(rawValue: "butt")
    /// A half circle of the line width's diameter past the end point.
    public static let round = Self(rawValue: "round")
    /// A half square of the line width past the end point.
    public static let square = Self(rawValue: "square")
}

/// The shape of the corners where a shape layer's stroked segments meet.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A sharp corner, bevelled where it would pass `miterLimit` (the default).
    public static let miter = Self(rawValue: "miter")
    /// A rounded corner.
    public static let round = Self(rawValue: "round")
    /// A corner cut off flat.
    public static let bevel = Self(rawValue: "bevel")
}

/// A layer that draws a path: filled, stroked, or both, as Core Animation's `CAShapeLayer`.
///
/// The render side draws the shape, from the layer's committed values, over the layer's
/// background and contents and under its sublayers. It is not clipped to the bounds (unless
/// `masksToBounds`): everything the fill and stroke touch shows, miters and caps included. As on
/// Apple's platforms the shape is mapped into screen space before it is rasterised: it is drawn
/// at the layer's pixels per unit on screen (rounded up to a step of a quarter octave, so that a
/// layer at its natural size is drawn pixel for pixel and a scale animation does not redraw it
/// every frame), anti-aliased. A still shape is rasterised once and kept. The raster covers at
/// most a square of 4096 pixels centred on the bounds (a path with huge coordinates or a huge
/// line width is drawn only there), and is drawn at a lower scale where it would be over the
/// backing-store budget (2^24 pixels). The layer has no bitmap of its shape: `contents` (nil by
/// default) and what `draw(in:)` or a delegate draws lie under it, as on any layer.
///
/// Every property is key-value coded (`value(forKey: "strokeEnd")`). `fillColor`,
/// `strokeColor`, `lineWidth`, `miterLimit`, `lineDashPhase`, `strokeStart` and `strokeEnd`
/// are animatable, implicitly and explicitly, and `path` explicitly (paths with the same
/// elements blend point by point, others switch half-way); the render side evaluates these
/// animations and draws their values each frame, so they keep running while the app thread is
/// busy, and `presentation()` reports them. `lineDashPattern`, `fillRule`, `lineCap` and
/// `lineJoin` change without animating.
open class CAShapeLayer: CALayer {
    override class var kind: LayerKind { .shape }

    /// A shape layer with no path, a black fill and no stroke.
    public override init() {
        super.init()
    }

    /// Unarchives a layer archived by `encode(with:)`, with its shape properties.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A shadow copy of `layer`, as Core Animation makes for presentation layers.
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// The path drawn, in the layer's coordinates. The layer keeps an immutable copy, so later
    /// changes to a `CGMutablePath` that was set do not show. Default nil (nothing drawn).
    /// Animatable explicitly.
    open var path: CGPath? {
        get { LayerLock.withLock { state.shapePath } }
        set { setState(\.shapePath, newValue?.copy(), .shapePath) }
    }

    /// The colour filling the path; nil fills nothing. Default opaque black. Animatable.
    open var fillColor: CGColor? {
        get { LayerLock.withLock { state.fillColor } }
        set { setState(\.fillColor, newValue, .fillColor) }
    }

    /// How the inside of the path is decided when filling. Default `.nonZero`.
    open var fillRule: CAShapeLayerFillRule {
        get { LayerLock.withLock { state.fillRule } }
        set { setState(\.fillRule, newValue, .fillRule) }
    }

    /// The colour stroking the path; nil strokes nothing. Default nil. Animatable.
    open var strokeColor: CGColor? {
        get { LayerLock.withLock { state.strokeColor } }
        set { setState(\.strokeColor, newValue, .strokeColor) }
    }

    /// The stroke's width in points; a negative width strokes nothing. Default 1. Animatable.
    open var lineWidth: CGFloat {
        get { LayerLock.withLock { state.lineWidth } }
        set { setState(\.lineWidth, newValue, .lineWidth) }
    }

    /// The ends of open subpaths. Default `.butt`.
    open var lineCap: CAShapeLayerLineCap {
        get { LayerLock.withLock { state.lineCap } }
        set { setState(\.lineCap, newValue, .lineCap) }
    }

    /// The corners of the stroke. Default `.miter`.
    open var lineJoin: CAShapeLayerLineJoin {
        get { LayerLock.withLock { state.lineJoin } }
        set { setState(\.lineJoin, newValue, .lineJoin) }
    }

    /// The ratio of a miter's length to the line width beyond which miter joins are bevelled.
    /// Default 10. Animatable.
    open var miterLimit: CGFloat {
        get { LayerLock.withLock { state.miterLimit } }
        set { setState(\.miterLimit, newValue, .miterLimit) }
    }

    /// Alternating lengths of painted and unpainted stroke segments, in points; nil or empty
    /// strokes a solid line, and so does a pattern with a negative length or none above 0.
    /// Default nil.
    open var lineDashPattern: [NSNumber]? {
        get { LayerLock.withLock { state.lineDashPattern.values?.map { NSNumber(value: $0) } } }
        set { setState(\.lineDashPattern, NumberList(newValue?.map(\.doubleValue)), .lineDashPattern) }
    }

    /// How far into the dash pattern the stroke starts, in points. Default 0. Animatable.
    open var lineDashPhase: CGFloat {
        get { LayerLock.withLock { state.lineDashPhase } }
        set { setState(\.lineDashPhase, newValue, .lineDashPhase) }
    }

    /// Where stroking starts, as a fraction (0...1) of the path's total length. Default 0. Animatable.
    open var strokeStart: CGFloat {
        get { LayerLock.withLock { state.strokeStart } }
        set { setState(\.strokeStart, newValue, .strokeStart) }
    }

    /// Where stroking ends, as a fraction (0...1) of the path's total length: animating it from
    /// 0 to 1 draws the line. Default 1. Animatable.
    open var strokeEnd: CGFloat {
        get { LayerLock.withLock { state.strokeEnd } }
        set { setState(\.strokeEnd, newValue, .strokeEnd) }
    }
}

extension CAShapeLayerFillRule: LayerName {}
extension CAShapeLayerLineCap: LayerName {}
extension CAShapeLayerLineJoin: LayerName {}
