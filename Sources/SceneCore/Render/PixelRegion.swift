/// A rectangle of whole pixels in a frame's target, in GL's window coordinates (origin
/// bottom-left), as `DisplayList.groupRegions` limits groups to.
package struct PixelRegion: Sendable, Equatable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

/// A box of window pixels (GL's orientation) being grown around what a group draws. It may be
/// empty (nothing drawn yet) or unbounded (something drawn reaches behind the eye, so its
/// projection has no bounds).
struct PixelBox: Equatable {
    var low: SIMD2<Float>
    var high: SIMD2<Float>

    static let empty = PixelBox(low: SIMD2(repeating: .infinity), high: SIMD2(repeating: -.infinity))
    static let unbounded = PixelBox(low: SIMD2(repeating: -.infinity), high: SIMD2(repeating: .infinity))

    /// The pixels `quad` can touch in a `size` target, grown by two pixels for the
    /// anti-aliasing padding the vertex shader may add; unbounded when a corner lies behind
    /// the eye or is not finite.
    init(covering quad: QuadInstance, in size: SIMD2<Float>) {
        let m = quad.transform
        let r = quad.rect
        self = .empty
        for corner in [SIMD2<Float>(0, 0), SIMD2(1, 0), SIMD2(0, 1), SIMD2(1, 1)] {
            let p = SIMD2(r.x, r.y) + corner * SIMD2(r.z, r.w)
            // The row-vector product [x y 0 1] · M, in clip space.
            let clip = SIMD3(
                p.x * m[0] + p.y * m[4] + m[12], p.x * m[1] + p.y * m[5] + m[13], p.x * m[3] + p.y * m[7] + m[15])
            guard clip.z > 0, clip.x.isFinite, clip.y.isFinite, clip.z.isFinite else {
                self = .unbounded
                return
            }
            let window = (SIMD2(clip.x, clip.y) / clip.z + 1) * 0.5 * size
            low = pointwiseMin(low, window)
            high = pointwiseMax(high, window)
        }
        low -= 2
        high += 2
    }

    init(low: SIMD2<Float>, high: SIMD2<Float>) {
        (self.low, self.high) = (low, high)
    }

    /// The box grown by `margin` on every side (an empty box stays empty).
    func grown(by margin: Float) -> PixelBox {
        low.x > high.x || low.y > high.y ? self : PixelBox(low: low - margin, high: high + margin)
    }

    func union(_ other: PixelBox) -> PixelBox {
        PixelBox(low: pointwiseMin(low, other.low), high: pointwiseMax(high, other.high))
    }

    func intersection(_ other: PixelBox) -> PixelBox {
        PixelBox(low: pointwiseMax(low, other.low), high: pointwiseMin(high, other.high))
    }

    /// The whole pixels of the box inside a `size` target (possibly none). Edges within 1/64
    /// pixel of a pixel boundary snap to it (the box is already two pixels wider than the
    /// drawing, so float rounding need not widen it further).
    func region(in size: SIMD2<Float>) -> PixelRegion {
        let snap: Float = 1 / 64
        let lowPixel = pointwiseMax((low + snap).rounded(.down), .zero)
        let highPixel = pointwiseMin((high - snap).rounded(.up), size)
        let extent = pointwiseMax(highPixel - lowPixel, .zero)
        // Where the box lies wholly outside, `extent` is zero and the origin is clamped in too.
        let origin = pointwiseMin(lowPixel, size)
        return PixelRegion(x: Int(origin.x), y: Int(origin.y), width: Int(extent.x), height: Int(extent.y))
    }
}
