import SceneCoreTestSupport
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

/// The downscaler's memory on a tall image; `.scale`, as the peak memory it reads is the process's.
@Suite(.tags(.scale)) struct ImageDownscalerMemoryTests {
    /// A source 1 pixel wide and 1,000,000 tall (4 MB) down to 1 x 1,000: the peak memory
    /// beyond the source and the result grows by under 4 MB (it was four floats a source pixel,
    /// twice: 32 MB here, 3.5 GB for 100,000,000 pixels), and each target pixel is the average
    /// of its thousand rows.
    @Test func aTallImageIsDownscaledARowAtATime() {
        let height = 1_000_000
        var pixels = [UInt8](repeating: 0, count: height * 4)
        for y in 0..<height { pixels[y * 4] = UInt8(y % 4 * 60) }
        // The least of three runs: the peak is the process's, which tests running beside this
        // one raise too.
        var (result, grown) = ([UInt8](), Int.max)
        for _ in 0..<3 {
            let run = peakMemoryGrowth {
                ImageDownscaler.downscale(pixels, width: 1, height: height, toWidth: 1, height: 1_000)
            }
            (result, grown) = (run.result, min(grown, run.bytes))
        }
        #expect(result.count == 4_000)
        // (0 + 60 + 120 + 180) / 4.
        #expect(result[0] == 90 && result[3_996] == 90)
        // AddressSanitizer keeps freed memory in quarantine: the peak says nothing there.
        if !runsUnderSanitizer { #expect(grown < 4 << 20, "\(grown) bytes more at the peak") }
    }
}
