import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// The decoders' memory budget (`DecodeLimits`): at most 1 GiB at the peak of a decode, the
/// bitmap and the codec's whole-image buffers together, refused from the header when over.
@Suite struct DecodeBudgetTests {
    @Test func aProgressiveJPEGWhoseCoefficientsWouldPassTheBudgetIsRefusedFromItsHeader() throws {
        // 16384 x 16384 is within the pixel limit, but libjpeg would also keep 768 MiB of
        // coefficients (4:2:0) beside the 1 GiB bitmap: 1.8 GB at the peak.
        let data = ImageFixtures.jpeg(ImageFixtures.progressiveJPEG(), claimingWidth: 16_384, height: 16_384)
        let error = try #require(throws: ImageError.self) { try CGImage.decode(data) }
        #expect(
            error
                == .decodingFailed(
                    "JPEG image of 16384x16384 pixels needs 1792 MiB to decode (1024 MiB of pixels and 768 MiB of coefficients libjpeg keeps for a progressive or multi-scan JPEG), over the limit of 1024 MiB"
                ))
    }

    @Test func aBaselineJPEGOfTheLargestSizeIsWithinTheBudget() throws {
        let frame = try #require(
            JPEGFrame(
                ImageFixtures.jpeg(try ImageFixtures.quadrants().jpegData(), claimingWidth: 16_384, height: 16_384)))
        #expect(!frame.buffersWholeImage)
        #expect(frame.coefficientBufferBytes == 0)
        #expect(throws: Never.self) {
            try DecodeLimits.check(
                width: 16_384, height: 16_384, format: "JPEG", workingBytes: frame.coefficientBufferBytes)
        }
    }

    @Test func theFrameHeaderGivesLibjpegsCoefficientBuffer() throws {
        let frame = try #require(JPEGFrame(ImageFixtures.progressiveJPEG()))
        #expect(frame.width == 16 && frame.height == 16 && frame.isProgressive)
        #expect(
            frame.components == [
                .init(horizontal: 2, vertical: 2), .init(horizontal: 1, vertical: 1), .init(horizontal: 1, vertical: 1),
            ])
        // Luma: 2 x 2 blocks; each chroma component: 1 x 1 block; 128 bytes a block.
        #expect(frame.coefficientBufferBytes == 768)
        // An odd size rounds each component up to whole blocks and to its sampling factors.
        var odd = frame
        (odd.width, odd.height) = (17, 9)
        #expect(odd.coefficientBufferBytes == (4 * 2 + 2 * 1 * 2) * 128)
        #expect(JPEGFrame(Data([0xFF, 0xD8, 0xFF, 0xD9])) == nil)
        #expect(JPEGFrame(try ImageFixtures.quadrants().jpegData().prefix(20)) == nil)
    }

    @Test func aProgressiveJPEGWithinTheBudgetDecodes() throws {
        let decoded = try CGImage.decode(ImageFixtures.progressiveJPEG())
        #expect(decoded.width == 16 && decoded.height == 16)
        expectPixel(decoded, 3, 3, (255, 0, 0, 255), tolerance: 8)
        expectPixel(decoded, 12, 12, (255, 255, 255, 255), tolerance: 8)
    }

    @Test func theBudgetCountsPixelsAndWorkingBuffersTogether() {
        #expect(throws: Never.self) {
            try DecodeLimits.check(width: 8192, height: 8192, format: "PNG", workingBytes: 768 << 20, working: "x")
        }
        #expect(throws: ImageError.self) {
            try DecodeLimits.check(
                width: 8192, height: 8192, format: "PNG", workingBytes: (768 << 20) + 1, working: "x")
        }
    }

    /// Before, the PNG decoder filled a zeroed buffer, then copied it into a second one to
    /// premultiply: a 16384 x 16384 PNG of 1 MB peaked at 2.1 GB. Now libpng writes into the
    /// image's own buffer, premultiplied in place, so the decoding thread touches about one
    /// bitmap of fresh pages (minor page faults), not two.
    @Test func pngDecodingTouchesTheBitmapOnce() throws {
        let side = 2048
        let opaque = [UInt8](repeating: 200, count: side * side * 4)
        let data = try CGImage(premultipliedRGBA: opaque, width: side, height: side).pngData()
        let bitmapPages = side * side * 4 / 4096
        let before = threadMinorFaults()
        let decoded = try CGImage.decode(data)
        let faults = threadMinorFaults() - before
        #expect(decoded.width == side)
        // A sanitizer's shadow memory faults in pages of its own; the plain run checks the bound.
        if !runsUnderSanitizer {
            #expect(faults < bitmapPages * 3 / 2, "\(faults) page faults for a bitmap of \(bitmapPages) pages")
        }
    }

    /// The minor page faults of the calling thread so far.
    private func threadMinorFaults() -> Int {
        var usage = rusage()
        // RUSAGE_THREAD (1), which Glibc does not import without _GNU_SOURCE.
        getrusage(__rusage_who_t(1), &usage)
        return usage.ru_minflt
    }
}
