import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

@Suite struct PerspectiveTests {
    let canvas = TestCanvas(width: 400, height: 200)

    /// A 200x100 layer centred at (200, 100), turned 60° about y under `m34 = −1/500`.
    var layerToWindow: CATransform3D {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        return CATransform3DMakeTranslation(-100, -50, 0)
            .concatenating(CATransform3DMakeRotation(.pi / 3, 0, 1, 0))
            .concatenating(perspective)
            .concatenating(CATransform3DMakeTranslation(200, 100, 0))
    }

    /// Window x of layer point (x, 50), the centre row.
    func projectedX(_ x: CGFloat) -> CGFloat {
        let p = layerToWindow.apply(x: x, y: 50)
        return p.x / p.w
    }

    @Test func rotatedQuadUnderPerspectiveIsNarrowerAndLopsided() throws {
        let rect = SIMD4<Float>(0, 0, 200, 100)
        let quad = QuadInstance(
            transform: canvas.transform(layerToWindow), rect: rect, color: blue, shapeRect: rect,
            parameters: .init(paint: .color, edges: EdgeAntialiasing.all, clipsToShape: true))
        let image = try canvas.render(canvas.list(drawing: [quad]))
        let covered = (0..<400).filter { image.pixel(x: $0, y: 100).r < 128 }
        let (left, right) = (projectedX(0), projectedX(200))
        // About 60.5 pixels left of the centre and 42.6 right of it: the near side is larger.
        #expect(abs(CGFloat(covered.count) - (right - left)) <= 1.5)
        #expect(covered.count < 120)
        #expect(abs(CGFloat(covered.first!) - left.rounded(.down)) <= 1)
        #expect(abs(CGFloat(covered.last!) - right.rounded(.down)) <= 1)
        #expect(200 - left > right - 200 + 10)
    }

    @Test func texturesInterpolatePerspectiveCorrectly() throws {
        // Left texel red, right texel green: the seam is where layer x = 100 lands, at window
        // x = 200, not half-way between the projected edges (about 191) as affine mapping would put it.
        let image = try makeImage(width: 2, height: 1, [255, 0, 0, 255, 0, 255, 0, 255])
        let rect = SIMD4<Float>(0, 0, 200, 100)
        let quad = QuadInstance(
            transform: canvas.transform(layerToWindow), rect: rect, uv: SIMD4(0, 0, 1, 1), color: white,
            shapeRect: rect, parameters: .init(paint: .texture, edges: EdgeAntialiasing.all))
        let result = try canvas.render(canvas.list([quad], [batch(0, 1, image: image)]))
        #expect(abs(projectedX(100) - 200) < 0.001)
        expectPixel(result, 198, 100, (255, 0, 0, 255))
        expectPixel(result, 201, 100, (0, 255, 0, 255))
        expectPixel(result, 192, 100, (255, 0, 0, 255))
    }
}
