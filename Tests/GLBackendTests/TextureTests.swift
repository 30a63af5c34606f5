import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

@Suite struct TextureTests {
    let canvas = TestCanvas(width: 64, height: 64)

    /// Red, green on the top row; blue, white on the bottom row.
    func quadrants() throws -> CGImage {
        try makeImage(width: 2, height: 2, [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])
    }

    @Test func nearestFilteringShowsEachTexelAsAQuadrant() throws {
        let image = try quadrants()
        let list = canvas.list([canvas.textured(x: 0, y: 0, w: 40, h: 40)], [batch(0, 1, image: image)])
        let result = try canvas.render(list)
        expectPixel(result, 10, 10, (255, 0, 0, 255))
        expectPixel(result, 19, 19, (255, 0, 0, 255))
        expectPixel(result, 30, 10, (0, 255, 0, 255))
        expectPixel(result, 10, 30, (0, 0, 255, 255))
        expectPixel(result, 20, 20, (255, 255, 255, 255))
        expectPixel(result, 39, 39, (255, 255, 255, 255))
    }

    @Test func textureCoordinatesSelectASubRect() throws {
        let image = try quadrants()
        let list = canvas.list(
            [
                canvas.textured(x: 0, y: 0, w: 20, h: 20, uv: SIMD4(0.5, 0, 1, 0.5)),
                canvas.textured(x: 30, y: 0, w: 20, h: 20, uv: SIMD4(0, 0.5, 0.5, 1)),
            ],
            [batch(0, 2, image: image)])
        let result = try canvas.render(list)
        expectPixel(result, 0, 0, (0, 255, 0, 255))
        expectPixel(result, 19, 19, (0, 255, 0, 255))
        expectPixel(result, 30, 0, (0, 0, 255, 255))
        expectPixel(result, 49, 19, (0, 0, 255, 255))
    }

    @Test func colourTintsTheTexel() throws {
        let image = try quadrants()
        let tinted = canvas.textured(x: 0, y: 0, w: 40, h: 40, color: premultiplied(1, 1, 1, 0.5))
        let result = try canvas.render(canvas.list(clear: transparent, [tinted], [batch(0, 1, image: image)]))
        expectPixel(result, 10, 10, (255, 0, 0, 128))
        expectPixel(result, 30, 30, (255, 255, 255, 128))
    }

    @Test func texturedContentsClipToARoundedShape() throws {
        let image = try quadrants()
        let clipped = canvas.textured(x: 0, y: 0, w: 40, h: 40, radii: SIMD4(repeating: 10), clipsToShape: true)
        let result = try canvas.render(canvas.list(clear: transparent, [clipped], [batch(0, 1, image: image)]))
        expectPixel(result, 0, 0, (0, 0, 0, 0))
        expectPixel(result, 39, 39, (0, 0, 0, 0))
        expectPixel(result, 10, 10, (255, 0, 0, 255))
    }

    @Test func linearFilteringBlendsNeighbouringTexels() throws {
        let image = try makeImage(width: 2, height: 1, [0, 0, 0, 255, 255, 255, 255, 255])
        let list = canvas.list([canvas.textured(x: 0, y: 0, w: 40, h: 4)], [batch(0, 1, image: image, filter: .linear)])
        let result = try canvas.render(list)
        expectPixel(result, 0, 1, (0, 0, 0, 255))
        expectPixel(result, 39, 1, (255, 255, 255, 255))
        // Pixel 19's centre samples 0.475 of the way from the black texel's centre to the white one's.
        expectPixel(result, 19, 1, (121, 121, 121, 255), tolerance: 2)
    }

    @Test func trilinearMinificationAveragesThroughMipmaps() throws {
        // A 1-pixel black and white checkerboard shrunk 8 times reads as mid grey.
        let checker = (0..<64 * 64).flatMap { i -> [UInt8] in
            let on = (i % 64 + i / 64) % 2 == 0
            return on ? [255, 255, 255, 255] : [0, 0, 0, 255]
        }
        let image = try makeImage(width: 64, height: 64, checker)
        let list = canvas.list(
            [canvas.textured(x: 0, y: 0, w: 8, h: 8)], [batch(0, 1, image: image, filter: .trilinear)])
        let result = try canvas.render(list)
        for x in 0..<8 {
            for y in 0..<8 { expectPixel(result, x, y, (128, 128, 128, 255), tolerance: 3) }
        }
    }

