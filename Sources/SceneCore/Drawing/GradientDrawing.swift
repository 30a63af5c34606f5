import CSceneCoreCairo
import Foundation

/// A `CAGradientLayer`'s gradient drawn with Cairo, for software snapshots (`render(in:)`):
/// the same gradient the render side's shader draws, from the same block of values
/// (`GradientTexels.block(for:)`), so that both agree on which gradients draw nothing, on the
/// order of equal locations and on the colours beyond the end stops.
///
/// Axial gradients are Cairo linear patterns from the start to the end point; radial ones a
/// Cairo radial pattern from the start point out to the ellipse whose radii are the
/// horizontal and vertical distances to the end point; conic ones, which Cairo has no pattern
/// for, a mesh pattern of thin sectors around the start point, each a Coons patch whose
/// colour varies with the angle only, split at every stop and at least every 1/256 turn, so
/// that the colour is the stops' interpolation at every angle, turning clockwise on screen from
/// the end point's direction. All three pad beyond the end stops.
struct GradientDrawing {
    enum Kind { case axial, radial, conic }

    let kind: Kind
    /// The start and end points, in the layer's bounds space.
    let start: CGPoint
    let end: CGPoint
    /// The stops in increasing location (equal locations keep the colours' order): straight
    /// colours clamped to 0...1, and locations clamped to 0...1.
    let colors: [RGBA]
    let locations: [Double]

    /// The most sectors a conic gradient is drawn with apart from those its stops add.
    static let conicSectors = 256

    /// The gradient of a layer with properties `p`; nil when it draws nothing (see `GradientTexels`).
    init?(_ p: LayerProperties) {
        guard let block = GradientTexels.block(for: p) else { return nil }
        let count = Int(block[0].y)
        kind =
            switch Int(block[0].x) {
            case 1: .radial
            case 2: .conic
            default: .axial
            }
        start = CGPoint(x: CGFloat(block[0].z), y: CGFloat(block[0].w))
        end = CGPoint(x: CGFloat(block[1].x), y: CGFloat(block[1].y))
        colors = (0..<count).map {
            RGBA(r: block[2 + $0].x, g: block[2 + $0].y, b: block[2 + $0].z, a: block[2 + $0].w)
        }
        locations = (0..<count).map { Double(block[2 + count + $0 / 4][$0 % 4]) }
    }

