import CCairo
import Foundation

/// What a gradient layer draws, as a plain value: colour stops spread between two points of a
/// rectangle, clipped to its rounded shape, holding no layer, so that it can be drawn on any
/// thread.
///
/// Colours are straight (not premultiplied) RGBA and are interpolated as such, as Core
/// Graphics gradients are; outside the range of the stops the end colours continue.
struct GradientDrawing: Sendable {
    /// How colours vary over the rectangle.
    enum Kind: Sendable {
        /// Along the line from the start point to the end point, constant across it.
        case axial
        /// From the start point (the centre) out to an ellipse whose radii are the horizontal
        /// and vertical distances to the end point; nothing when either distance is zero.
        case radial
        /// With the angle around the start point, from the direction of the end point,
        /// clockwise on screen.
        case conic
    }

    /// A colour at a place along the gradient.
    struct Stop: Sendable, Equatable {
        /// Where the colour lies, 0...1 along the gradient.
        var location: Double
        /// The colour, straight RGBA.
        var color: RGBA
    }

    /// How colours vary.
    var kind: Kind
    /// The colour stops in increasing order of location; empty (fewer than two colours, or
    /// locations not one a colour) draws nothing.
    private(set) var stops: [Stop]
    /// Where the gradient starts, in the unit space of `rect` ((0, 0) its top-left corner).
    var startPoint: CGPoint
    /// Where the gradient ends, in the unit space of `rect`.
    var endPoint: CGPoint
    /// The rectangle the gradient fills, in the coordinates of the context drawn into.
    var rect: CGRect
    /// The radius of the rounded corners (at most half the shorter side is used).
    var cornerRadius: CGFloat
    /// Which corners are rounded.
    var maskedCorners: CACornerMask

    /// A gradient of `colors` at `locations` (clamped to 0...1, a non-finite one read as 0); nil
    /// locations spread the colours evenly. Colours at the same location keep their order,
    /// making a sharp edge. As in Core Animation, fewer than two colours, or locations whose
    /// count differs from the colours', make a gradient that draws nothing.
    init(
        kind: Kind, colors: [RGBA], locations: [Double]?, startPoint: CGPoint, endPoint: CGPoint, rect: CGRect,
        cornerRadius: CGFloat, maskedCorners: CACornerMask
    ) {
        self.kind = kind
        self.startPoint = startPoint
        self.endPoint = endPoint
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.maskedCorners = maskedCorners
        guard colors.count >= 2, locations.map({ $0.count == colors.count }) ?? true else {
            stops = []
            return
        }
        let offsets =
            locations?.map { min(max($0.isFinite ? $0 : 0, 0), 1) }
            ?? colors.indices.map { Double($0) / Double(colors.count - 1) }
        stops = zip(offsets, colors).enumerated()
            .sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
            .map { Stop(location: $0.element.0, color: $0.element.1) }
    }

    /// The colour at `location` (straight RGBA), the end colours continuing beyond the stops;
    /// clear when there are no stops.
    func color(at location: Double) -> RGBA {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if location <= first.location { return first.color }
        if location >= last.location { return last.color }
        let upper = stops.firstIndex { $0.location > location } ?? stops.count - 1
        let (a, b) = (stops[upper - 1], stops[upper])
        let f = Float(b.location > a.location ? (location - a.location) / (b.location - a.location) : 1)
        return RGBA(
            r: a.color.r + (b.color.r - a.color.r) * f, g: a.color.g + (b.color.g - a.color.g) * f,
            b: a.color.b + (b.color.b - a.color.b) * f, a: a.color.a + (b.color.a - a.color.a) * f)
    }

    /// Paints the gradient over `context`, clipped to the rounded rectangle; the context's
    /// graphics state is left as it was.
    func draw(in context: CGContext) {
        guard !stops.isEmpty else { return }
        func point(_ unit: CGPoint) -> CGPoint {
            CGPoint(x: rect.minX + unit.x * rect.width, y: rect.minY + unit.y * rect.height)
        }
        context.saveGState()
        context.beginPath()
        context.addPath(roundedShape)
        context.clip()
        switch kind {
        case .axial: drawAxial(in: context, from: point(startPoint), to: point(endPoint))
        case .radial: drawRadial(in: context, center: point(startPoint), edge: point(endPoint))
        case .conic: drawConic(in: context, center: point(startPoint), toward: point(endPoint))
        }
        context.restoreGState()
    }

