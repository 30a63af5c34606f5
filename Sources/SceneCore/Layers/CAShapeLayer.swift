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
/// The shape is drawn over the layer's background and contents and under its sublayers. It
/// is not clipped to the bounds (unless `masksToBounds`): the layer's backing store covers
/// its bounds and everything the fill and stroke touch (miters and caps included), and is
/// shown at that place in the layer's coordinates. That store is held to the backing-store
/// budget (at most 8192 pixels a side and 2^24 pixels, 64 MiB): a shape reaching far beyond
/// its bounds (a path with huge coordinates or a huge line width) is drawn only within a
/// square of 4096 pixels centred on the bounds (or within the bounds where they are larger),
/// and bounds too large for the budget are drawn at a lower scale than `contentsScale`, each
/// with one logged warning. A subclass's or delegate's `draw(in:)`
/// drawing goes into the same backing store, under the shape, so setting `contents` directly
/// is replaced at the next display.
///
/// Every property is key-value coded (`value(forKey: "strokeEnd")`). `fillColor`,
/// `strokeColor`, `lineWidth`, `miterLimit`, `lineDashPhase`, `strokeStart` and `strokeEnd`
/// are animatable, implicitly and explicitly; `presentation()` reports their animated
/// values. The render thread composites bitmaps and does not draw, so while such an
/// animation runs the layer redraws on the app thread once per frame, driven by a
/// `CADisplayLink` on the run loop of the thread that displays it. `path`,
/// `lineDashPattern`, `fillRule`, `lineCap` and `lineJoin` change without animating.
open class CAShapeLayer: CALayer {
    /// The keys whose animations change the drawing.
    static let animatableKeys: Set<String> = [
        "fillColor", "strokeColor", "lineWidth", "miterLimit", "lineDashPhase", "strokeStart", "strokeEnd",
    ]
    /// Every key the drawing depends on.
    static let drawingKeys = animatableKeys.union(["path", "fillRule", "lineCap", "lineJoin", "lineDashPattern"])
    private static let registration: Void = {
        for key in animatableKeys { CAShapeLayer.registerAnimatableProperty(key) }
    }()

    override var contentRedraw: AnimatedRedraw? { redraw }
    /// `path` is not animated implicitly (as in Core Animation) but explicit animations of it redraw too.
    private let redraw = AnimatedRedraw(keys: CAShapeLayer.animatableKeys.union(["path"]))

    /// A shape layer with no path, a black fill and no stroke.
    public override init() {
        _ = CAShapeLayer.registration
        super.init()
    }

    /// A copy of `layer`'s shape properties (for presentation copies).
    /// Unarchives a layer archived by `encode(with:)`, with its shape properties.
    public required init?(coder: NSCoder) {
        _ = CAShapeLayer.registration
        super.init(coder: coder)
    }

    public required init(layer: Any) {
        _ = CAShapeLayer.registration
        super.init(layer: layer)
        if let shape = layer as? CAShapeLayer { keyedValues = shape.keyedValues }
    }

    // MARK: - Properties

    /// The path drawn, in the layer's coordinates. The layer keeps an immutable copy, so later
    /// changes to a `CGMutablePath` that was set do not show. Default nil (nothing drawn).
    open var path: CGPath? {
        get { value(forKey: "path") as? CGPath }
        set { setValue(newValue, forKey: "path") }
    }

    /// The colour filling the path; nil fills nothing. Default opaque black. Animatable.
    open var fillColor: CGColor? {
        get { ShapeValue.color(value(forKey: "fillColor")) }
        set { setValue(newValue, forKey: "fillColor") }
    }

    /// How the inside of the path is decided when filling. Default `.nonZero`.
    open var fillRule: CAShapeLayerFillRule {
        get { ShapeValue.fillRule(value(forKey: "fillRule")) }
        set { setValue(newValue, forKey: "fillRule") }
    }

    /// The colour stroking the path; nil strokes nothing. Default nil. Animatable.
    open var strokeColor: CGColor? {
        get { ShapeValue.color(value(forKey: "strokeColor")) }
        set { setValue(newValue, forKey: "strokeColor") }
    }

    /// The stroke's width in points. Default 1. Animatable.
    open var lineWidth: CGFloat {
        get { ShapeValue.number(value(forKey: "lineWidth"), 1) }
        set { setValue(newValue, forKey: "lineWidth") }
    }

    /// The ends of open subpaths. Default `.butt`.
    open var lineCap: CAShapeLayerLineCap {
        get { ShapeValue.lineCap(value(forKey: "lineCap")) }
        set { setValue(newValue, forKey: "lineCap") }
    }

