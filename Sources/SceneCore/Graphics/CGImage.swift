import Foundation
import Synchronization

/// An immutable bitmap image, as in Core Graphics.
///
/// SceneCore keeps every image as 8-bit RGBA with premultiplied alpha, rows top to bottom,
/// which is what the renderer uploads. The pixel memory is immutable and shared, never
/// copied, between the app thread and the render thread.
public final class CGImage: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes per row of `pixelData` (`width * 4`).
    public let bytesPerRow: Int
    /// Bits per colour component (always 8).
    public var bitsPerComponent: Int { 8 }
    /// Bits per pixel (always 32).
    public var bitsPerPixel: Int { 32 }
    /// The colour space (sRGB).
    public var colorSpace: CGColorSpace? { CGColorSpace.srgb }
    /// Premultiplied RGBA8 pixels, `height` rows of `bytesPerRow` bytes, top row first.
    package let pixels: [UInt8]
    /// A process-wide identity the render side uses to key textures.
    package let imageID: UInt64

    private static let nextID = Atomic<UInt64>(1)

    /// For an image that redraws part of another (`setNeedsDisplay(_:)`): which image, and
    /// which pixels differ, so that a renderer holding the other's texture updates only those.
    package let updatedRegion: UpdatedRegion?

    /// Creates an image from premultiplied RGBA8 pixels (rows top to bottom, tightly packed).
    init(premultipliedRGBA pixels: [UInt8], width: Int, height: Int, updating region: UpdatedRegion? = nil) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4)
        self.updatedRegion = region
        self.width = width
        self.height = height
        self.bytesPerRow = width * 4
        self.pixels = pixels
        self.imageID = CGImage.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// Creates an image from 8-bit RGBA pixels, rows top to bottom.
    ///
    /// - Parameters:
    ///   - pixels: `height` rows of `bytesPerRow` bytes (at least `width * 4` each).
    ///   - width: the image's width in pixels.
    ///   - height: the image's height in pixels (rows).
    ///   - bytesPerRow: the length of a row in `pixels`, padding included; nil for `width * 4`.
    ///   - premultiplied: whether the colour channels are already multiplied by alpha.
    /// - Returns: nil, with a logged error, when the sizes are not positive, the row length or
    ///   the buffer size they need does not fit in an `Int`, or the buffer is too short.
    public convenience init?(
        rgbaPixels pixels: [UInt8], width: Int, height: Int, bytesPerRow: Int? = nil,
        premultiplied: Bool = false
    ) {
        // Checked arithmetic: huge sizes are refused, not an overflow trap.
        let (rowBytes, rowOverflow) = width.multipliedReportingOverflow(by: 4)
        let stride = bytesPerRow ?? rowBytes
        let needed = Self.byteCount(rows: height, stride: stride, lastRow: rowBytes)
        guard width > 0, height > 0, !rowOverflow, stride >= rowBytes, let needed, pixels.count >= needed
        else {
            let need = needed.map { "\($0) bytes" } ?? "more bytes than an Int counts"
            Diagnostics.error(
                "CGImage: \(width)x\(height) RGBA pixels, \(stride) bytes per row, need \(need); got \(pixels.count)")
            return nil
        }
        var packed = [UInt8](repeating: 0, count: width * height * 4)
        packed.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                for x in 0..<width {
                    let s = y * stride + x * 4
                    let d = (y * width + x) * 4
                    let a = pixels[s + 3]
                    out[d + 3] = a
                    // Premultiplied colour cannot exceed its alpha.
                    for c in 0..<3 { out[d + c] = premultiplied ? min(pixels[s + c], a) : pixels[s + c] }
                }
            }
            if !premultiplied { Self.premultiply(out) }
        }
        self.init(premultipliedRGBA: packed, width: width, height: height)
    }

    /// Multiplies the colour of each straight RGBA8 pixel in `pixels` by its alpha, rounding
    /// to the nearest value, in place.
    static func premultiply(_ pixels: UnsafeMutableBufferPointer<UInt8>) {
        for i in stride(from: 0, to: pixels.count - 3, by: 4) {
            let a = UInt32(pixels[i + 3])
            guard a < 255 else { continue }
            for c in i..<i + 3 { pixels[c] = UInt8((UInt32(pixels[c]) * a + 127) / 255) }
        }
    }

    /// The bytes `rows` rows of `stride` bytes take when the last holds only `lastRow`:
    /// `stride * (rows - 1) + lastRow`, or nil when that overflows `Int` or `rows` is not positive.
    static func byteCount(rows: Int, stride: Int, lastRow: Int) -> Int? {
        guard rows > 0 else { return nil }
        let (body, bodyOverflow) = stride.multipliedReportingOverflow(by: rows - 1)
        let (total, totalOverflow) = body.addingReportingOverflow(lastRow)
        return bodyOverflow || totalOverflow ? nil : total
    }

    /// The straight (un-premultiplied) RGBA of the pixel at `(x, y)`, origin top-left. A point
    /// outside the image answers transparent black, with an error logged once (not a trap, nor
    /// a pixel of another row).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard (0..<width).contains(x), (0..<height).contains(y) else {
            Diagnostics.errorOnce(
                "CGImage.pixelOutside",
                "CGImage.pixel(x: \(x), y: \(y)): outside the \(width)x\(height) image; transparent black answered")
            return (0, 0, 0, 0)
        }
        let i = (y * width + x) * 4
        let a = pixels[i + 3]
        guard a > 0 else { return (0, 0, 0, 0) }
        let alpha = UInt32(a)
        func straight(_ v: UInt8) -> UInt8 { UInt8(min(255, (UInt32(v) * 255 + alpha / 2) / alpha)) }
        return (straight(pixels[i]), straight(pixels[i + 1]), straight(pixels[i + 2]), a)
    }

    public static func == (lhs: CGImage, rhs: CGImage) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(imageID) }
}

/// The pixels of an image that differ from an earlier image of the same size.
package struct UpdatedRegion: Sendable, Equatable {
    /// The earlier image's `imageID`.
    package let base: UInt64
    package let x: Int, y: Int, width: Int, height: Int
}