    /// The rectangle with the corners `maskedCorners` names rounded by `cornerRadius` (at most
    /// half the shorter side), as the renderer rounds a layer's background.
    private var roundedShape: CGPath {
        let b = rect
        let r = min(cornerRadius, min(b.width, b.height) / 2)
        func radius(_ corner: CACornerMask) -> CGFloat { maskedCorners.contains(corner) ? r : 0 }
        let path = CGMutablePath()
        path.move(to: CGPoint(x: b.minX + radius(.layerMinXMinYCorner), y: b.minY))
        path.addArc(
            tangent1End: CGPoint(x: b.maxX, y: b.minY), tangent2End: CGPoint(x: b.maxX, y: b.maxY),
            radius: radius(.layerMaxXMinYCorner))
        path.addArc(
            tangent1End: CGPoint(x: b.maxX, y: b.maxY), tangent2End: CGPoint(x: b.minX, y: b.maxY),
            radius: radius(.layerMaxXMaxYCorner))
        path.addArc(
            tangent1End: CGPoint(x: b.minX, y: b.maxY), tangent2End: CGPoint(x: b.minX, y: b.minY),
            radius: radius(.layerMinXMaxYCorner))
        path.addArc(
            tangent1End: CGPoint(x: b.minX, y: b.minY), tangent2End: CGPoint(x: b.maxX, y: b.minY),
            radius: radius(.layerMinXMinYCorner))
        path.closeSubpath()
        return path
    }

    /// A linear gradient from `start` to `end` (a single point: the last colour everywhere).
    private func drawAxial(in context: CGContext, from start: CGPoint, to end: CGPoint) {
        guard start != end,
            let pattern = cairo_pattern_create_linear(Double(start.x), Double(start.y), Double(end.x), Double(end.y))
        else { return fill(context, with: stops.last?.color ?? .clear) }
        paint(context, pattern)
    }

    /// An elliptical gradient centred on `center` whose outer edge passes through the
    /// horizontal and vertical distances to `edge`. As in Core Animation, nothing is drawn when
    /// either distance is zero (the two points share an x or a y).
    private func drawRadial(in context: CGContext, center: CGPoint, edge: CGPoint) {
        let rx = Double(abs(edge.x - center.x))
        let ry = Double(abs(edge.y - center.y))
        guard rx > 0, ry > 0, rx.isFinite, ry.isFinite, let pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)
        else { return }
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, 1 / rx, 1 / ry)
        cairo_matrix_translate(&matrix, -Double(center.x), -Double(center.y))
        cairo_pattern_set_matrix(pattern, &matrix)
        paint(context, pattern)
    }

    /// A conic gradient around `center`: location 0 in the direction of `toward`, growing
    /// clockwise on screen to 1 after a full turn. Computed per pixel of the context.
    private func drawConic(in context: CGContext, center: CGPoint, toward: CGPoint) {
        let cairo = context.cairo
        let base = atan2(Double(toward.y - center.y), Double(toward.x - center.x))
        var toUser = cairo_matrix_t()
        cairo_get_matrix(cairo, &toUser)
        guard cairo_matrix_invert(&toUser) == CAIRO_STATUS_SUCCESS,
            let surface = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32(context.width),
                Int32(context.height)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
            let data = cairo_image_surface_get_data(surface)
        else { return }
        defer { cairo_surface_destroy(surface) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<context.height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<context.width {
                var ux = Double(x) + 0.5
                var uy = Double(y) + 0.5
                cairo_matrix_transform_point(&toUser, &ux, &uy)
                var turn = (atan2(uy - Double(center.y), ux - Double(center.x)) - base) / (2 * .pi)
                turn -= turn.rounded(.down)
                let c = color(at: turn).premultiplied
                func byte(_ v: Float) -> UInt32 { UInt32((v * 255).rounded()) }
                row[x] = byte(c.a) << 24 | byte(c.r) << 16 | byte(c.g) << 8 | byte(c.b)
            }
        }
        cairo_surface_mark_dirty(surface)
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_set_source_surface(cairo, surface, 0, 0)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    /// Paints `pattern` with the stops through the clip, the end colours extending outwards.
    private func paint(_ context: CGContext, _ pattern: OpaquePointer) {
        defer { cairo_pattern_destroy(pattern) }
        for stop in stops {
            cairo_pattern_add_color_stop_rgba(
                pattern, stop.location, Double(stop.color.r), Double(stop.color.g),
                Double(stop.color.b), Double(stop.color.a))
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(context.cairo, pattern)
        cairo_paint(context.cairo)
    }

    private func fill(_ context: CGContext, with color: RGBA) {
        context.setSource(color)
        cairo_paint(context.cairo)
    }
}
