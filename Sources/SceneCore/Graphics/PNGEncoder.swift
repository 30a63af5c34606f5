import CSceneCoreImageCodecs
import Foundation

/// Writes 8-bit straight-alpha RGBA pixels as PNG through libpng's simplified API.
public enum PNGEncoder {
    /// Encodes `pixels` (`height` rows of `width * 4` bytes, top row first) as PNG data.
    /// - Throws: `ImageError.encodingFailed` with libpng's message.
    public static func encode(straightRGBA pixels: [UInt8], width: Int, height: Int) throws -> Data {
        guard width > 0, height > 0, pixels.count >= width * height * 4 else {
            throw ImageError.encodingFailed(
                "PNG: \(width)x\(height) needs \(width * height * 4) bytes, got \(pixels.count)")
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var size: png_alloc_size_t = 0
        let rowStride = Int32(width * 4)
        // First pass asks for the size, the second writes.
        guard
            pixels.withUnsafeBytes({ png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, rowStride, nil) })
                != 0
        else { throw ImageError.encodingFailed("PNG: \(image.messageText)") }
        var out = Data(count: Int(size))
        let ok = out.withUnsafeMutableBytes { dst in
            pixels.withUnsafeBytes { src in
                png_image_write_to_memory(&image, dst.baseAddress, &size, 0, src.baseAddress, rowStride, nil)
            }
        }
        png_image_free(&image)
        guard ok != 0 else { throw ImageError.encodingFailed("PNG: \(image.messageText)") }
        return out.prefix(Int(size))
    }

    /// Encodes and writes a PNG file.
    public static func write(straightRGBA pixels: [UInt8], width: Int, height: Int, to url: URL) throws {
        try encode(straightRGBA: pixels, width: width, height: height).write(to: url)
    }
}
