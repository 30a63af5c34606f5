import Testing

@testable import GLBackend

@Suite struct ImageDownscalerTests {
    @Test func fittingSizeKeepsTheAspectRatio() {
        #expect(ImageDownscaler.fittingSize(width: 100, height: 80, limit: 64) == (64, 51))
        #expect(ImageDownscaler.fittingSize(width: 10, height: 5000, limit: 1000) == (2, 1000))
        #expect(ImageDownscaler.fittingSize(width: 5000, height: 1, limit: 100) == (100, 1))
        #expect(ImageDownscaler.fittingSize(width: 64, height: 64, limit: 64) == (64, 64))
    }

    @Test func halvingAveragesEachTwoByTwoBlock() {
        // 4x2 image, one channel value per pixel replicated to RGBA.
        let values: [UInt8] = [0, 100, 200, 200, 40, 60, 0, 40]
        let pixels = values.flatMap { [$0, $0, $0, $0] }
        let result = ImageDownscaler.downscale(pixels, width: 4, height: 2, toWidth: 2, height: 1)
        #expect(result == [50, 50, 50, 50, 110, 110, 110, 110])
    }

    @Test func partlyCoveredSourcePixelsCountByTheirCoveredFraction() {
        let pixels: [UInt8] = [0, 90, 180].flatMap { [$0, $0, $0, 255] }
        let result = ImageDownscaler.downscale(pixels, width: 3, height: 1, toWidth: 2, height: 1)
        #expect(result == [30, 30, 30, 255, 150, 150, 150, 255])
    }
}
