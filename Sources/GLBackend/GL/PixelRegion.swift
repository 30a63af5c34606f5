import SceneCore

/// A rectangle of whole pixels in a target, in GL's window coordinates (origin bottom-left).
struct PixelRegion: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// The pixels the quad of `instance` can touch in a `width` x `height` target, grown by
    /// two pixels for the anti-aliasing padding the vertex shader adds; nil when part of the
    /// quad lies behind the eye (its projection is unbounded) or its transform is not finite.
    init?(covering instance: QuadInstance, width: Int, height: Int) {
        let m = instance.transform
        let r = instance.rect
        var (low, high) = (SIMD2<Float>(repeating: .infinity), SIMD2<Float>(repeating: -.infinity))
        for corner in [SIMD2<Float>(0, 0), SIMD2(1, 0), SIMD2(0, 1), SIMD2(1, 1)] {
            let p = SIMD2(r.x, r.y) + corner * SIMD2(r.z, r.w)
            // The row-vector product [x y 0 1] · M, in clip space.
            let x = p.x * m[0] + p.y * m[4] + m[12]
            let y = p.x * m[1] + p.y * m[5] + m[13]
            let w = p.x * m[3] + p.y * m[7] + m[15]
            guard w > 0, x.isFinite, y.isFinite, w.isFinite else { return nil }
            let window = (SIMD2(x, y) / w + 1) * 0.5 * SIMD2(Float(width), Float(height))
            low = pointwiseMin(low, window)
            high = pointwiseMax(high, window)
        }
        let x0 = max(Int((low.x - 2).rounded(.down)), 0)
        let y0 = max(Int((low.y - 2).rounded(.down)), 0)
        let x1 = min(Int((high.x + 2).rounded(.up)), width)
        let y1 = min(Int((high.y + 2).rounded(.up)), height)
        (self.x, self.y) = (x0, y0)
        (self.width, self.height) = (max(x1 - x0, 0), max(y1 - y0, 0))
    }
}
