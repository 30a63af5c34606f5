extension QuadInstance {
    /// The fewest pixels the inside of a fill must cover for `splitInterior(in:)` to split it:
    /// four more quads cost the vertex work of about that many pixels' coverage.
    static let smallestSplitInterior: Float = 4096

    /// A rounded fill, split so that a software rasteriser computes coverage only near its
    /// edge: the inside, drawn without coverage (`QuadParameters.isInterior`: every pixel of it
    /// is covered whole), and the strips above, below and beside it, each the fill as before
    /// cut to its own rectangle. Only a whole fill (its rect is its shape's) of one colour with
    /// `.uniformAffineFill` coverage is split, only when its inside covers at least
    /// `smallestSplitInterior` pixels of a `targetSize` target, and only when its rectangle's
    /// numbers are whole 64ths below 65,536: the pieces' shared edges are then the same numbers
    /// in single precision, so that the rasteriser draws each pixel of the fill once. Nil otherwise.
    func splitInterior(in targetSize: SIMD2<Float>) -> (interior: QuadInstance, strips: [QuadInstance])? {
        guard parameters.paint == .color, isShaped, rect == shapeRect, Self.isOnGrid(rect),
            shapeCoverage == .uniformAffineFill, let scale = axisPixels(in: targetSize),
            let inside = interiorRect(axisPixels: scale)
        else { return nil }
        guard inside.z * inside.w * scale.area >= Self.smallestSplitInterior else { return nil }
        var interior = self
        interior.rect = inside
        interior.parameters = parameters.interior
        let (low, high) = (SIMD2(rect.x, rect.y), SIMD2(rect.x + rect.z, rect.y + rect.w))
        let (insideLow, insideHigh) = (SIMD2(inside.x, inside.y), SIMD2(inside.x + inside.z, inside.y + inside.w))
        let stripRects = [
            // Above and below the inside, the whole width; beside it, its height.
            SIMD4(low.x, low.y, rect.z, insideLow.y - low.y),
            SIMD4(low.x, insideHigh.y, rect.z, high.y - insideHigh.y),
            SIMD4(low.x, insideLow.y, insideLow.x - low.x, inside.w),
            SIMD4(insideHigh.x, insideLow.y, high.x - insideHigh.x, inside.w),
        ]
        let strips = stripRects.map { stripRect in
            var strip = self
            strip.rect = stripRect
            return strip
        }
        return (interior, strips)
    }

    /// Whether every number of `rect` is a whole number of 64ths below 65,536 in size: sums
    /// and differences of such numbers are exact in single precision.
    private static func isOnGrid(_ rect: SIMD4<Float>) -> Bool {
        let scaled = rect * 64
        return scaled == scaled.rounded(.toNearestOrEven) && pointwiseMax(scaled, -scaled).max() < 4_194_304
    }

    /// Whether an inside of a fill (`QuadParameters.isInterior`) still lies wholly inside its
    /// shape, a pixel's anti-aliasing ramp clear of its edge, under its transform in a
    /// `targetSize` target (a patched frame moves it without splitting again).
    func interiorHolds(in targetSize: SIMD2<Float>) -> Bool {
        guard let scale = axisPixels(in: targetSize), let inside = interiorRect(axisPixels: scale) else {
            return false
        }
        return rect.x >= inside.x && rect.y >= inside.y && rect.x + rect.z <= inside.x + inside.z
            && rect.y + rect.w <= inside.y + inside.w
    }

    /// Pixels per layer unit across the shape's vertical and horizontal edges (as the layer
    /// shader's `v_axisSteps`), and pixels per square layer unit, under an affine transform in
    /// a `targetSize` target; nil with perspective, or seen edge-on.
    private func axisPixels(in targetSize: SIMD2<Float>) -> (steps: SIMD2<Float>, area: Float)? {
        guard transformX.w == 0, transformY.w == 0, transformOrigin.w > 0 else { return nil }
        let pixelsPerUnit = 0.5 * targetSize / transformOrigin.w
        let a = SIMD2(transformX.x, transformX.y) * pixelsPerUnit
        let b = SIMD2(transformY.x, transformY.y) * pixelsPerUnit
        let determinant = a.x * b.y - a.y * b.x
        guard abs(determinant) > 1e-20, determinant.isFinite else { return nil }
        // Layer units per pixel step along the target's x and y: the inverse's columns.
        let (stepX, stepY) = (SIMD2(b.y, -a.y) / determinant, SIMD2(-b.x, a.x) / determinant)
        let footprint = SIMD2(stepX.x * stepX.x + stepY.x * stepY.x, stepX.y * stepX.y + stepY.y * stepY.y)
        let steps = 1 / footprint.squareRoot()
        guard steps.x.isFinite, steps.y.isFinite, steps.x > 0, steps.y > 0 else { return nil }
        return (steps, abs(determinant))
    }

    /// The shape's rectangle less its corners' radius and at least a pixel on every side
    /// (where the coverage ramp, half a pixel wide, is 1), cut inwards to whole 64ths: where
    /// each pixel centre is covered whole; nil when nothing is left.
    private func interiorRect(axisPixels scale: (steps: SIMD2<Float>, area: Float)) -> SIMD4<Float>? {
        let (size, radius) = (SIMD2(shapeRect.z, shapeRect.w), radii.x)
        guard size.x > 0, size.y > 0, radius >= 0 else { return nil }
        let corner = min(radius, min(size.x, size.y) / 2)
        let inset = pointwiseMax(SIMD2(repeating: corner), 1 / scale.steps)
        let low = ((SIMD2(shapeRect.x, shapeRect.y) + inset) * 64).rounded(.up) / 64
        let high = ((SIMD2(shapeRect.x, shapeRect.y) + size - inset) * 64).rounded(.down) / 64
        guard low.x < high.x, low.y < high.y else { return nil }
        return SIMD4(low.x, low.y, high.x - low.x, high.y - low.y)
    }
}
