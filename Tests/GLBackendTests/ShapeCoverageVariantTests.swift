import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// The layer shader's coverage variants (`ShapeCoverage`) draw the same shapes: a batch drawn
/// by the uniform, affine-fill or simple variant matches the same batch drawn by the general one.
@Suite struct ShapeCoverageVariantTests {
    /// Rounded fills under rotations, non-uniform scales (a skewed footprint), a 3D turn without
    /// perspective, per-corner radii, a circle and hard edges: every kind the affine-fill
    /// variant takes.
    func fills(on canvas: TestCanvas) -> [QuadInstance] {
        func fill(
            _ layerToWindow: CATransform3D, _ size: CGSize, radii: SIMD4<Float>, edges: Float = EdgeAntialiasing.all,
            color: SIMD4<Float>
        ) -> QuadInstance {
            let rect = SIMD4<Float>(0, 0, Float(size.width), Float(size.height))
            return QuadInstance(
                transform: canvas.transform(layerToWindow), rect: rect, color: color, shapeRect: rect, radii: radii,
                parameters: .init(paint: .color, edges: edges, clipsToShape: true))
        }
        let turned = CATransform3DRotate(CATransform3DMakeTranslation(40, 10, 0), 0.5, 0, 0, 1)
        let skewed = CATransform3DScale(
            CATransform3DRotate(CATransform3DMakeTranslation(100, 20, 0), 0.4, 0, 0, 1), 2, 0.6, 1)
        let tipped = CATransform3DRotate(CATransform3DMakeTranslation(20, 70, 0), 1.1, 1, 0, 0)
        return [
            fill(turned, CGSize(width: 50, height: 34), radii: SIMD4(repeating: 9), color: premultiplied(1, 0, 0, 0.8)),
            fill(skewed, CGSize(width: 24, height: 40), radii: SIMD4(8, 0, 3, 12), color: premultiplied(0, 0.5, 1)),
            fill(
                tipped, CGSize(width: 60, height: 40), radii: SIMD4(repeating: 14), color: premultiplied(0, 0.6, 0, 0.7)
            ),
            fill(
                CATransform3DMakeTranslation(100, 70, 0), CGSize(width: 36, height: 36), radii: SIMD4(repeating: 40),
                color: blue),
            fill(
                CATransform3DRotate(CATransform3DMakeTranslation(60, 60, 0), 0.3, 0, 0, 1),
                CGSize(width: 30, height: 20),
                radii: SIMD4(repeating: 6), edges: 0, color: black),
        ]
    }

    /// Fills with one radius at every corner and every edge anti-aliased, which the uniform
    /// variant takes: turned, skewed (a footprint longer along one axis), tipped in 3D, a radius
    /// that is clamped to half the shorter side, one of a fraction of a pixel and square corners.
    func uniformFills(on canvas: TestCanvas) -> [QuadInstance] {
        func fill(_ layerToWindow: CATransform3D, _ size: CGSize, radius: Float, color: SIMD4<Float>) -> QuadInstance {
            let rect = SIMD4<Float>(0, 0, Float(size.width), Float(size.height))
            return QuadInstance(
                transform: canvas.transform(layerToWindow), rect: rect, color: color, shapeRect: rect,
                radii: SIMD4(repeating: radius),
                parameters: .init(paint: .color, edges: EdgeAntialiasing.all, clipsToShape: true))
        }
        let turned = CATransform3DRotate(CATransform3DMakeTranslation(40, 10, 0), 0.5, 0, 0, 1)
        let skewed = CATransform3DScale(
            CATransform3DRotate(CATransform3DMakeTranslation(100, 20, 0), 0.4, 0, 0, 1), 2.5, 0.5, 1)
        let tipped = CATransform3DRotate(CATransform3DMakeTranslation(20, 70, 0), 1.1, 1, 0, 0)
        return [
            fill(turned, CGSize(width: 50, height: 34), radius: 9, color: premultiplied(1, 0, 0, 0.8)),
            fill(skewed, CGSize(width: 16, height: 40), radius: 5, color: premultiplied(0, 0.5, 1)),
            fill(tipped, CGSize(width: 60, height: 40), radius: 14, color: premultiplied(0, 0.6, 0, 0.7)),
            fill(CATransform3DMakeTranslation(100, 70, 0), CGSize(width: 36, height: 36), radius: 40, color: blue),
            fill(
                CATransform3DScale(
                    CATransform3DRotate(CATransform3DMakeTranslation(130, 80, 0), 0.7, 0, 0, 1), 3, 1, 1),
                CGSize(width: 8, height: 20), radius: 0.2, color: black),
            fill(
                CATransform3DRotate(CATransform3DMakeTranslation(60, 60, 0), 0.3, 0, 0, 1),
                CGSize(width: 30, height: 20),
                radius: 0, color: premultiplied(0.5, 0, 0.5, 0.9)),
        ]
    }