    /// The corners of the stroke. Default `.miter`.
    open var lineJoin: CAShapeLayerLineJoin {
        get { ShapeValue.lineJoin(value(forKey: "lineJoin")) }
        set { setValue(newValue, forKey: "lineJoin") }
    }

    /// The ratio of a miter's length to the line width beyond which miter joins are bevelled.
    /// Default 10. Animatable.
    open var miterLimit: CGFloat {
        get { ShapeValue.number(value(forKey: "miterLimit"), 10) }
        set { setValue(newValue, forKey: "miterLimit") }
    }

    /// Alternating lengths of painted and unpainted stroke segments, in points; nil or empty
    /// strokes a solid line. Default nil.
    open var lineDashPattern: [NSNumber]? {
        get { value(forKey: "lineDashPattern") as? [NSNumber] }
        set { setValue(newValue, forKey: "lineDashPattern") }
    }

    /// How far into the dash pattern the stroke starts, in points. Default 0. Animatable.
    open var lineDashPhase: CGFloat {
        get { ShapeValue.number(value(forKey: "lineDashPhase"), 0) }
        set { setValue(newValue, forKey: "lineDashPhase") }
    }

    /// Where stroking starts, as a fraction (0...1) of the path's total length. Default 0. Animatable.
    open var strokeStart: CGFloat {
        get { ShapeValue.number(value(forKey: "strokeStart"), 0) }
        set { setValue(newValue, forKey: "strokeStart") }
    }

    /// Where stroking ends, as a fraction (0...1) of the path's total length: animating it from
    /// 0 to 1 draws the line. Default 1. Animatable.
    open var strokeEnd: CGFloat {
        get { ShapeValue.number(value(forKey: "strokeEnd"), 1) }
        set { setValue(newValue, forKey: "strokeEnd") }
    }

    // MARK: - Key-value coding and display

    /// Core Animation's shape defaults: black `fillColor`, `lineWidth` 1, `miterLimit` 10,
    /// `strokeEnd` 1, `.nonZero`, `.butt`, `.miter`; the layer defaults for other keys.
    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "fillColor": CGColor(gray: 0, alpha: 1)
        case "lineWidth", "strokeEnd": CGFloat(1)
        case "miterLimit": CGFloat(10)
        case "fillRule": CAShapeLayerFillRule.nonZero
        case "lineCap": CAShapeLayerLineCap.butt
        case "lineJoin": CAShapeLayerLineJoin.miter
        default: super.defaultValue(forKey: key)
        }
    }

    /// The value of `key`; nil for a `fillColor` set to nil.
    open override func value(forKey key: String) -> Any? {
        let value = super.value(forKey: key)
        return value is NSNull && CAShapeLayer.drawingKeys.contains(key) ? nil : value
    }

    /// Stores the value (a path as an immutable copy) and marks the layer for display when the
    /// drawing depends on the key.
    open override func setValue(_ value: Any?, forKey key: String) {
        var stored = key == "path" ? (value as? CGPath)?.copy() ?? value : value
        // A stored nil would read back as the default: a nil fill is kept as NSNull.
        if stored == nil && key == "fillColor" { stored = NSNull() }
        super.setValue(stored, forKey: key)
        if CAShapeLayer.drawingKeys.contains(key) { setNeedsDisplay() }
    }

    /// True for the shape's drawing keys.
    open override class func needsDisplay(forKey key: String) -> Bool {
        drawingKeys.contains(key) || super.needsDisplay(forKey: key)
    }

    /// Draws the shape (with its animations' values now) into a backing store covering the
    /// bounds and the shape within the backing-store budget, after `draw(in:)`, and makes it
    /// the contents.
    open override func display() {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        dirtyRect = nil
        var animated = redraw.values(for: self)
        if let path = animatedPath() { animated["path"] = path }
        let shape = ShapeValue.drawing { animated[$0] ?? self.value(forKey: $0) }
        guard let extent = shape.extent(including: state.bounds) else { return setDisplayedContents(nil) }
        let area = BackingStoreBudget.shapeArea(extent, around: state.bounds, at: state.contentsScale)
        guard area.width > 0, area.height > 0 else { return setDisplayedContents(nil) }
        // Placed on whole pixels, the store can take one more pixel a side.
        let scale = backingStoreScale(for: area.size, margin: 1, what: "CAShapeLayer.display")
        // Whole pixels from the layer's origin, so the shape lands on the same pixel grid as the bounds.
        let x0 = (area.minX * scale).rounded(.down)
        let y0 = (area.minY * scale).rounded(.down)
        let x1 = (area.maxX * scale).rounded(.up)
        let y1 = (area.maxY * scale).rounded(.up)
        // A path whose bounds overflow gives no whole number of pixels: nothing is drawn.
        let largest = CGFloat(Int32.max)
        guard x1 - x0 <= largest, y1 - y0 <= largest else {
            Diagnostics.errorOnce(
                "CAShapeLayer.extent", "CAShapeLayer: a shape too large to measure in pixels is not drawn")
            return setDisplayedContents(nil)
        }
        let rect = CGRect(x: x0 / scale, y: y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale)
        guard let context = CGContext(layerWidth: Int(x1 - x0), height: Int(y1 - y0), scale: scale) else {
            return setDisplayedContents(nil)
        }
        context.translateBy(x: -rect.minX, y: -rect.minY)
        if !state.bounds.isEmpty {
            context.saveGState()
            context.clip(to: state.bounds)
            delegate?.layerWillDraw(self)
            draw(in: context)
            context.restoreGState()
        }
        shape.draw(in: context, scale: scale)
        guard let drawn = context.makeImage() else { return setDisplayedContents(nil) }
        setDisplayedContents(
            CGImage(premultipliedRGBA: drawn.pixels, width: drawn.width, height: drawn.height, layerRect: rect))
    }

    /// The path its `path` animations give now: from-path to to-path (the model path standing
    /// in for a missing one), interpolated point by point when the two have the same elements,
    /// else the to-path from half-way on. Nil when no `path` animation has an effect now.
    private func animatedPath() -> CGPath? {
        let now = convertTime(CACurrentMediaTime(), from: nil)
        var result: CGPath?
        for record in animationRecords {
            guard let basic = record.animation as? CABasicAnimation, basic.keyPath == "path" else { continue }
            var compiled = record.compiled
            if record.needsBeginTime { compiled.timing.beginTime = now }
            var outputs = AnimationOutputs()
            guard let (progress, _, _) = AnimationEvaluator.progress(of: compiled, parentTime: now, outputs: &outputs)
            else { continue }
            let current = result ?? path ?? CGMutablePath()
            let from = basic.fromValue as? CGPath ?? current
            let to = basic.toValue as? CGPath ?? current
            let f = CGFloat(progress)
            result = CGPath.interpolated(from: from, to: to, fraction: f) ?? (f < 0.5 ? from : to)
        }
        return result
    }

    /// Whether the shape is being redrawn every frame for a running animation.
    var isRedrawingForAnimation: Bool { redraw.isRedrawing }
}