    /// Paints the gradient over the whole clip of `context`, in its user space (the layer's
    /// bounds space); the caller clips it to the layer's shape.
    func draw(in context: CGContext) {
        let cairo = context.cairo
        let pattern: OpaquePointer?
        let (dx, dy) = (Double(end.x - start.x), Double(end.y - start.y))
        switch kind {
        case .axial:
            guard dx != 0 || dy != 0 else {
                // The shader's location for a gradient without a direction is 1 everywhere.
                context.setFillColor(color(at: 1))
                return paintClip(context)
            }
            pattern = cairo_pattern_create_linear(Double(start.x), Double(start.y), Double(end.x), Double(end.y))
            addStops(to: pattern)
        case .radial:
            pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)
            addStops(to: pattern)
            var matrix = cairo_matrix_t()
            cairo_matrix_init_scale(&matrix, 1 / abs(dx), 1 / abs(dy))
            cairo_matrix_translate(&matrix, -Double(start.x), -Double(start.y))
            cairo_pattern_set_matrix(pattern, &matrix)
        case .conic:
            pattern = conicMesh(reaching: clipRadius(context))
        }
        guard let pattern else { return }
        defer { cairo_pattern_destroy(pattern) }
        if kind != .conic { cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD) }
        cairo_save(cairo)
        cairo_set_source(cairo, pattern)
        cairo_paint_with_alpha(cairo, Double(context.alpha))
        cairo_restore(cairo)
    }

    /// The straight colour at location `t`: the stops' linear interpolation, the end colours beyond them.
    func color(at t: Double) -> RGBA {
        segmentColor(at: t, segment: segment(containing: t))
    }

    // MARK: - Internals

    private func addStops(to pattern: OpaquePointer?) {
        for (location, c) in zip(locations, colors) {
            cairo_pattern_add_color_stop_rgba(pattern, location, Double(c.r), Double(c.g), Double(c.b), Double(c.a))
        }
    }

    private func paintClip(_ context: CGContext) {
        context.beginPath()
        context.addRect(context.boundingBoxOfClipPath)
        context.fillPath()
    }

    /// The index of the first stop above `t` (0 before the first, `count` past the last), the
    /// segment whose interpolation gives the colour at `t`.
    private func segment(containing t: Double) -> Int {
        locations.firstIndex { t < $0 } ?? locations.count
    }

    /// The colour at `t` on the line of segment `i` (between stops `i - 1` and `i`), the end
    /// colours for the segments beyond the stops.
    private func segmentColor(at t: Double, segment i: Int) -> RGBA {
        if i == 0 { return colors[0] }
        if i == colors.count { return colors[colors.count - 1] }
        let (lower, upper) = (locations[i - 1], locations[i])
        let f = Float(upper > lower ? min(max((t - lower) / (upper - lower), 0), 1) : 1)
        let (a, b) = (colors[i - 1], colors[i])
        return RGBA(
            r: a.r + (b.r - a.r) * f, g: a.g + (b.g - a.g) * f, b: a.b + (b.b - a.b) * f, a: a.a + (b.a - a.a) * f)
    }

    /// How far from the start point the clip reaches, in user space, plus a unit.
    private func clipRadius(_ context: CGContext) -> Double {
        let clip = context.boundingBoxOfClipPath
        let reach = clip.corners.map { hypot(Double($0.x - start.x), Double($0.y - start.y)) }.max() ?? 0
        return reach.isFinite ? reach + 1 : 0
    }

    /// A mesh of sectors around the start point out to `radius`, each spanning turns where the
    /// colour is linear in the turn, its corners coloured by the turn at its two edges.
    private func conicMesh(reaching radius: Double) -> OpaquePointer? {
        guard radius > 0 else { return nil }
        var turns = Set((0...Self.conicSectors).map { Double($0) / Double(Self.conicSectors) })
        for location in locations where location > 0 && location < 1 { turns.insert(location) }
        let edges = turns.sorted()
        let base = atan2(Double(end.y - start.y), Double(end.x - start.x))
        let (cx, cy) = (Double(start.x), Double(start.y))
        guard let mesh = cairo_pattern_create_mesh() else { return nil }
        for (t0, t1) in zip(edges, edges.dropFirst()) where t1 > t0 {
            let segment = segment(containing: (t0 + t1) / 2)
            let (c0, c1) = (segmentColor(at: t0, segment: segment), segmentColor(at: t1, segment: segment))
            let (a0, a1) = (base + 2 * .pi * t0, base + 2 * .pi * t1)
            // The arc between the sector's outer corners as one cubic (exact to 1e-6 of the
            // radius for 1/256 turn).
            let k = 4.0 / 3.0 * tan((a1 - a0) / 4) * radius
            cairo_mesh_pattern_begin_patch(mesh)
            cairo_mesh_pattern_move_to(mesh, cx, cy)
            cairo_mesh_pattern_line_to(mesh, cx + radius * cos(a0), cy + radius * sin(a0))
            cairo_mesh_pattern_curve_to(
                mesh, cx + radius * cos(a0) - k * sin(a0), cy + radius * sin(a0) + k * cos(a0),
                cx + radius * cos(a1) + k * sin(a1), cy + radius * sin(a1) - k * cos(a1),
                cx + radius * cos(a1), cy + radius * sin(a1))
            cairo_mesh_pattern_line_to(mesh, cx, cy)
            for (corner, c) in [(0, c0), (1, c0), (2, c1), (3, c1)] {
                cairo_mesh_pattern_set_corner_color_rgba(
                    mesh, UInt32(corner), Double(c.r), Double(c.g), Double(c.b), Double(c.a))
            }
            cairo_mesh_pattern_end_patch(mesh)
        }
        return mesh
    }
}
