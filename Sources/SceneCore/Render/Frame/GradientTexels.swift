import Foundation

/// A `CAGradientLayer`'s gradient as the layer shader reads it: a block of RGBA float texels in
/// the frame's gradient texture (`DisplayList.gradientTexels`), which a gradient quad names by
/// the index of its first texel.
///
/// The block is, in order:
/// - `(kind, stop count, start x, start y)`: kind 0 axial, 1 radial, 2 conic; the points in the
///   layer's bounds space;
/// - `(end x, end y, 0, 0)`;
/// - one texel per stop: its colour, straight RGBA clamped to 0...1;
/// - the stops' locations, four to a texel, in increasing order (equal locations keep the
///   colours' order, making a sharp edge).
///
/// The shader finds the location `t` of each pixel (the projection onto the line from start to
/// end; the distance from the start in radii of the ellipse through the end; the turn from the
/// end's direction, clockwise on screen), interpolates the straight colours of the stops around
/// it, the end colours continuing beyond them, and premultiplies the result.
package enum GradientTexels {
    /// The texels in one row of the gradient texture; the shader's `GRADIENT_ROW`.
    package static let rowLength = 1024
    /// The most stops one gradient draws: every pixel of it looks through its stops, so a
    /// longer list keeps its first `maximumStops` colours (logged once).
    static let maximumStops = 256

    /// Whether `block` is an axial gradient of two stops (`GradientShading.axialTwoStops`).
    static func isAxialTwoStop(_ block: [SIMD4<Float>]) -> Bool { block.first.map { $0.x == 0 && $0.y == 2 } ?? false }

    /// Whether the axial gradient of two stops `block` stays between its stops over `rect`
    /// (x, y, width, height in the gradient's space), within a ten-thousandth: then its colour
    /// is an affine function of the point over the rect, interpolated exactly from the corners
    /// (`GradientShading.interpolated`). A CAGradientLayer's default gradient, from the middle
    /// of its top edge to the middle of its bottom edge, does over its bounds.
    static func staysBetweenStops(_ block: [SIMD4<Float>], over rect: SIMD4<Float>) -> Bool {
        guard isAxialTwoStop(block), block.count >= 5 else { return false }
        let start = SIMD2(block[0].z, block[0].w)
        let d = SIMD2(block[1].x, block[1].y) - start
        let lengthSquared = (d * d).sum()
        let (lower, upper) = (block[4].x, block[4].y)
        guard lengthSquared > 0, upper > lower else { return false }
        let slack: Float = 1e-4
        for corner in [SIMD2<Float>(0, 0), SIMD2(1, 0), SIMD2(0, 1), SIMD2(1, 1)] {
            let p = SIMD2(rect.x, rect.y) + corner * SIMD2(rect.z, rect.w)
            let t = ((p - start) * d).sum() / lengthSquared
            guard t >= lower - slack, t <= upper + slack else { return false }
        }
        return true
    }

    /// The block for the gradient of `p`, or nil when it draws nothing: fewer than two colours,
    /// locations whose count differs from the colours', or a radial gradient whose points share
    /// an x or a y (as in Core Animation).
    static func block(for p: LayerProperties) -> [SIMD4<Float>]? {
        var colors = p.gradientColors.shown
        guard colors.count >= 2 else { return nil }
        var locations = p.gradientLocations.values
        if let locations, locations.count != colors.count {
            Diagnostics.errorOnce(
                "gradient-locations",
                "CAGradientLayer: \(locations.count) locations for \(colors.count) colours; the gradient draws nothing")
            return nil
        }
        if colors.count > maximumStops {
            Diagnostics.errorOnce(
                "gradient-stops",
                "CAGradientLayer: \(colors.count) colours; only the first \(maximumStops) are drawn")
            colors = Array(colors.prefix(maximumStops))
            locations = locations.map { Array($0.prefix(maximumStops)) }
        }
        let b = p.bounds
        let start = SIMD2(Float(b.minX + p.startPoint.x * b.width), Float(b.minY + p.startPoint.y * b.height))
        let end = SIMD2(Float(b.minX + p.endPoint.x * b.width), Float(b.minY + p.endPoint.y * b.height))
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { return nil }
        let kind: Float
        switch p.gradientType {
        case .radial:
            guard start.x != end.x, start.y != end.y else { return nil }
            kind = 1
        case .conic: kind = 2
        default: kind = 0
        }
        let offsets: [Float]
        if let locations {
            offsets = locations.map { (location: Double) -> Float in Float(min(max(location, 0), 1)) }
        } else {
            let last = Float(colors.count - 1)
            offsets = colors.indices.map { (index: Int) -> Float in Float(index) / last }
        }
        let order = offsets.indices.sorted { (offsets[$0], $0) < (offsets[$1], $1) }
        var block: [SIMD4<Float>] = [SIMD4(kind, Float(colors.count), start.x, start.y), SIMD4(end.x, end.y, 0, 0)]
        block.reserveCapacity(2 + colors.count + (colors.count + 3) / 4)
        func unit(_ x: Float) -> Float { x.isFinite ? min(max(x, 0), 1) : 0 }
        for i in order {
            let c = colors[i]
            block.append(SIMD4(unit(c.r), unit(c.g), unit(c.b), unit(c.a)))
        }
        for first in stride(from: 0, to: order.count, by: 4) {
            var texel = SIMD4<Float>(repeating: 1)
            for lane in 0..<min(4, order.count - first) { texel[lane] = offsets[order[first + lane]] }
            block.append(texel)
        }
        return block
    }
}
