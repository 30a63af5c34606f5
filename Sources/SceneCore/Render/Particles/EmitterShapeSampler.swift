import Foundation

/// Where on the emitter shape a particle is born, relative to the emitter's centre.
///
/// `line` runs along x, `emitterSize.width` long; `rectangle` and `cuboid` are centred boxes of
/// `emitterSize` (and `emitterDepth`); `circle` and `sphere` have radius `emitterSize.width / 2`.
/// `points` picks a line's ends, a box's corners, a circle's or sphere's centre; `outline` a
/// rectangle's edges, a circle's circumference, a sphere's surface (a line anywhere along it);
/// `surface` and `volume` anywhere within the shape (on a sphere's surface for `surface`).
enum EmitterShapeSampler {
    static func offset(
        _ shape: CAEmitterLayerEmitterShape, _ mode: CAEmitterLayerEmitterMode, size: SIMD3<Double>,
        random: inout ParticleRandom
    ) -> SIMD3<Double> {
        let (u, v, w) = (random.unit(), random.unit(), random.unit())
        let half = size * 0.5
        switch shape {
        case .line:
            return SIMD3(mode == .points ? (u < 0.5 ? -half.x : half.x) : (u - 0.5) * size.x, 0, 0)
        case .rectangle, .cuboid:
            let z = shape == .cuboid ? (w - 0.5) * size.z : 0
            switch mode {
            case .points:
                return SIMD3(
                    u < 0.5 ? -half.x : half.x, v < 0.5 ? -half.y : half.y,
                    shape == .cuboid ? (w < 0.5 ? -half.z : half.z) : 0)
            case .outline:
                return SIMD3(perimeter(u, width: size.x, height: size.y), z)
            default:
                return SIMD3((u - 0.5) * size.x, (v - 0.5) * size.y, z)
            }
        case .circle:
            let angle = 2 * Double.pi * v
            let r = mode == .points ? 0 : mode == .outline ? half.x : half.x * u.squareRoot()
            return SIMD3(r * cos(angle), r * sin(angle), 0)
        case .sphere:
            guard mode != .points else { return .zero }
            let z = 2 * u - 1
            let ring = (1 - z * z).squareRoot()
            let angle = 2 * Double.pi * v
            let r = mode == .volume ? half.x * cbrt(w) : half.x
            return SIMD3(ring * cos(angle), ring * sin(angle), z) * r
        default:
            return .zero
        }
    }

    /// The point a fraction `u` of the way round a centred rectangle's edges.
    private static func perimeter(_ u: Double, width: Double, height: Double) -> SIMD2<Double> {
        let total = 2 * (width + height)
        guard total > 0 else { return .zero }
        var d = u * total
        let (hx, hy) = (width / 2, height / 2)
        if d < width { return SIMD2(-hx + d, -hy) }
        d -= width
        if d < height { return SIMD2(hx, -hy + d) }
        d -= height
        if d < width { return SIMD2(hx - d, hy) }
        return SIMD2(-hx, hy - (d - width))
    }
}
