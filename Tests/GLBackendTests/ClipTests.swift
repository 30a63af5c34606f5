import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

@Suite struct ClipTests {
    let canvas = TestCanvas(width: 64, height: 48)

    @Test func roundedClipCutsOffWhatIsDrawnInsideIt() throws {
        let clip = canvas.shape(x: 10, y: 10, w: 40, h: 30, color: black, radii: SIMD4(repeating: 10))
        let big = canvas.rect(x: 0, y: 0, w: 64, h: 48, color: red)
        let afterPop = canvas.rect(x: 0, y: 0, w: 6, h: 6, color: blue)
        let list = canvas.list(
            [clip, big, afterPop], [.pushClip(instance: 0), batch(1, 1), .popClip(instance: 0), batch(2, 1)])
        let surface = try HeadlessSurface(width: 64, height: 48)
        let image = try surface.render(list)
        expectPixel(image, 30, 25, (255, 0, 0, 255))
        expectPixel(image, 10, 25, (255, 0, 0, 255))
        expectPixel(image, 49, 25, (255, 0, 0, 255))
        expectPixel(image, 9, 25, (255, 255, 255, 255))
        expectPixel(image, 50, 25, (255, 255, 255, 255))
        expectPixel(image, 10, 10, (255, 255, 255, 255))
        expectPixel(image, 49, 39, (255, 255, 255, 255))
        expectPixel(image, 60, 44, (255, 255, 255, 255))
        expectPixel(image, 2, 2, (0, 0, 255, 255))
        #expect(surface.statistics.clipPushes == 1)
        #expect(surface.statistics.drawCalls == 4)
    }

    @Test func nestedClipsIntersectAndPopInOrder() throws {
        let outer = canvas.shape(x: 10, y: 10, w: 40, h: 30, color: black)
        let inner = canvas.shape(x: 30, y: 0, w: 30, h: 48, color: black)
        let fill = canvas.rect(x: 0, y: 0, w: 64, h: 48, color: red)
        let insideOuterOnly = canvas.rect(x: 12, y: 12, w: 4, h: 4, color: green)
        let outsideOuter = canvas.rect(x: 54, y: 2, w: 4, h: 4, color: green)
        let list = canvas.list(
            [outer, inner, fill, insideOuterOnly, outsideOuter],
            [
                .pushClip(instance: 0), .pushClip(instance: 1), batch(2, 1), .popClip(instance: 1),
                batch(3, 2), .popClip(instance: 0),
            ])
        let image = try canvas.render(list)
        expectPixel(image, 40, 25, (255, 0, 0, 255))
        expectPixel(image, 30, 10, (255, 0, 0, 255))
        expectPixel(image, 49, 39, (255, 0, 0, 255))
        expectPixel(image, 29, 25, (255, 255, 255, 255))
        expectPixel(image, 55, 25, (255, 255, 255, 255))
        expectPixel(image, 40, 5, (255, 255, 255, 255))
        expectPixel(image, 14, 14, (0, 255, 0, 255))
        expectPixel(image, 56, 4, (255, 255, 255, 255))
    }

    @Test func clipUsesTheShapeNotItsBorder() throws {
        // A ring instance still clips to its whole shape.
        let clip = canvas.shape(x: 10, y: 10, w: 20, h: 20, color: black, border: 3)
        let fill = canvas.rect(x: 0, y: 0, w: 64, h: 48, color: red)
        let image = try canvas.render(
            canvas.list([clip, fill], [.pushClip(instance: 0), batch(1, 1), .popClip(instance: 0)]))
        expectPixel(image, 20, 20, (255, 0, 0, 255))
        expectPixel(image, 5, 5, (255, 255, 255, 255))
    }

    @Test func secondPushOfTheSameShapeKeepsTheClip() throws {
        let clip = canvas.shape(x: 10, y: 10, w: 20, h: 20, color: black)
        let fill = canvas.rect(x: 0, y: 0, w: 64, h: 48, color: red)
        let list = canvas.list(
            [clip, fill],
            [.pushClip(instance: 0), .pushClip(instance: 0), .popClip(instance: 0), batch(1, 1), .popClip(instance: 0)])
        let image = try canvas.render(list)
        expectPixel(image, 20, 20, (255, 0, 0, 255))
        expectPixel(image, 40, 20, (255, 255, 255, 255))
    }
}
