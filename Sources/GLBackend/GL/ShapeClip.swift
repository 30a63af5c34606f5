import SceneCore

/// A quad's rounded rectangle (`shapeRect` with `radii`) as seen from a target's pixels: the
/// affine map from a pixel (rows from the bottom, as `gl_FragCoord`) into the quad's layer
/// space, with which a shader tests each pixel's centre against the shape, as a stencil clip of
/// the quad (`pushClip`) would, without drawing into the stencil. Only a quad without
/// perspective has one.
struct ShapeClip: Equatable {
    /// The layer's x at the pixel point (x, y) is `dot(layerX, (x, y, 1))`.
    let layerX: SIMD3<Float>
    /// The layer's y at the pixel point (x, y) is `dot(layerY, (x, y, 1))`.
    let layerY: SIMD3<Float>
    /// The rounded rectangle (x, y, width, height) in layer space, and its corners' radii.
    let rect: SIMD4<Float>
    let radii: SIMD4<Float>
    /// Pixels whose centres lie inside the shape whatever its corners: those inside its
    /// rectangle less the corners' reach on every side, where the shape is not turned (empty
    /// where it is).
    let interior: PixelRegion

    /// The clip of `quad`'s shape in a `width` x `height` target; nil when the quad's transform
    /// has perspective, maps the layer onto no area, or is not finite.
    init?(_ quad: QuadInstance, width: Int, height: Int) {
        let (x, y, origin) = (quad.transformX, quad.transformY, quad.transformOrigin)
        guard x.w == 0, y.w == 0, origin.w > 0 else { return nil }
        // A layer point (u, v) lands on the pixel point (a u + b v + e, c u + d v + f).
        let (halfWidth, halfHeight) = (Float(width) / 2, Float(height) / 2)
        let (a, b, e) = (x.x / origin.w * halfWidth, y.x / origin.w * halfWidth, (origin.x / origin.w + 1) * halfWidth)
        let (c, d, f) = (
            x.y / origin.w * halfHeight, y.y / origin.w * halfHeight, (origin.y / origin.w + 1) * halfHeight
        )
        let determinant = a * d - b * c
        guard determinant != 0 else { return nil }
        let (p, q, r, s) = (d / determinant, -b / determinant, -c / determinant, a / determinant)
        layerX = SIMD3(p, q, -(p * e + q * f))
        layerY = SIMD3(r, s, -(r * e + s * f))
        // A part that is not finite times 0 is NaN, which is not 0.
        guard layerX * 0 == .zero, layerY * 0 == .zero else { return nil }
        rect = quad.shapeRect
        radii = quad.radii
        interior =
            b == 0 && c == 0
            ? Self.interior(
                of: rect, radii: radii, scale: SIMD2(a, d), offset: SIMD2(e, f), width: width, height: height)
            : PixelRegion.empty
    }

    /// How far a continuous corner reaches along each edge, per unit of radius.
    private static let continuousExpansion = Float(CALayer.cornerCurveExpansionFactor(.continuous))

    /// The pixels whose centres lie in `rect` less its corners' reach, where a layer point p
    /// lands on the pixel point p * scale + offset.
    private static func interior(
        of rect: SIMD4<Float>, radii: SIMD4<Float>, scale: SIMD2<Float>, offset: SIMD2<Float>, width: Int, height: Int
    ) -> PixelRegion {
        let (corner, size) = (SIMD2(rect.x, rect.y), SIMD2(rect.z, rect.w))
        let largest = pointwiseMax(radii, -radii).max()
        let halfShorter = min(abs(size.x), abs(size.y)) / 2
        let reach = min(radii.min() < 0 ? continuousExpansion * largest : largest, halfShorter)
        let low = pointwiseMin(corner, corner + size) + reach
        let high = pointwiseMax(corner, corner + size) - reach
        let (p, q) = (low * scale + offset, high * scale + offset)
        // Within the target (a pixel beyond on each side), then the first and last pixel
        // centres (at half-integers) within.
        let limit = SIMD2(Float(width), Float(height)) + 1
        let first = (pointwiseMax(pointwiseMin(p, q), SIMD2(repeating: -1)) - 0.5).rounded(.up)
        let last = (pointwiseMin(pointwiseMax(p, q), limit) - 0.5).rounded(.down)
        guard first.x <= last.x, first.y <= last.y else { return PixelRegion.empty }
        return PixelRegion(
            x: Int(first.x), y: Int(first.y), width: Int(last.x - first.x) + 1, height: Int(last.y - first.y) + 1)
    }
}