    @Test func oneTextureSharedByAThousandInstancesIsOneDrawAndOneUpload() throws {
        let wide = TestCanvas(width: 320, height: 200)
        let image = try quadrants()
        let instances = (0..<1000).map { (i: Int) -> QuadInstance in
            let (column, row) = (i % 40, i / 40)
            return wide.textured(x: Float(column * 8), y: Float(row * 8), w: 8, h: 8)
        }
        let list = wide.list(instances, [batch(0, 1000, image: image)])
        let surface = try HeadlessSurface(width: 320, height: 200)

        let first = try surface.render(list)
        #expect(surface.statistics.drawCalls == 1)
        #expect(surface.statistics.instances == 1000)
        #expect(surface.statistics.textureUploads == 1)
        #expect(surface.statistics.uploadedBytes == 16)
        #expect(surface.statistics.instanceBytes == 1001 * QuadInstance.stride)
        expectPixel(first, 313, 193, (255, 0, 0, 255))
        expectPixel(first, 319, 199, (255, 255, 255, 255))

        let second = try surface.render(list)
        #expect(surface.statistics.drawCalls == 1)
        #expect(surface.statistics.textureUploads == 0)
        #expect(surface.statistics.uploadedBytes == 0)
        #expect(second == first)
    }

    @Test func purgeDeletesTexturesThatAreNoLongerLive() throws {
        let kept = try quadrants()
        let dropped = try quadrants()
        let list = canvas.list(
            [canvas.textured(x: 0, y: 0, w: 8, h: 8), canvas.textured(x: 10, y: 0, w: 8, h: 8)],
            [batch(0, 1, image: kept), batch(1, 1, image: dropped)])
        let surface = try HeadlessSurface(width: 64, height: 64)
        _ = try surface.render(list)
        #expect(surface.statistics.textureUploads == 2)

        try surface.purgeTextures(keeping: [kept.imageID])
        let result = try surface.render(list)
        #expect(surface.statistics.textureUploads == 1)
        #expect(surface.statistics.uploadedBytes == 16)
        expectPixel(result, 12, 1, (255, 0, 0, 255))

        _ = try surface.render(list)
        #expect(surface.statistics.textureUploads == 0)
    }

    @Test func imageOverTheTextureLimitIsDownscaledWithAWarning() throws {
        // Left half red, right half blue.
        let pixels = (0..<100 * 80).flatMap { i -> [UInt8] in i % 100 < 50 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        let image = try makeImage(width: 100, height: 80, pixels)
        let surface = try HeadlessSurface(width: 100, height: 80, options: GLRendererOptions(maxTextureSize: 64))
        #expect(surface.maxTextureSize == 64)

        let list = TestCanvas(width: 100, height: 80).list(
            [TestCanvas(width: 100, height: 80).textured(x: 0, y: 0, w: 100, h: 80)], [batch(0, 1, image: image)])
        let (result, messages) = try Diagnostics.capturing { try surface.render(list) }
        #expect(surface.statistics.textureUploads == 1)
        #expect(surface.statistics.uploadedBytes == 64 * 51 * 4)
        #expect(
            messages.contains {
                $0.contains("image 100x80 exceeds the maximum texture size 64; downscaled to 64x51")
            })
        expectPixel(result, 10, 40, (255, 0, 0, 255))
        expectPixel(result, 90, 40, (0, 0, 255, 255))
    }

    @Test func reportedMaximumTextureSizeComesFromTheContext() throws {
        let surface = try HeadlessSurface(width: 4, height: 4)
        #expect(surface.maxTextureSize >= 1024)
        let capped = try HeadlessSurface(width: 4, height: 4, options: GLRendererOptions(maxTextureSize: 1 << 30))
        #expect(capped.maxTextureSize == surface.maxTextureSize)
    }
}
