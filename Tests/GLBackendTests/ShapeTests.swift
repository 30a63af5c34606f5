import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

@Suite struct ShapeTests {
    let canvas = TestCanvas(width: 64, height: 64)

    @Test func roundedCornerIsTransparentOutsideOpaqueInsideAndBlendedOnTheEdge() throws {
        let shape = canvas.shape(x: 8, y: 8, w: 40, h: 40, color: blue, radii: SIMD4(repeating: 12))
        let image = try canvas.render(canvas.list(drawing: [shape]))
        expectPixel(image, 8, 8, (255, 255, 255, 255))
        expectPixel(image, 28, 28, (0, 0, 255, 255))
        expectPixel(image, 8, 28, (0, 0, 255, 255))
        // Pixel (11, 11) has its centre at layer (3.5, 3.5), 8.5·√2 − 12 ≈ 0.021 outside the arc;
        // along the diagonal one pixel is one layer unit, so coverage is 0.5 − 0.021.
        let coverage = 0.5 - (8.5 * 2.0.squareRoot() - 12)
        let expected = UInt8((255 * (1 - coverage)).rounded())
        expectPixel(image, 11, 11, (expected, expected, 255, 255), tolerance: 2)
        #expect((20...235).contains(image.pixel(x: 11, y: 11).r))
    }

    @Test func eachCornerHasItsOwnRadius() throws {
        // Only the maxX/maxY corner is rounded.
        let shape = canvas.shape(x: 8, y: 8, w: 40, h: 40, color: blue, radii: SIMD4(0, 0, 16, 0))
        let image = try canvas.render(canvas.list(drawing: [shape]))
        expectPixel(image, 8, 8, (0, 0, 255, 255))
        expectPixel(image, 47, 8, (0, 0, 255, 255))
        expectPixel(image, 8, 47, (0, 0, 255, 255))
        expectPixel(image, 47, 47, (255, 255, 255, 255))
        expectPixel(image, 42, 42, (0, 0, 255, 255))
    }

    @Test func borderDrawsOnlyTheRingInsideTheEdge() throws {
        let fill = canvas.shape(x: 8, y: 8, w: 40, h: 40, color: green, radii: SIMD4(repeating: 10))
        let ring = canvas.shape(x: 8, y: 8, w: 40, h: 40, color: red, radii: SIMD4(repeating: 10), border: 4)
        let image = try canvas.render(canvas.list(drawing: [fill, ring]))
        expectPixel(image, 28, 8, (255, 0, 0, 255))
        expectPixel(image, 28, 11, (255, 0, 0, 255))
        expectPixel(image, 28, 12, (0, 255, 0, 255))
        expectPixel(image, 28, 28, (0, 255, 0, 255))
        expectPixel(image, 47, 28, (255, 0, 0, 255))
        expectPixel(image, 44, 28, (255, 0, 0, 255))
        expectPixel(image, 43, 28, (0, 255, 0, 255))
        expectPixel(image, 8, 8, (255, 255, 255, 255))
        expectPixel(image, 28, 50, (255, 255, 255, 255))
    }

    @Test func borderWiderThanHalfTheShapeFillsIt() throws {
        let ring = canvas.shape(x: 8, y: 8, w: 10, h: 10, color: red, border: 6)
        let image = try canvas.render(canvas.list(drawing: [ring]))
        expectPixel(image, 13, 13, (255, 0, 0, 255))
    }

    @Test func hardEdgesProduceNoPartialCoverage() throws {
        let shape = canvas.shape(x: 8, y: 8, w: 40, h: 40, color: blue, radii: SIMD4(repeating: 15), antialiased: false)
        let image = try canvas.render(canvas.list(clear: transparent, drawing: [shape]))
        let alphas = Set(stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] })
        #expect(alphas == [0, 255])

        let smooth = canvas.shape(x: 8, y: 8, w: 40, h: 40, color: blue, radii: SIMD4(repeating: 15))
        let smoothImage = try canvas.render(canvas.list(clear: transparent, drawing: [smooth]))
        let smoothAlphas = Set(stride(from: 3, to: smoothImage.pixels.count, by: 4).map { smoothImage.pixels[$0] })
        #expect(smoothAlphas.count > 2)
    }

    @Test func quadThatIgnoresItsShapeFillsItsWholeRect() throws {
        var quad = canvas.rect(x: 8, y: 8, w: 40, h: 40, color: blue)
        quad.radii = SIMD4(repeating: 15)
        let image = try canvas.render(canvas.list(drawing: [quad]))
        expectPixel(image, 8, 8, (0, 0, 255, 255))
    }

    @Test func rotatedEdgeIsAntialiasedOnBothSides() throws {
        // A 20x20 square turned 45° about its centre (32.504, 24): pixel (40, 17)'s centre lies
        // a quarter pixel outside the upper right edge, so it is outside the geometric quad and
        // only the anti-aliasing padding can reach it.
        let rotation = CATransform3DMakeTranslation(-10, -10, 0)
            .concatenating(CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
            .concatenating(CATransform3DMakeTranslation(32.504, 24, 0))
        let rect = SIMD4<Float>(0, 0, 20, 20)
        let square = QuadInstance(
            transform: canvas.transform(rotation), rect: rect, color: blue, shapeRect: rect,
            parameters: .init(paint: .color, edges: EdgeAntialiasing.all, clipsToShape: true))
        let image = try canvas.render(canvas.list(drawing: [square]))
        expectPixel(image, 32, 24, (0, 0, 255, 255))
        expectPixel(image, 40, 17, (191, 191, 255, 255), tolerance: 6)
        expectPixel(image, 41, 17, (255, 255, 255, 255))
    }
}
