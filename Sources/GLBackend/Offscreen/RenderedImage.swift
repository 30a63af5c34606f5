import Foundation
import SceneCore

/// A rendered frame read back from the GPU: straight (un-premultiplied) RGBA8 pixels, rows
/// from the top.
public struct RenderedImage: Sendable, Equatable {
    /// Width in pixels (at least 1).
    public let width: Int
    /// Height in pixels (at least 1).
    public let height: Int
    /// `height` rows of `width * 4` bytes, R, G, B, A each, top row first, straight alpha.
    public let pixels: [UInt8]

    /// Converts GL's readback: exactly `width * height * 4` premultiplied bytes with the bottom
    /// row first. Rows are copied whole, then only pixels that are not opaque get their colour
    /// divided by alpha.
    package init(bottomUpPremultiplied source: [UInt8], width: Int, height: Int) {
        let rowBytes = width * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { target, initialized in
            source.withUnsafeBytes { source in
                for row in 0..<height {
                    let from = source.baseAddress! + (height - 1 - row) * rowBytes
                    (target.baseAddress! + row * rowBytes).initialize(
                        from: from.assumingMemoryBound(to: UInt8.self), count: rowBytes)
                }
            }
            var alphaIndex = 3
            while alphaIndex < rowBytes * height {
                let alpha = UInt32(target[alphaIndex])
                if alpha != 255 {
                    for channel in alphaIndex - 3..<alphaIndex {
                        target[channel] =
                            alpha == 0 ? 0 : UInt8(min((UInt32(target[channel]) * 255 + alpha / 2) / alpha, 255))
                    }
                }
                alphaIndex += 4
            }
            initialized = rowBytes * height
        }
        (self.width, self.height, self.pixels) = (width, height, pixels)
    }

    /// The straight RGBA of the pixel at `(x, y)`, origin top-left; transparent black outside
    /// the image.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return (0, 0, 0, 0) }
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Writes the image as a PNG file.
    /// - Throws: `ImageError.encodingFailed`, or the file system's error.
    public func writePNG(to url: URL) throws {
        try PNGEncoder.write(straightRGBA: pixels, width: width, height: height, to: url)
    }

    /// The image as a `CGImage`.
    public var cgImage: CGImage {
        // The initialiser fails only for non-positive sizes or a short buffer, which this
        // type's invariants rule out.
        CGImage(rgbaPixels: pixels, width: width, height: height)!
    }
}
