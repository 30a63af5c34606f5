import CSceneCoreImageCodecs
import Foundation

/// Reads PNG data into a `CGImage` through libpng's simplified API.
///
/// Every PNG variant libpng reads is accepted (gray, palette, 16-bit, interlaced, tRNS);
/// libpng converts it to 8-bit sRGB RGBA with straight alpha, which is then premultiplied.
enum PNGDecoder {
    /// Decodes `data`, which must start with the PNG signature.
    /// - Throws: `ImageError.truncatedData` when the data ends before the end of the IEND
    ///   chunk (even when the pixels themselves are complete), `ImageError.decodingFailed` for
    ///   any other libpng failure or an image over `DecodeLimits`; both quote libpng's message where
    ///   libpng gave one.
    static func decode(_ data: Data) throws -> CGImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let decoded: (pixels: [UInt8], width: Int, height: Int)? = try data.withUnsafeBytes { bytes in
            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else { return nil }
            let width = Int(image.width)
            let height = Int(image.height)
            try DecodeLimits.check(width: width, height: height, format: "PNG")
            image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
            let byteCount = width * height * 4
            var ok: Int32 = 0
            // libpng writes every row straight into the image's buffer, which is then
            // premultiplied where it lies: the bitmap is the only whole-image allocation.
            let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
                ok = png_image_finish_read(&image, nil, buffer.baseAddress, Int32(width * 4), nil)
                guard ok != 0 else { return }
                CGImage.premultiply(buffer)
                initialized = byteCount
            }
            return ok != 0 ? (pixels, width, height) : nil
        }
        guard let decoded else { throw failure(libpngMessage: image.messageText, data: data) }
        // libpng stops reading after the image data, so a missing IEND is caught here.
        guard !isTruncated(data) else { throw ImageError.truncatedData("PNG data is truncated (it ends before IEND)") }
        return CGImage(premultipliedRGBA: decoded.pixels, width: decoded.width, height: decoded.height)
    }

    /// The error for a libpng failure: truncation when the chunk sequence stops early.
    private static func failure(libpngMessage message: String, data: Data) -> ImageError {
        isTruncated(data)
            ? .truncatedData("PNG data is truncated (libpng: \(message))")
            : .decodingFailed("PNG data is corrupt (libpng: \(message))")
    }

    /// True when the chunk sequence after the signature runs off the end of `data` before a
    /// complete IEND chunk. A chunk whose type is not four ASCII letters, or whose length is
    /// above 2^31 - 1, means corruption instead.
    static func isTruncated(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = ImageFormat.pngSignature.count
            while offset + 8 <= bytes.count {
                let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
                let type = bytes[offset + 4..<offset + 8]
                guard length <= Int(Int32.max), type.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) })
                else { return false }
                let end = offset + 12 + length
                if end > bytes.count { return true }
                if type.elementsEqual("IEND".utf8) { return false }
                offset = end
            }
            return true
        }
    }
}
