import CCairo
import Foundation

/// The kind of gradient a `CAGradientLayer` draws.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Colours vary along the line from `startPoint` to `endPoint` and are constant across it
    /// (the default).
    public static let axial = Self(rawValue: "axial")
    /// Colours vary from `startPoint` (the centre) out to an ellipse whose radii are the
    /// horizontal and vertical distances to `endPoint`.
    public static let radial = Self(rawValue: "radial")
    /// Colours vary with the angle around `startPoint`, starting in the direction of `endPoint`
    /// and turning clockwise on screen.
    public static let conic = Self(rawValue: "conic")
}

/// A layer that fills its bounds with a colour gradient, as Core Animation's `CAGradientLayer`.
///
/// The gradient is drawn over the background colour and clipped to the layer's rounded shape
/// (`cornerRadius` and `maskedCorners`) whether or not `masksToBounds` is set; a subclass's or
/// delegate's `draw(in:)` drawing goes over it. Points are in the unit coordinate space of the
/// bounds ((0, 0) the top-left corner, (1, 1) the bottom-right). Outside the range of the
/// stops the end colours continue. Colours are interpolated as straight (not premultiplied)
/// components, as Core Graphics gradients are.
///
/// `startPoint` and `endPoint` are animatable (implicitly and explicitly), redrawn on the app
/// thread once per frame while they animate, as `CAShapeLayer` does; `colors`, `locations`
/// and `type` change without animating.
open class CAGradientLayer: CALayer {
    static let animatableKeys: Set<String> = ["startPoint", "endPoint"]
    static let drawingKeys = animatableKeys.union(["colors", "locations", "type", "cornerRadius", "maskedCorners"])
    private static let registration: Void = {
        for key in animatableKeys { CAGradientLayer.registerAnimatableProperty(key) }
    }()

    override var contentRedraw: AnimatedRedraw? { redraw }
    private let redraw = AnimatedRedraw(keys: CAGradientLayer.animatableKeys)

    /// A gradient layer with no colours; it redraws when its bounds change size.
    public override init() {
        _ = CAGradientLayer.registration
        super.init()
        needsDisplayOnBoundsChange = true
    }

    /// A copy of `layer`'s gradient properties (for presentation copies).
    public required init(layer: Any) {
        _ = CAGradientLayer.registration
        super.init(layer: layer)
        needsDisplayOnBoundsChange = true
        if let gradient = layer as? CAGradientLayer { keyedValues = gradient.keyedValues }
    }

    /// The colours (`CGColor`s) of the stops, in order; nil or empty draws nothing and one
    /// colour fills the layer. Default nil.
    open var colors: [Any]? {
        get { value(forKey: "colors") as? [Any] }
        set { setValue(newValue, forKey: "colors") }
    }

    /// Where each colour stop lies, 0...1 along the gradient, increasing; nil spreads the
    /// stops evenly. A list whose count differs from `colors` is ignored (even spacing), with
    /// a logged warning. Default nil.
    open var locations: [NSNumber]? {
        get { value(forKey: "locations") as? [NSNumber] }
        set { setValue(newValue, forKey: "locations") }
    }

    /// Where the gradient starts, in the unit space of the bounds. Default (0.5, 0). Animatable.
    open var startPoint: CGPoint {
        get { (value(forKey: "startPoint") as? CGPoint) ?? CGPoint(x: 0.5, y: 0) }
        set { setValue(newValue, forKey: "startPoint") }
    }

    /// Where the gradient ends, in the unit space of the bounds. Default (0.5, 1). Animatable.
    open var endPoint: CGPoint {
        get { (value(forKey: "endPoint") as? CGPoint) ?? CGPoint(x: 0.5, y: 1) }
        set { setValue(newValue, forKey: "endPoint") }
    }

    /// The kind of gradient. Default `.axial`.
    open var type: CAGradientLayerType {
        get {
            let value = value(forKey: "type")
            return (value as? CAGradientLayerType) ?? (value as? String).map(CAGradientLayerType.init(rawValue:)) ?? .axial
        }
        set { setValue(newValue, forKey: "type") }
    }

