import Foundation
import SceneCoreFuzzSupport
import Testing

@testable import SceneCore

/// Bad bytes must give an `ImageError`, never a crash. The generator is seeded, so every run
/// feeds the same bytes.
@Suite struct ImageCodecFuzzTests {
    @Test func everyPrefixOfAPNGThrows() throws {
        let data = try ImageFixtures.image3x2().pngData()
        for length in 0..<data.count {
            let error = try #require(throws: ImageError.self) { try CGImage.decode(data.prefix(length)) }
            switch error {
            case .unsupportedFormat: #expect(length < 8, "prefix \(length)")
            case .truncatedData: #expect(length >= 8, "prefix \(length)")
            default: Issue.record("prefix \(length): \(error)")
            }
        }
    }

    @Test func everyPrefixOfAJPEGThrows() throws {
        let data = try ImageFixtures.quadrants().jpegData()
        for length in 0..<data.count {
            let error = try #require(throws: ImageError.self) { try CGImage.decode(data.prefix(length)) }
            switch error {
            case .unsupportedFormat: #expect(length < 3, "prefix \(length)")
            case .truncatedData: #expect(length >= 3, "prefix \(length)")
            default: Issue.record("prefix \(length): \(error)")
            }
        }
    }

    @Test(arguments: [[UInt8](), ImageFormat.pngSignature, ImageFormat.jpegSignature])
    func randomBytesNeverCrash(prefix: [UInt8]) {
        var random = SplitMix64(seed: 0x5CE_E0C0_DEC)
        for _ in 0..<500 {
            let body = (0..<Int.random(in: 0..<300, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            expectImageOrImageError(Data(prefix + body))
        }
    }

    @Test func flippedBitsNeverCrash() throws {
        var random = SplitMix64(seed: 42)
        for valid in [try ImageFixtures.image3x2().pngData(), try ImageFixtures.quadrants().jpegData()] {
            for _ in 0..<500 {
                var bytes = [UInt8](valid)
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8(
                        1 << Int.random(in: 0..<8, using: &random))
                }
                expectImageOrImageError(Data(bytes))
            }
        }
    }

    /// Damaged data either decodes (JPEG tolerates some damage, as ImageIO does) to a
    /// well-formed image, or throws an `ImageError` with a message.
    private func expectImageOrImageError(_ data: Data) {
        do {
            let image = try CGImage.decode(data)
            #expect(image.width > 0 && image.height > 0 && image.pixels.count == image.width * image.height * 4)
        } catch let error as ImageError {
            #expect(!error.description.isEmpty)
        } catch {
            Issue.record("unexpected error type: \(error)")
        }
    }
}
