import CSceneCoreImageCodecs
import Foundation

/// Reads JPEG data into a `CGImage` through the TurboJPEG API.
///
/// Gray and YCbCr JPEGs, baseline or progressive, are decoded to opaque RGBA. As with
/// `CGImageSourceCreateImageAtIndex`, the EXIF orientation is not applied; embedded ICC
/// profiles are ignored (the pixels are taken as sRGB). Damage that libjpeg recovers from
/// with only a warning (extraneous bytes before a marker, a bad Huffman code) still yields an
/// image, as in ImageIO and browsers, and the warning is logged through `Diagnostics`; a
/// premature end of the data is an error.
enum JPEGDecoder {
    /// Decodes `data`, which must start with a JPEG start-of-image marker.
    /// - Throws: `ImageError.truncatedData` when the data ends before the image does,
    ///   `ImageError.unsupportedFormat` for CMYK and YCCK JPEGs, and
    ///   `ImageError.decodingFailed` for any other TurboJPEG failure or an oversized image;
    ///   each quotes TurboJPEG's message where there is one.
    static func decode(_ data: Data) throws -> CGImage {
        guard let handle = tjInitDecompress() else {
            throw ImageError.decodingFailed("JPEG: TurboJPEG could not create a decompressor")
        }
        defer { tjDestroy(handle) }
        return try data.withUnsafeBytes { raw in
            let source = raw.bindMemory(to: UInt8.self)
            let size = UInt(source.count)
            var width: Int32 = 0
            var height: Int32 = 0
            var subsampling: Int32 = 0
            var colorspace: Int32 = 0
            guard tjDecompressHeader3(handle, source.baseAddress, size, &width, &height, &subsampling, &colorspace) == 0
            else { throw failure(errorText(handle), data: data) }
            guard width > 0, height > 0 else { throw failure("no image header found", data: data) }
            if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) {
                throw ImageError.unsupportedFormat("JPEG: CMYK and YCCK JPEGs are not supported")
            }
            // A header the frame walk cannot read is left to TurboJPEG to report.
            let coefficients = JPEGFrame(data)?.coefficientBufferBytes ?? 0
            try DecodeLimits.check(
                width: Int(width), height: Int(height), format: "JPEG", workingBytes: coefficients,
                working: "coefficients libjpeg keeps for a progressive or multi-scan JPEG")
            let byteCount = Int(width) * Int(height) * 4
            // TurboJPEG writes every row straight into the image's buffer.
            let pixels = try [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
                let status = tjDecompress2(
                    handle, source.baseAddress, size, buffer.baseAddress, width, 0, height,
                    Int32(TJPF_RGBA.rawValue), 0)
                if status != 0 {
                    // A warning still yields a whole image; only truncation is refused.
                    let message = errorText(handle)
                    if tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) || isTruncation(message) {
                        throw failure(message, data: data)
                    }
                    Diagnostics.warning("JPEG decoded with a warning (TurboJPEG: \(message))")
                }
                initialized = byteCount
            }
            return CGImage(premultipliedRGBA: pixels, width: Int(width), height: Int(height))
        }
    }

    /// The error for a TurboJPEG failure with `message`: truncation when libjpeg hit the end
    /// of the data early or the marker segments run out before the end-of-image marker.
    private static func failure(_ message: String, data: Data) -> ImageError {
        isTruncation(message) || JPEGStructure.isTruncated(data)
            ? .truncatedData("JPEG data is truncated (TurboJPEG: \(message))")
            : .decodingFailed("JPEG data is corrupt (TurboJPEG: \(message))")
    }

    /// True for libjpeg's "Premature end of JPEG file" warning.
    private static func isTruncation(_ message: String) -> Bool {
        message.localizedCaseInsensitiveContains("premature end")
    }

    /// The handle's last error or warning text.
    private static func errorText(_ handle: tjhandle) -> String {
        tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
    }
}
