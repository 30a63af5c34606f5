import Foundation
import Testing

@testable import SceneCore

@Suite struct ImageCodecTests {
    // MARK: PNG

    @Test func pngRoundTripKeepsEveryPremultipliedPixel() throws {
        let image = ImageFixtures.image3x2()
        let decoded = try CGImage.decode(try image.pngData())
        #expect(decoded.width == 3 && decoded.height == 2)
        #expect(decoded.pixels == image.pixels)
        #expect(
            decoded.pixels == [
                255, 0, 0, 255, /**/ 0, 255, 0, 255, /**/ 0, 0, 255, 255,
                100, 50, 25, 128, /**/ 0, 0, 0, 0, /**/ 1, 1, 1, 1,
            ])
        #expect(decoded.pixel(x: 0, y: 1) == (199, 100, 50, 128))
        #expect(decoded.pixel(x: 2, y: 1) == (255, 255, 255, 1))
    }

    @Test func pngRoundTripIsExactForEveryPremultipliedValue() throws {
        // Every (value, alpha) pair with value <= alpha: 32896 pixels in a 128x257 image.
        var pixels = [UInt8]()
        for alpha in 0...255 {
            for value in 0...alpha {
                pixels += [UInt8(value), UInt8(alpha - value), UInt8(value / 2), UInt8(alpha)]
            }
        }
        let image = CGImage(premultipliedRGBA: pixels, width: 128, height: 257)
        let decoded = try CGImage.decode(try image.pngData())
        #expect(decoded.pixels == pixels)
    }

    @Test func pngDataIsStraightAlpha() throws {
        let image = ImageFixtures.image3x2()
        let data = try image.pngData()
        #expect(data.starts(with: ImageFormat.pngSignature))
        #expect(
            image.straightRGBA == [
                255, 0, 0, 255, /**/ 0, 255, 0, 255, /**/ 0, 0, 255, 255,
                199, 100, 50, 128, /**/ 0, 0, 0, 0, /**/ 255, 255, 255, 1,
            ])
    }

    @Test func loadsAPNGFile() throws {
        try withTemporaryFile(named: "image.png", contents: try ImageFixtures.image3x2().pngData()) { url in
            let loaded = try CGImage.load(contentsOf: url)
            #expect(loaded.pixels == ImageFixtures.image3x2().pixels)
        }
    }

    @Test func corruptPNGNamesLibpngAndCorruption() throws {
        var bytes = [UInt8](try ImageFixtures.image3x2().pngData())
        bytes[17] ^= 0x01  // a width byte in IHDR, so its CRC no longer matches
        let error = try #require(throws: ImageError.self) { try CGImage.decode(Data(bytes)) }
        guard case .decodingFailed(let message) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(message == "PNG data is corrupt (libpng: IHDR: CRC error)")
    }

    @Test func truncatedPNGSaysTruncated() throws {
        let data = try ImageFixtures.image3x2().pngData()
        let error = try #require(throws: ImageError.self) { try CGImage.decode(data.prefix(data.count - 20)) }
        #expect(error == .truncatedData("PNG data is truncated (libpng: read beyond end of data)"))
    }

    @Test func oversizedPNGIsRefusedBeforeAllocating() throws {
        let data = ImageFixtures.png(try ImageFixtures.image3x2().pngData(), claimingWidth: 20_000, height: 20_000)
        let error = try #require(throws: ImageError.self) { try CGImage.decode(data) }
        #expect(error == .decodingFailed("PNG image of 20000x20000 pixels exceeds the limit of 268435456 pixels"))
    }

    @Test func pngChunkWalkTellsTruncationFromCorruption() throws {
        let data = try ImageFixtures.image3x2().pngData()
        #expect(!PNGDecoder.isTruncated(data))
        #expect(PNGDecoder.isTruncated(data.prefix(data.count - 1)))
        #expect(PNGDecoder.isTruncated(data.prefix(8)))
        var badType = [UInt8](data)
        badType[12] = 0x31  // "1HDR" is not a chunk type
        #expect(!PNGDecoder.isTruncated(Data(badType)))
    }

    // MARK: JPEG

    @Test func jpegRoundTripIsWithinJPEGTolerance() throws {
        let decoded = try CGImage.decode(try ImageFixtures.quadrants().jpegData(quality: 1))
        #expect(decoded.width == 16 && decoded.height == 16)
        for y in 0..<16 {
            for x in 0..<16 {
                let p = decoded.pixel(x: x, y: y)
                let expected = ImageFixtures.quadrantColour(x: x, y: y)
                #expect(p.a == 255)
                for (got, want) in zip([p.r, p.g, p.b], expected) {
                    #expect(abs(Int(got) - Int(want)) <= 12, "pixel (\(x), \(y)): \(p) vs \(expected)")
                }
            }
        }
    }

    @Test func jpegDataCompositesTranslucentPixelsOverBlack() throws {
        let image = CGImage(
            rgbaPixels: [UInt8](repeating: 255, count: 8 * 8 * 4).enumerated().map {
                $0.offset % 4 == 3 ? 128 : $0.element
            }, width: 8, height: 8)!
        let decoded = try CGImage.decode(try image.jpegData(quality: 1))
        let p = decoded.pixel(x: 4, y: 4)
        #expect(p.a == 255)
        #expect(abs(Int(p.r) - 128) <= 2 && abs(Int(p.g) - 128) <= 2 && abs(Int(p.b) - 128) <= 2)
    }

    @Test func lowerJPEGQualityGivesSmallerData() throws {
        let image = ImageFixtures.quadrants()
        #expect(try image.jpegData(quality: 0).count < image.jpegData(quality: 1).count)
    }

    @Test func loadsAJPEGFile() throws {
        try withTemporaryFile(named: "image.jpg", contents: try ImageFixtures.quadrants().jpegData()) { url in
            let loaded = try CGImage.load(contentsOf: url)
            #expect(loaded.width == 16 && loaded.height == 16)
        }
    }

    @Test func truncatedJPEGSaysTruncated() throws {
        let data = try ImageFixtures.quadrants().jpegData()
        let error = try #require(throws: ImageError.self) { try CGImage.decode(data.prefix(data.count - 10)) }
        #expect(error == .truncatedData("JPEG data is truncated (TurboJPEG: Premature end of JPEG file)"))
    }

    @Test func corruptJPEGNamesTurboJPEGAndCorruption() throws {
        var bytes = [UInt8](try ImageFixtures.quadrants().jpegData())
        let dqt = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDB })
        (bytes[dqt + 2], bytes[dqt + 3]) = (0, 0)  // a segment length below 2
        let error = try #require(throws: ImageError.self) { try CGImage.decode(Data(bytes)) }
        guard case .decodingFailed(let message) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(message == "JPEG data is corrupt (TurboJPEG: Bogus marker length)")
    }

    @Test func oversizedJPEGIsRefusedBeforeAllocating() throws {
        let data = ImageFixtures.jpeg(try ImageFixtures.quadrants().jpegData(), claimingWidth: 65_000, height: 65_000)
        let error = try #require(throws: ImageError.self) { try CGImage.decode(data) }
        #expect(error == .decodingFailed("JPEG image of 65000x65000 pixels exceeds the limit of 268435456 pixels"))
    }

    @Test func cmykJPEGIsUnsupported() throws {
        let error = try #require(throws: ImageError.self) { try CGImage.decode(ImageFixtures.cmykJPEG()) }
        #expect(error == .unsupportedFormat("JPEG: CMYK and YCCK JPEGs are not supported"))
    }

    @Test func jpegMarkerWalkTellsTruncationFromCorruption() throws {
        let data = try ImageFixtures.quadrants().jpegData()
        #expect(!JPEGStructure.isTruncated(data))
        #expect(JPEGStructure.isTruncated(data.prefix(data.count - 2)))
        #expect(JPEGStructure.isTruncated(data.prefix(20)))
        #expect(!JPEGStructure.isTruncated(Data([0xFF, 0xD8, 0x12, 0x34])))
        #expect(!JPEGStructure.isTruncated(Data([0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x01])))
    }

    // MARK: Format and file errors

    @Test func sniffsFormatsFromTheirSignatures() {
        #expect(ImageFormat(sniffing: Data(ImageFormat.pngSignature + [0])) == .png)
        #expect(ImageFormat(sniffing: Data([0xFF, 0xD8, 0xFF, 0xE0])) == .jpeg)
        #expect(ImageFormat(sniffing: Data([0xFF, 0xD8])) == nil)
        #expect(ImageFormat(sniffing: Data("GIF89a".utf8)) == nil)
    }

    @Test func unknownFormatIsUnsupported() throws {
        let error = try #require(throws: ImageError.self) { try CGImage.decode(Data("GIF89a".utf8)) }
        #expect(error == .unsupportedFormat("image data is neither PNG nor JPEG (first bytes: 47 49 46 38 39 61)"))
        #expect(throws: ImageError.unsupportedFormat("image data is empty")) { try CGImage.decode(Data()) }
    }

    @Test func missingFileNamesItsPath() throws {
        let url = URL(fileURLWithPath: "/nonexistent/scenecore/missing.png")
        let error = try #require(throws: ImageError.self) { try CGImage.load(contentsOf: url) }
        guard case .unreadableFile(let message) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(message.hasPrefix("/nonexistent/scenecore/missing.png: cannot read the file"))
    }

    @Test func directoryIsUnreadable() throws {
        let directory = FileManager.default.temporaryDirectory
        let error = try #require(throws: ImageError.self) { try CGImage.load(contentsOf: directory) }
        guard case .unreadableFile(let message) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(message.contains(directory.path))
    }

    @Test func nonFileURLIsRefused() throws {
        let url = try #require(URL(string: "https://example.com/image.png"))
        #expect(throws: ImageError.unreadableFile("https://example.com/image.png: only file URLs can be loaded")) {
            try CGImage.load(contentsOf: url)
        }
    }

    @Test func decodingErrorsFromAFileStartWithItsPath() throws {
        let data = try ImageFixtures.image3x2().pngData()
        try withTemporaryFile(named: "cut.png", contents: data.prefix(40)) { url in
            #expect(
                throws: ImageError.truncatedData("\(url.path): PNG data is truncated (libpng: read beyond end of data)")
            ) {
                try CGImage.load(contentsOf: url)
            }
        }
        try withTemporaryFile(named: "notes.png", contents: Data("hello".utf8)) { text in
            #expect(
                throws: ImageError.unsupportedFormat(
                    "\(text.path): image data is neither PNG nor JPEG (first bytes: 68 65 6c 6c 6f)")
            ) {
                try CGImage.load(contentsOf: text)
            }
        }
    }

    @Test func decodeLimitsRefuseEmptyAndHugeSizesWithoutOverflow() {
        #expect(throws: ImageError.self) { try DecodeLimits.check(width: 0, height: 10, format: "PNG") }
        #expect(throws: ImageError.self) { try DecodeLimits.check(width: Int.max, height: Int.max, format: "PNG") }
        #expect(throws: Never.self) { try DecodeLimits.check(width: 1 << 14, height: 1 << 14, format: "PNG") }
    }

    @Test func errorDescriptionIsItsMessage() {
        #expect(ImageError.truncatedData("cut").description == "cut")
        #expect(ImageError.decodingFailed("bad").prefixed(with: "/a.png") == .decodingFailed("/a.png: bad"))
    }

    /// Writes `contents` to a file called `name` in a folder of its own, gives `body` its URL, and
    /// removes the folder afterwards, whether `body` returns or throws.
    private func withTemporaryFile(named name: String, contents: Data, _ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("SceneCoreTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url)
        try body(url)
    }
}
