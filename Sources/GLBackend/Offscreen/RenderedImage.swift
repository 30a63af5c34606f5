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

    /// Converts GL's readback: premultiplied pixels with the bottom row first.
    package init(bottomUpPremultiplied source: [UInt8], width: Int, height: Int) {
        let rowBytes = width * 4
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        for row in 0..<height {
            let from = (height - 1 - row) * rowBytes
            let to = row * rowBytes
            for offset in stride(from: 0, to: rowBytes, by: 4) {
                let alpha = UInt32(source[from + offset + 3])
                pixels[to + offset + 3] = UInt8(alpha)
                guard alpha > 0 else { continue }
                for channel in 0..<3 {
                    let value = (UInt32(source[from + offset + channel]) * 255 + alpha / 2) / alpha
                    pixels[to + offset + channel] = UInt8(min(value, 255))
                }
            }
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
