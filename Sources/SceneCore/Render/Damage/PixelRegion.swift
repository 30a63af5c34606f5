/// A rectangle of whole pixels in a target or texture, in GL's convention: `x` counts columns
/// from the left, `y` rows from the bottom. `DisplayList.groupRegions` limits groups to such
/// regions; the renderer blurs, filters and copies them.
package struct PixelRegion: Sendable, Hashable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// A region holding every pixel of any target (cut to the target where it is used).
    package static let everything = PixelRegion(x: 0, y: 0, width: Int(Int32.max), height: Int(Int32.max))

    /// A region holding no pixel.
    package static let empty = PixelRegion(x: 0, y: 0, width: 0, height: 0)

    /// Whether the region holds no pixel.
    package var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The region grown by `margin` pixels on every side.
    package func grown(by margin: Int) -> PixelRegion {
        PixelRegion(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }

    /// The part of the region inside a `width` x `height` target.
    package func clipped(width: Int, height: Int) -> PixelRegion {
        let x0 = min(max(x, 0), width)
        let y0 = min(max(y, 0), height)
        let x1 = min(max(x + self.width, 0), width)
        let y1 = min(max(y + self.height, 0), height)
        return PixelRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The pixels of the region outside `inner`, a region within it: up to four strips (below
    /// and above `inner` the region's whole width, beside it `inner`'s height); the region
    /// itself when `inner` is empty.
    package func subtracting(_ inner: PixelRegion) -> [PixelRegion] {
        guard !inner.isEmpty else { return isEmpty ? [] : [self] }
        let (innerTop, top) = (inner.y + inner.height, y + height)
        let innerRight = inner.x + inner.width
        return [
            PixelRegion(x: x, y: y, width: width, height: inner.y - y),
            PixelRegion(x: x, y: innerTop, width: width, height: top - innerTop),
            PixelRegion(x: x, y: inner.y, width: inner.x - x, height: inner.height),
            PixelRegion(x: innerRight, y: inner.y, width: x + width - innerRight, height: inner.height),
        ].filter { !$0.isEmpty }
    }

    /// The pixels in both regions (an empty region where they do not meet).
    package func intersection(_ other: PixelRegion) -> PixelRegion {
        let (x0, y0) = (max(x, other.x), max(y, other.y))
        let (x1, y1) = (min(x + width, other.x + other.width), min(y + height, other.y + other.height))
        return PixelRegion(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
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
        self.init(rect: quad.rect, transform: quad.transform, in: size)
    }

    /// The pixels the rectangle `rect` (x, y, width, height) mapped to clip space by the
    /// row-vector `transform` can touch, as `init(covering:in:)`.
    init(rect r: SIMD4<Float>, transform m: SIMD16<Float>, in size: SIMD2<Float>) {
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

    /// The pixels of `region`.
    init(_ region: PixelRegion) {
        self.init(
            low: SIMD2(Float(region.x), Float(region.y)),
            high: SIMD2(Float(region.x + region.width), Float(region.y + region.height)))
    }

    /// How far a shadow blurred by `sigma` pixels reaches past what casts it: three standard
    /// deviations and two pixels (a non-finite sigma reaches anywhere).
    static func shadowReach(sigma: Float) -> Float {
        sigma.isFinite ? 3 * max(sigma, 0) + 2 : .infinity
    }

    /// The box moved by `delta`.
    func offset(by delta: SIMD2<Float>) -> PixelBox {
        guard delta.x.isFinite, delta.y.isFinite else { return self }
        return PixelBox(low: low + delta, high: high + delta)
    }

    /// The box as window pixels with y down (x, y, width, height) in a `size` target; not
    /// finite when the box is unbounded, zero-sized when it is empty.
    func windowRect(in size: SIMD2<Float>) -> SIMD4<Float> {
        guard low.x <= high.x, low.y <= high.y else { return .zero }
        return SIMD4(low.x, size.y - high.y, high.x - low.x, high.y - low.y)
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

    /// Whether the two boxes share some area.
    func intersects(_ other: PixelBox) -> Bool {
        let common = intersection(other)
        return common.low.x < common.high.x && common.low.y < common.high.y
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