    /// Core Animation's gradient defaults: `startPoint` (0.5, 0), `endPoint` (0.5, 1), `.axial`;
    /// the layer defaults for other keys.
    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "startPoint": CGPoint(x: 0.5, y: 0)
        case "endPoint": CGPoint(x: 0.5, y: 1)
        case "type": CAGradientLayerType.axial
        default: super.defaultValue(forKey: key)
        }
    }

    /// Stores the value and marks the layer for display when the gradient depends on the key.
    open override func setValue(_ value: Any?, forKey key: String) {
        super.setValue(value, forKey: key)
        if CAGradientLayer.drawingKeys.contains(key) { setNeedsDisplay() }
    }

    /// True for the gradient's keys, `cornerRadius` and `maskedCorners` (the gradient is clipped to the rounded shape).
    open override class func needsDisplay(forKey key: String) -> Bool {
        drawingKeys.contains(key) || super.needsDisplay(forKey: key)
    }

    /// Draws the gradient (with its animations' values now) clipped to the rounded bounds,
    /// then the delegate's drawing.
    open override func draw(in ctx: CGContext) {
        let animated = redraw.values(for: self)
        let start = (animated["startPoint"] as? CGPoint) ?? startPoint
        let end = (animated["endPoint"] as? CGPoint) ?? endPoint
        let stops = GradientStops(colors: colors ?? [], locations: locations, layer: self)
        if !stops.isEmpty {
            let b = state.bounds
            func point(_ unit: CGPoint) -> CGPoint { CGPoint(x: b.minX + unit.x * b.width, y: b.minY + unit.y * b.height) }
            ctx.saveGState()
            ctx.beginPath()
            ctx.addPath(roundedShape())
            ctx.clip()
            switch type {
            case .radial: stops.drawRadial(in: ctx, center: point(start), edge: point(end))
            case .conic: stops.drawConic(in: ctx, center: point(start), toward: point(end))
            default: stops.drawAxial(in: ctx, from: point(start), to: point(end))
            }
            ctx.restoreGState()
        }
        super.draw(in: ctx)
    }

    /// The bounds with the corners `maskedCorners` names rounded by `cornerRadius` (at most
    /// half the shorter side), as the renderer rounds the background.
    private func roundedShape() -> CGPath {
        let b = state.bounds
        let r = min(state.cornerRadius, min(b.width, b.height) / 2)
        let m = state.maskedCorners
        func radius(_ corner: CACornerMask) -> CGFloat { m.contains(corner) ? r : 0 }
        let path = CGMutablePath()
        path.move(to: CGPoint(x: b.minX + radius(.layerMinXMinYCorner), y: b.minY))
        path.addArc(tangent1End: CGPoint(x: b.maxX, y: b.minY), tangent2End: CGPoint(x: b.maxX, y: b.maxY),
                    radius: radius(.layerMaxXMinYCorner))
        path.addArc(tangent1End: CGPoint(x: b.maxX, y: b.maxY), tangent2End: CGPoint(x: b.minX, y: b.maxY),
                    radius: radius(.layerMaxXMaxYCorner))
        path.addArc(tangent1End: CGPoint(x: b.minX, y: b.maxY), tangent2End: CGPoint(x: b.minX, y: b.minY),
                    radius: radius(.layerMinXMaxYCorner))
        path.addArc(tangent1End: CGPoint(x: b.minX, y: b.minY), tangent2End: CGPoint(x: b.maxX, y: b.minY),
                    radius: radius(.layerMinXMinYCorner))
        path.closeSubpath()
        return path
    }
}

/// A gradient's colour stops: straight RGBA at increasing offsets in 0...1.
struct GradientStops {
    private(set) var stops: [(offset: Double, color: RGBA)] = []

    init(colors: [Any], locations: [NSNumber]?, layer: CALayer) {
        let rgba = colors.compactMap { ($0 as? CGColor)?.value }
        if rgba.count < colors.count {
            Diagnostics.warning("CAGradientLayer.colors of \(layer): \(colors.count - rgba.count) entries are not CGColor and are skipped")
        }
        var offsets = rgba.indices.map { rgba.count > 1 ? Double($0) / Double(rgba.count - 1) : 0 }
        if let locations {
            if locations.count == rgba.count {
                offsets = locations.map { min(max($0.doubleValue.isFinite ? $0.doubleValue : 0, 0), 1) }
            } else {
                Diagnostics.warning("CAGradientLayer.locations of \(layer): \(locations.count) locations for \(rgba.count) colours; spacing the colours evenly")
            }
        }
        // Stable: stops at the same offset keep their order (a sharp edge).
        stops = zip(offsets, rgba).enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
    }

