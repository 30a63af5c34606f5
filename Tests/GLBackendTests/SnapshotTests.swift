import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

@Suite struct SnapshotTests {
    let canvas = TestCanvas(width: 320, height: 200)

    /// A 4x4 image: four coloured rows, each brighter to the right.
    func stripes() throws -> CGImage {
        let rows: [(UInt8, UInt8, UInt8)] = [(230, 60, 60), (60, 200, 80), (60, 90, 230), (240, 200, 40)]
        let pixels = (0..<16).flatMap { i -> [UInt8] in
            let (r, g, b) = rows[i / 4]
            let scale = Double(i % 4 + 1) / 4
            return [UInt8(Double(r) * scale), UInt8(Double(g) * scale), UInt8(Double(b) * scale), 255]
        }
        return try makeImage(width: 4, height: 4, pixels)
    }

    /// Everything at once: a rounded rect with a border, a clipped rounded texture, a group at
    /// half opacity and a textured quad turned about y under perspective.
    func scene(image: CGImage) -> DisplayList {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let turned = CATransform3DMakeTranslation(-60, -40, 0)
            .concatenating(CATransform3DMakeRotation(.pi / 3.5, 0, 1, 0))
            .concatenating(perspective)
            .concatenating(CATransform3DMakeTranslation(240, 150, 0))
        let perspectiveRect = SIMD4<Float>(0, 0, 120, 80)
        let instances = [
            canvas.shape(x: 20, y: 20, w: 120, h: 80, color: premultiplied(0.3, 0.5, 0.9), radii: SIMD4(repeating: 18)),
            canvas.shape(
                x: 20, y: 20, w: 120, h: 80, color: premultiplied(0.1, 0.1, 0.3), radii: SIMD4(repeating: 18), border: 6
            ),
            canvas.textured(x: 170, y: 20, w: 130, h: 80, radii: SIMD4(30, 0, 30, 0), clipsToShape: true),
            canvas.rect(x: 20, y: 120, w: 70, h: 60, color: red),
            canvas.rect(x: 55, y: 135, w: 70, h: 60, color: green),
            QuadInstance(
                transform: canvas.transform(turned), rect: perspectiveRect, uv: SIMD4(0, 0, 1, 1), color: white,
                shapeRect: perspectiveRect, radii: SIMD4(repeating: 10),
                parameters: .init(paint: .texture, edges: EdgeAntialiasing.all, clipsToShape: true)),
        ]
        return canvas.list(
            clear: premultiplied(0.93, 0.93, 0.93), instances,
            [
                batch(0, 2), batch(2, 1, image: image), .beginGroup, batch(3, 2), .endGroup(opacity: 0.5),
                batch(5, 1, image: image, filter: .linear),
            ])
    }

    @Test func sceneRendersAndWritesAPNG() throws {
        let image = try stripes()
        let rendered = try canvas.render(scene(image: image))
        let url = URL(fileURLWithPath: "/tmp/scenecore-gl-snapshot.png")
        try? FileManager.default.removeItem(at: url)
        try rendered.writePNG(to: url)
        let data = try Data(contentsOf: url)
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))

        expectPixel(rendered, 80, 60, (77, 128, 230, 255))  // fill
        expectPixel(rendered, 80, 22, (26, 26, 77, 255))  // border
        expectPixel(rendered, 20, 20, (237, 237, 237, 255))  // outside the rounded corner
        expectPixel(rendered, 170, 20, (237, 237, 237, 255))  // texture clipped by its 30-point corner
        expectPixel(rendered, 299, 20, (230, 60, 60, 255))  // top right texel, square corner
        expectPixel(rendered, 30, 125, (246, 119, 119, 255))  // group, red only
        expectPixel(rendered, 70, 150, (119, 246, 119, 255))  // group overlap shows only green
    }
}
