import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

@Suite struct SolidFillTests {
    let canvas = TestCanvas(width: 64, height: 48)

    @Test func clearColourFillsTheTarget() throws {
        let image = try canvas.render(canvas.list(clear: premultiplied(0, 0, 1), [], []))
        #expect(image.width == 64 && image.height == 48)
        expectPixel(image, 0, 0, (0, 0, 255, 255))
        expectPixel(image, 63, 47, (0, 0, 255, 255))
    }

    @Test func integerAlignedQuadFillsExactlyItsPixels() throws {
        let image = try canvas.render(canvas.list(drawing: [canvas.shape(x: 10, y: 20, w: 10, h: 5, color: red)]))
        for x in 10..<20 {
            expectPixel(image, x, 20, (255, 0, 0, 255))
            expectPixel(image, x, 24, (255, 0, 0, 255))
            expectPixel(image, x, 19, (255, 255, 255, 255))
            expectPixel(image, x, 25, (255, 255, 255, 255))
        }
        for y in 20..<25 {
            expectPixel(image, 10, y, (255, 0, 0, 255))
            expectPixel(image, 19, y, (255, 0, 0, 255))
            expectPixel(image, 9, y, (255, 255, 255, 255))
            expectPixel(image, 20, y, (255, 255, 255, 255))
        }
    }

    @Test func halfTransparentRedOverWhiteBlendsPremultiplied() throws {
        let list = canvas.list(drawing: [canvas.rect(x: 0, y: 0, w: 32, h: 32, color: premultiplied(1, 0, 0, 0.5))])
        let image = try canvas.render(list)
        expectPixel(image, 16, 16, (255, 128, 128, 255))
        expectPixel(image, 40, 16, (255, 255, 255, 255))
    }

    @Test func translucentPixelsReadBackStraight() throws {
        let list = canvas.list(
            clear: transparent, drawing: [canvas.rect(x: 0, y: 0, w: 8, h: 8, color: premultiplied(0, 1, 0, 0.5))])
        let image = try canvas.render(list)
        expectPixel(image, 4, 4, (0, 255, 0, 128))
        expectPixel(image, 20, 20, (0, 0, 0, 0))
    }

    @Test func laterQuadsDrawOnTop() throws {
        let list = canvas.list(drawing: [
            canvas.rect(x: 0, y: 0, w: 20, h: 20, color: red),
            canvas.rect(x: 10, y: 10, w: 20, h: 20, color: blue),
        ])
        let image = try canvas.render(list)
        expectPixel(image, 5, 5, (255, 0, 0, 255))
        expectPixel(image, 15, 15, (0, 0, 255, 255))
        expectPixel(image, 25, 25, (0, 0, 255, 255))
    }
}