    /// The pixels of `image` where the red fill (at 0.8 over white) is partly covered: between
    /// (255, 51, 51) and white.
    func partlyCoveredRedPixels(in image: RenderedImage) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if p.r > 250 && p.g > 60 && p.g < 245 && abs(Int(p.g) - Int(p.b)) <= 1 { count += 1 }
            }
        }
        return count
    }

    /// `quads` drawn in one batch by the variant for `coverage`.
    func render(_ quads: [QuadInstance], _ coverage: ShapeCoverage, on canvas: TestCanvas) throws -> RenderedImage {
        let batch = DrawBatch(
            first: 0, count: quads.count, image: nil, sampling: TextureSampling(), shapeCoverage: coverage)
        return try canvas.render(canvas.list(quads, [.draw(batch)]))
    }

    /// `quads` painted with `block`'s gradient (its texels the list's, from the first), drawn in
    /// one batch of `shading` by the variant for `coverage`.
    func renderGradient(
        _ quads: [QuadInstance], block: [SIMD4<Float>], shading: GradientShading, _ coverage: ShapeCoverage,
        on canvas: TestCanvas
    ) throws -> RenderedImage {
        let painted = quads.map { quad in
            var quad = quad
            quad.uv = .zero
            quad.color = SIMD4(repeating: 1)
            quad.parameters.paint =
                switch shading {
                case .interpolated: .interpolatedGradient
                case .axialTwoStops: .axialTwoStopGradient
                default: .gradient
                }
            return quad
        }
        let batch = DrawBatch(
            first: 0, count: quads.count, image: nil, sampling: TextureSampling(), gradient: shading,
            shapeCoverage: coverage)
        var list = canvas.list(painted, [.draw(batch)])
        list.gradientTexels = block
        return try canvas.render(list)
    }

    /// Gradient batches take the coverage variant their shapes need, as colour batches do, and
    /// draw what the general coverage draws: an axial gradient of two stops (its location from
    /// the vertices) and a radial one of three (its location from the layer point, which the
    /// affine variants rebuild from the offset to the shape's centre).
    @Test(arguments: [GradientShading.axialTwoStops, .any])
    func gradientsUnderEachCoverageVariantDrawWhatTheGeneralCoverageDraws(shading: GradientShading) throws {
        let canvas = TestCanvas(width: 160, height: 120)
        let block: [SIMD4<Float>] =
            shading == .axialTwoStops
            ? [SIMD4(0, 2, 0, 0), SIMD4(20, 30, 0, 0), SIMD4(1, 0, 0, 1), SIMD4(0, 0, 1, 0.5), SIMD4(0, 1, 1, 1)]
            : [
                SIMD4(1, 3, 12, 10), SIMD4(30, 30, 0, 0), SIMD4(1, 0, 0, 1), SIMD4(0, 1, 0, 1), SIMD4(0, 0, 1, 0.4),
                SIMD4(0, 0.5, 1, 1),
            ]
        #expect(GradientTexels.isAxialTwoStop(block) == (shading == .axialTwoStops))
        for (quads, coverage) in [
            (uniformFills(on: canvas), ShapeCoverage.uniformAffineFill), (fills(on: canvas), .affineFill),
        ] {
            #expect(quads.allSatisfy { $0.shapeCoverage <= coverage })
            let general = try renderGradient(quads, block: block, shading: shading, .general, on: canvas)
            let affine = try renderGradient(quads, block: block, shading: shading, coverage, on: canvas)
            #expect(largestDifference(general, affine) <= 1, "\(coverage)")
            // The gradient is drawn: the turned fill holds red and blue.
            let colours = general.pixelNames { p in
                p.r > 200 && p.g < 40 && p.b < 40 ? "red" : p.b > 150 && p.r < 150 && p.g < 200 ? "blue" : nil
            }
            #expect(colours == ["red", "blue"], "\(coverage)")
        }
    }

    /// An interpolated gradient (its straight colour interpolated from the corners) draws what
    /// the axial shader of two stops draws, where the quad stays between the stops: unshaped
    /// quads turned, skewed and tipped in 3D (interpolated perspective-correctly), stops of
    /// different alphas (premultiplied after the interpolation).
    @Test func interpolatedGradientsDrawWhatTheAxialShaderDraws() throws {
        let canvas = TestCanvas(width: 160, height: 120)
        let quads = fills(on: canvas).map { quad in
            var quad = quad
            quad.parameters = .init(paint: .color)
            return quad
        }
        let block: [SIMD4<Float>] = [
            SIMD4(0, 2, 0, 0), SIMD4(10, 60, 0, 0), SIMD4(1, 0, 0, 1), SIMD4(0, 0, 1, 0.3), SIMD4(0, 1, 1, 1),
        ]
        #expect(quads.allSatisfy { GradientTexels.staysBetweenStops(block, over: $0.rect) && !$0.isShaped })
        let axial = try renderGradient(quads, block: block, shading: .axialTwoStops, .general, on: canvas)
        let interpolated = try renderGradient(quads, block: block, shading: .interpolated, .general, on: canvas)
        #expect(largestDifference(axial, interpolated) <= 1)
        var shades = Set<UInt8>()
        for y in 0..<axial.height {
            for x in 0..<axial.width { shades.insert(axial.pixel(x: x, y: y).b) }
        }
        #expect(shades.count > 40, "\(shades.count) shades of blue: the gradient is drawn")
    }

    @Test func theAffineFillAndSimpleVariantsDrawWhatTheGeneralCoverageDraws() throws {
        let canvas = TestCanvas(width: 160, height: 120)
        let quads = fills(on: canvas)
        #expect(quads.allSatisfy { $0.shapeCoverage <= .affineFill })
        #expect(quads.filter { $0.shapeCoverage == .affineFill }.count == 2)
        let general = try render(quads, .general, on: canvas)
        let simple = try render(quads, .simple, on: canvas)
        let affine = try render(quads, .affineFill, on: canvas)
        #expect(largestDifference(general, simple) <= 1)
        #expect(largestDifference(general, affine) <= 1)
        // The comparison covers anti-aliased edges: many pixels are partly covered.
        let partial = partlyCoveredRedPixels(in: general)
        #expect(partial > 60, "\(partial) partly covered pixels")
    }

    @Test func theUniformVariantDrawsWhatTheGeneralCoverageDraws() throws {
        let canvas = TestCanvas(width: 160, height: 120)
        let quads = uniformFills(on: canvas)
        #expect(quads.allSatisfy { $0.shapeCoverage == .uniformAffineFill })
        let general = try render(quads, .general, on: canvas)
        let uniform = try render(quads, .uniformAffineFill, on: canvas)
        #expect(largestDifference(general, uniform) <= 1)
        // Many pixels are partly covered, and something was drawn.
        let partial = partlyCoveredRedPixels(in: general)
        var drawn = 0
        for y in 0..<general.height {
            for x in 0..<general.width {
                let p = general.pixel(x: x, y: y)
                if p.r < 250 || p.g < 250 || p.b < 250 { drawn += 1 }
            }
        }
        #expect(partial > 60, "\(partial) partly covered pixels")
        #expect(drawn > 4_000, "\(drawn) pixels drawn")
    }
}