/// A shape layer's key-value coded drawing properties read as the types they draw with, with
/// the defaults standing in for missing or unusable values.
private enum ShapeValue {
    static func number(_ value: Any?, _ fallback: CGFloat) -> CGFloat {
        ValueConversion.double(value).map { CGFloat($0) }.flatMap { $0.isFinite ? $0 : nil } ?? fallback
    }

    static func color(_ value: Any?) -> CGColor? { value.flatMap { $0 as? CGColor } }

    static func fillRule(_ value: Any?) -> CAShapeLayerFillRule {
        (value as? CAShapeLayerFillRule) ?? (value as? String).map(CAShapeLayerFillRule.init(rawValue:)) ?? .nonZero
    }

    static func lineCap(_ value: Any?) -> CAShapeLayerLineCap {
        (value as? CAShapeLayerLineCap) ?? (value as? String).map(CAShapeLayerLineCap.init(rawValue:)) ?? .butt
    }

    static func lineJoin(_ value: Any?) -> CAShapeLayerLineJoin {
        (value as? CAShapeLayerLineJoin) ?? (value as? String).map(CAShapeLayerLineJoin.init(rawValue:)) ?? .miter
    }

    /// The drawing the properties that `value` gives by key (model or animated values) describe.
    static func drawing(_ value: (String) -> Any?) -> ShapeDrawing {
        let lineCap: CGLineCap =
            switch lineCap(value("lineCap")) {
            case .round: .round
            case .square: .square
            default: .butt
            }
        let lineJoin: CGLineJoin =
            switch lineJoin(value("lineJoin")) {
            case .round: .round
            case .bevel: .bevel
            default: .miter
            }
        return ShapeDrawing(
            path: (value("path") as? CGPath)?.elements ?? [], fillColor: color(value("fillColor"))?.value,
            fillRule: fillRule(value("fillRule")) == .evenOdd ? .evenOdd : .winding,
            strokeColor: color(value("strokeColor"))?.value, lineWidth: number(value("lineWidth"), 1),
            lineCap: lineCap, lineJoin: lineJoin, miterLimit: number(value("miterLimit"), 10),
            dashes: ((value("lineDashPattern") as? [Any]) ?? []).compactMap(ValueConversion.double).map { CGFloat($0) },
            dashPhase: number(value("lineDashPhase"), 0), strokeStart: number(value("strokeStart"), 0),
            strokeEnd: number(value("strokeEnd"), 1))
    }
}
