import Testing

@testable import GLBackend
@testable import SceneCore

/// `ShapeClip`: a quad's shape seen from the target's pixels, for a background blur drawn back
/// inside it without the stencil.
@Suite struct ShapeClipTests {
    let canvas = TestCanvas(width: 100, height: 100)
    /// Window pixels x 20..<70, y 10..<50 (GL's rows 50..<90), rounded by `radius` (negative:
    /// continuous corners).
    func shape(radius: Float) -> QuadInstance {
        canvas.shape(x: 20, y: 10, w: 50, h: 40, color: SIMD4(1, 1, 1, 1), radii: SIMD4(repeating: radius))
    }

    @Test func aPixelMapsToTheLayerPointAtItsCentre() throws {
        let clip = try #require(ShapeClip(shape(radius: 8), width: 100, height: 100))
        // The pixel point (20, 90), the layer's top left corner, and (70, 50), its bottom right.
        let expected: [Float] = [1, 0, -20, 0, -1, 90]
        let found = [clip.layerX.x, clip.layerX.y, clip.layerX.z, clip.layerY.x, clip.layerY.y, clip.layerY.z]
        #expect(zip(found, expected).allSatisfy { abs($0 - $1) < 1e-4 }, "\(found)")
        #expect(clip.rect == SIMD4(0, 0, 50, 40) && clip.radii == SIMD4(repeating: 8))
    }

    @Test func theInteriorIsTheRectangleLessTheCornersReach() throws {
        // Centres in x 28...62 and rows 58...82: columns 28...61, rows 58...81.
        let circular = try #require(ShapeClip(shape(radius: 8), width: 100, height: 100))
        #expect(circular.interior == PixelRegion(x: 28, y: 58, width: 34, height: 24))
        // A continuous corner reaches 1.528665 radii, 12.23: centres in x 32.23...57.77.
        let continuous = try #require(ShapeClip(shape(radius: -8), width: 100, height: 100))
        #expect(continuous.interior == PixelRegion(x: 32, y: 62, width: 26, height: 16))
        let square = try #require(ShapeClip(shape(radius: 0), width: 100, height: 100))
        #expect(square.interior == PixelRegion(x: 20, y: 50, width: 50, height: 40))
    }

    @Test func aTurnedShapeHasNoInteriorAndPerspectiveNoClip() throws {
        var turned = shape(radius: 8)
        turned.transform = canvas.transform(CATransform3DMakeRotation(0.3, 0, 0, 1))
        #expect(try #require(ShapeClip(turned, width: 100, height: 100)).interior.isEmpty)
        var tipped = shape(radius: 8)
        var perspective = CATransform3DIdentity
        perspective.m14 = 0.001
        tipped.transform = canvas.transform(perspective)
        #expect(ShapeClip(tipped, width: 100, height: 100) == nil)
        var flattened = shape(radius: 8)
        flattened.transform = canvas.transform(CATransform3DMakeScale(0, 1, 1))
        #expect(ShapeClip(flattened, width: 100, height: 100) == nil)
        var huge = shape(radius: 8)
        huge.transform = canvas.transform(CATransform3DMakeScale(1e-30, 1e-30, 1))
        #expect(ShapeClip(huge, width: 100, height: 100) == nil)
    }
}
