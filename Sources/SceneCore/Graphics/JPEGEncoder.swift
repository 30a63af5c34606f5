import CSceneCoreImageCodecs
import Foundation

/// Writes 8-bit RGBA pixels as a baseline JPEG through the TurboJPEG API.
public enum JPEGEncoder {
    /// Encodes `pixels` (`height` rows of `width * 4` bytes, top row first) as JPEG data.
    ///
    /// JPEG has no alpha: the fourth byte of each pixel is ignored, so pass premultiplied
    /// pixels to get the image composited over black. Chroma is not subsampled (4:4:4).
    /// - Parameters:
    ///   - pixels: `height` rows of `width * 4` bytes, top row first.
    ///   - width: the image's width in pixels.
    ///   - height: the image's height in pixels.
    ///   - quality: 0 (smallest) to 1 (best), as ImageIO's
    ///     `kCGImageDestinationLossyCompressionQuality`; clamped to that range.
    /// - Throws: `ImageError.encodingFailed` with TurboJPEG's message.
    public static func encode(rgbaPixels pixels: [UInt8], width: Int, height: Int, quality: CGFloat) throws -> Data {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max),
            pixels.count >= width * height * 4
        else {
            throw ImageError.encodingFailed(
                "JPEG: \(width)x\(height) needs \(width * height * 4) bytes, got \(pixels.count)")
        }
        guard let handle = tjInitCompress() else {
            throw ImageError.encodingFailed("JPEG: TurboJPEG could not create a compressor")
        }
        defer { tjDestroy(handle) }
        let level = Int32((min(max(quality.isNaN ? 1 : quality, 0), 1) * 99).rounded()) + 1
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { tjFree(output) }
        let status = pixels.withUnsafeBufferPointer {
            tjCompress2(
                handle, $0.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGBA.rawValue),
                &output, &size, Int32(TJSAMP_444.rawValue), level, 0)
        }
        guard status == 0, let output else {
            let message = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
            throw ImageError.encodingFailed("JPEG: \(message)")
        }
        return Data(bytes: output, count: Int(size))
    }
}