    var isEmpty: Bool { stops.isEmpty }

    /// The colour at `t` (straight RGBA), the end colours continuing beyond the stops.
    func color(at t: Double) -> RGBA {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.offset { return first.color }
        if t >= last.offset { return last.color }
        let upper = stops.firstIndex { $0.offset > t } ?? stops.count - 1
        let (a, b) = (stops[upper - 1], stops[upper])
        let f = Float(b.offset > a.offset ? (t - a.offset) / (b.offset - a.offset) : 1)
        return RGBA(r: a.color.r + (b.color.r - a.color.r) * f, g: a.color.g + (b.color.g - a.color.g) * f,
                    b: a.color.b + (b.color.b - a.color.b) * f, a: a.color.a + (b.color.a - a.color.a) * f)
    }

    /// A linear gradient from `start` to `end` (a single point: the last colour everywhere).
    func drawAxial(in ctx: CGContext, from start: CGPoint, to end: CGPoint) {
        guard start != end, let pattern = cairo_pattern_create_linear(Double(start.x), Double(start.y), Double(end.x), Double(end.y)) else {
            return fill(ctx, with: stops.last?.color ?? .clear)
        }
        paint(ctx, pattern)
    }

    /// An elliptical gradient centred on `center` whose outer edge passes through the
    /// horizontal and vertical distances to `edge`; when one distance is zero the other is
    /// used for both (a circle).
    func drawRadial(in ctx: CGContext, center: CGPoint, edge: CGPoint) {
        var rx = Double(abs(edge.x - center.x)), ry = Double(abs(edge.y - center.y))
        if rx == 0 { rx = ry }
        if ry == 0 { ry = rx }
        guard rx > 0, let pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1) else {
            return fill(ctx, with: stops.last?.color ?? .clear)
        }
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, 1 / rx, 1 / ry)
        cairo_matrix_translate(&matrix, -Double(center.x), -Double(center.y))
        cairo_pattern_set_matrix(pattern, &matrix)
        paint(ctx, pattern)
    }

    /// A conic gradient around `center`: offset 0 in the direction of `toward`, growing
    /// clockwise on screen to 1 after a full turn. Computed per pixel of the context.
    func drawConic(in ctx: CGContext, center: CGPoint, toward: CGPoint) {
        let base = atan2(Double(toward.y - center.y), Double(toward.x - center.x))
        var toUser = cairo_matrix_t()
        cairo_get_matrix(ctx.cairo, &toUser)
        guard cairo_matrix_invert(&toUser) == CAIRO_STATUS_SUCCESS,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(ctx.width), Int32(ctx.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else { return }
        defer { cairo_surface_destroy(surface) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<ctx.height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<ctx.width {
                var ux = Double(x) + 0.5, uy = Double(y) + 0.5
                cairo_matrix_transform_point(&toUser, &ux, &uy)
                var turn = (atan2(uy - Double(center.y), ux - Double(center.x)) - base) / (2 * .pi)
                turn -= turn.rounded(.down)
                let c = color(at: turn).premultiplied
                func byte(_ v: Float) -> UInt32 { UInt32((v * 255).rounded()) }
                row[x] = byte(c.a) << 24 | byte(c.r) << 16 | byte(c.g) << 8 | byte(c.b)
            }
        }
        cairo_surface_mark_dirty(surface)
        cairo_save(ctx.cairo)
        cairo_identity_matrix(ctx.cairo)
        cairo_set_source_surface(ctx.cairo, surface, 0, 0)
        cairo_paint(ctx.cairo)
        cairo_restore(ctx.cairo)
    }

    /// Paints `pattern` with the stops through the clip, the end colours extending outwards.
    private func paint(_ ctx: CGContext, _ pattern: OpaquePointer) {
        defer { cairo_pattern_destroy(pattern) }
        for stop in stops {
            cairo_pattern_add_color_stop_rgba(pattern, stop.offset, Double(stop.color.r), Double(stop.color.g),
                                              Double(stop.color.b), Double(stop.color.a))
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(ctx.cairo, pattern)
        cairo_paint(ctx.cairo)
    }

    private func fill(_ ctx: CGContext, with color: RGBA) {
        ctx.setSource(color)
        cairo_paint(ctx.cairo)
    }
}
