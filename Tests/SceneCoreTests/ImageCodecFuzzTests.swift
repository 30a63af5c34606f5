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

    /// A header declaring more pixels than `DecodeLimits` allows is refused before any pixel
    /// buffer is made, with a message naming the size; a header libpng itself rejects (zero or
    /// past its own limits) is a decoding failure. The CRC is fixed up, so only the size is wrong.
    @Test(arguments: [(65536, 65536), (16385, 16384), (Int(Int32.max), Int(Int32.max))])
    func oversizedPNGHeadersAreRefused(width: Int, height: Int) throws {
        let data = try Self.pngWithHeaderSize(width: width, height: height)
        let error = try #require(throws: ImageError.self) { try CGImage.decode(data) }
        #expect(error == .decodingFailed(error.description))
        #expect(
            error.description.contains("\(width)x\(height)") || error.description.contains("libpng"),
            "\(error)")
    }

    @Test(arguments: [(0, 2), (3, 0), (1 << 31, 1)])
    func emptyOrInvalidPNGHeaderSizesAreRefused(width: Int, height: Int) throws {
        let data = try Self.pngWithHeaderSize(width: width, height: height)
        let error = try #require(throws: ImageError.self) { try CGImage.decode(data) }
        #expect(error == .decodingFailed(error.description), "\(error)")
    }

    /// Past 65500 pixels a side TurboJPEG refuses the header itself; below that, an image over
    /// `DecodeLimits` is refused by SceneCore, naming the limit.
    @Test(arguments: [(65535, 65535), (65000, 65000), (20000, 20000), (0, 16)])
    func oversizedOrEmptyJPEGHeadersAreRefused(width: Int, height: Int) throws {
        var bytes = [UInt8](try ImageFixtures.quadrants().jpegData())
        let frame = try #require(Self.jpegFrameHeader(in: bytes))
        // SOFn: length (2), precision (1), height (2), width (2).
        bytes[frame + 5] = UInt8(height >> 8)
        bytes[frame + 6] = UInt8(height & 0xFF)
        bytes[frame + 7] = UInt8(width >> 8)
        bytes[frame + 8] = UInt8(width & 0xFF)
        let error = try #require(throws: ImageError.self) { try CGImage.decode(Data(bytes)) }
        switch error {
        case .decodingFailed(let message), .truncatedData(let message): #expect(!message.isEmpty)
        default: Issue.record("\(width)x\(height): \(error)")
        }
        if width <= 65500, height <= 65500, width * height > DecodeLimits.maximumPixelCount {
            #expect(error.description.contains("exceeds the limit"), "\(error)")
        }
    }

    /// A broken CRC in a critical chunk (IHDR, IDAT, IEND) is corruption; libpng skips an
    /// ancillary chunk with a bad CRC, and the image still decodes.
    @Test func aBrokenChunkCRCIsCorruption() throws {
        let data = [UInt8](try ImageFixtures.quadrants().pngData())
        for chunk in Self.pngChunks(in: data) {
            var bytes = data
            bytes[chunk.crc] ^= 0x5A
            let result = Result { try CGImage.decode(Data(bytes)) }
            if chunk.type.first!.isUppercase && chunk.type != "IEND" {
                #expect(throws: ImageError.self, "\(chunk.type)") { try result.get() }
            } else {
                expectImageOrImageError(Data(bytes))
            }
        }
    }

    /// Chunk lengths that are zero, short by the whole body, one too long, or beyond 2^31: an
    /// error for the header and the image data; elsewhere (an ancillary chunk that libpng skips,
    /// IEND after complete pixels) an error or a well-formed image.
    @Test func wrongChunkLengthsGiveErrors() throws {
        let data = [UInt8](try ImageFixtures.quadrants().pngData())
        for chunk in Self.pngChunks(in: data) {
            for length: UInt32 in [0, 1, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF, UInt32(chunk.length + 1)] {
                var bytes = data
                bytes.replaceSubrange(chunk.lengthField..<chunk.lengthField + 4, with: Self.bigEndian(length))
                if chunk.type == "IHDR" || chunk.type == "IDAT" {
                    #expect(throws: ImageError.self, "\(chunk.type) length \(length)") {
                        try CGImage.decode(Data(bytes))
                    }
                } else {
                    expectImageOrImageError(Data(bytes))
                }
            }
        }
    }

    /// A compressed stream replaced by noise (with a valid CRC, so that zlib sees it).
    @Test func noiseInTheImageDataIsCorruption() throws {
        var random = SplitMix64(seed: 7)
        let data = [UInt8](try ImageFixtures.quadrants().pngData())
        let idat = try #require(Self.pngChunks(in: data).first { $0.type == "IDAT" })
        for _ in 0..<50 {
            var bytes = data
            for index in idat.body { bytes[index] = UInt8.random(in: 0...255, using: &random) }
            bytes.replaceSubrange(
                idat.crc..<idat.crc + 4, with: Self.bigEndian(Self.crc32(bytes[idat.lengthField + 4..<idat.crc])))
            let error = try #require(throws: ImageError.self) { try CGImage.decode(Data(bytes)) }
            #expect(error.description.contains("libpng"), "\(error)")
        }
    }

    /// Images larger than the fixtures, cut at random points or with their end zeroed (a download
    /// that stopped, a file preallocated and never finished): a truncation error or, for a JPEG
    /// whose entropy data libjpeg pads, an image of the declared size.
    @Test func largerImagesCutShortOrZeroFilled() throws {
        var pixels = [UInt8]()
        for y in 0..<120 {
            for x in 0..<160 { pixels += [UInt8(x), UInt8(y * 2), UInt8((x ^ y) & 0xFF), 255] }
        }
        let image = try #require(CGImage(rgbaPixels: pixels, width: 160, height: 120))
        var random = SplitMix64(seed: 11)
        for data in [try image.pngData(), try image.jpegData(quality: 0.8)] {
            for _ in 0..<40 {
                let cut = Int.random(in: 1..<data.count - 2, using: &random)
                let error = try #require(throws: ImageError.self) { try CGImage.decode(data.prefix(cut)) }
                if case .unsupportedFormat = error { #expect(cut < 8, "cut at \(cut)") }
                var zeroed = [UInt8](data)
                for index in cut..<zeroed.count { zeroed[index] = 0 }
                if let decoded = try? CGImage.decode(Data(zeroed)) {
                    #expect(decoded.width == 160 && decoded.height == 120)
                }
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

    /// A chunk of PNG data: where its length field, body and CRC are, and its type.
    private struct PNGChunk {
        var type: String
        var lengthField: Int
        var length: Int
        var body: Range<Int> { lengthField + 8..<lengthField + 8 + length }
        var crc: Int { lengthField + 8 + length }
    }

    private static func pngChunks(in bytes: [UInt8]) -> [PNGChunk] {
        var chunks: [PNGChunk] = []
        var offset = ImageFormat.pngSignature.count
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            chunks.append(PNGChunk(type: type, lengthField: offset, length: length))
            offset += 12 + length
        }
        return chunks
    }

    /// The 3x2 fixture as a PNG whose header declares `width` x `height` (CRC recomputed).
    private static func pngWithHeaderSize(width: Int, height: Int) throws -> Data {
        var bytes = [UInt8](try ImageFixtures.image3x2().pngData())
        let header = try #require(pngChunks(in: bytes).first { $0.type == "IHDR" })
        bytes.replaceSubrange(header.body.lowerBound..<header.body.lowerBound + 4, with: bigEndian(UInt32(width)))
        bytes.replaceSubrange(header.body.lowerBound + 4..<header.body.lowerBound + 8, with: bigEndian(UInt32(height)))
        bytes.replaceSubrange(
            header.crc..<header.crc + 4, with: bigEndian(crc32(bytes[header.lengthField + 4..<header.crc])))
        return Data(bytes)
    }

    /// The offset of the first start-of-frame marker (SOF0 to SOF2) in JPEG data.
    private static func jpegFrameHeader(in bytes: [UInt8]) -> Int? {
        (0..<bytes.count - 9).first { bytes[$0] == 0xFF && (0xC0...0xC2).contains(bytes[$0 + 1]) }
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// The CRC-32 PNG chunks carry (over the type and the body).
    private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
