import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

@Suite struct RendererPathTests {
    @Test func batchesDrawTheSameWithAndWithoutBaseInstances() throws {
        let canvas = TestCanvas(width: 48, height: 48)
        let image = try makeImage(
            width: 2, height: 2, [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])
        let instances = [
            canvas.rect(x: 0, y: 0, w: 10, h: 10, color: red),
            canvas.shape(x: 12, y: 0, w: 10, h: 10, color: green, radii: SIMD4(repeating: 3)),
            canvas.textured(x: 24, y: 0, w: 20, h: 20),
            canvas.shape(x: 0, y: 24, w: 20, h: 20, color: blue, border: 3),
            canvas.rect(x: 10, y: 30, w: 30, h: 10, color: premultiplied(1, 0, 1, 0.5)),
        ]
        let list = canvas.list(
            instances,
            [
                batch(0, 2), batch(2, 1, image: image), .pushClip(instance: 3), batch(4, 1), .popClip(instance: 3),
                batch(3, 1),
            ])
        let withBase = try canvas.render(list)
        let without = try canvas.render(list, options: GLRendererOptions(allowsBaseInstance: false))
        #expect(withBase == without)
        expectPixel(without, 30, 5, (255, 0, 0, 255))
        expectPixel(without, 15, 35, (255, 128, 255, 255))
        expectPixel(without, 30, 35, (255, 255, 255, 255))
    }

    @Test func renderedImageConvertsToACGImage() throws {
        let canvas = TestCanvas(width: 8, height: 4)
        let rendered = try canvas.render(
            canvas.list(
                clear: transparent, drawing: [canvas.rect(x: 0, y: 0, w: 4, h: 4, color: premultiplied(0, 0, 1, 0.5))]))
        let image = rendered.cgImage
        #expect((image.width, image.height) == (8, 4))
        let pixel = image.pixel(x: 1, y: 1)
        #expect(pixel.b >= 254 && abs(Int(pixel.a) - 128) <= 1)
        #expect(image.pixel(x: 6, y: 1) == (0, 0, 0, 0))
        #expect(rendered.pixel(x: 8, y: 0) == (0, 0, 0, 0))
    }
}
