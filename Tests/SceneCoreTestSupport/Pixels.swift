import Foundation
import GLBackend
import SceneCore
import Testing

/// A pixel as images hand it out: straight (un-premultiplied) RGBA, 8 bits a channel.
public typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

/// An image whose pixels a test can read: a `RenderedImage` from the headless renderer, or a
/// `CGImage` (a decoded screenshot, say).
public protocol PixelImage {
    var width: Int { get }
    var height: Int { get }
    /// The pixel at `(x, y)`, origin top-left.
    func pixel(x: Int, y: Int) -> Pixel
}

extension RenderedImage: PixelImage {}
extension CGImage: PixelImage {}

extension PixelImage {
    /// The pixel whose square contains the point `p` (image coordinates, origin top-left).
    public func pixel(at p: CGPoint) -> Pixel {
        pixel(x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down)))
    }

    /// The names `name` gives the image's pixels (nil for a pixel it names nothing): which of
    /// the colours a test looks for the image holds.
    public func pixelNames(_ name: (Pixel) -> String?) -> Set<String> {
        var names = Set<String>()
        for y in 0..<height {
            for x in 0..<width {
                if let found = name(pixel(x: x, y: y)) { names.insert(found) }
            }
        }
        return names
    }
}

/// True when every channel of `a`, alpha included, is within `tolerance` of the same channel of `b`.
public func isClose(_ a: Pixel, _ b: Pixel, tolerance: Int = 1) -> Bool {
    abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance
        && abs(Int(a.b) - Int(b.b)) <= tolerance && abs(Int(a.a) - Int(b.a)) <= tolerance
}

/// The largest difference of any channel of any pixel of two images of the same size.
public func largestDifference(_ a: some PixelImage, _ b: some PixelImage) -> Int {
    var largest = 0
    for y in 0..<a.height {
        for x in 0..<a.width {
            let (p, q) = (a.pixel(x: x, y: y), b.pixel(x: x, y: y))
            largest = max(
                largest, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)),
                abs(Int(p.a) - Int(q.a)))
        }
    }
    return largest
}

/// How many pixels of the rectangle from (`x`, `y`), `width` x `height`, differ between two
/// images by more than `tolerance` on some channel.
public func differingPixels(
    _ a: some PixelImage, _ b: some PixelImage, x: Int, y: Int, width: Int, height: Int, tolerance: Int = 1
) -> Int {
    var count = 0
    for row in y..<(y + height) {
        for column in x..<(x + width)
        where !isClose(a.pixel(x: column, y: row), b.pixel(x: column, y: row), tolerance: tolerance) {
            count += 1
        }
    }
    return count
}

/// The mean difference of the channels of two images of the same size (all channels of all pixels).
public func meanDifference(_ a: some PixelImage, _ b: some PixelImage) -> Double {
    var total = 0
    for y in 0..<a.height {
        for x in 0..<a.width {
            let (p, q) = (a.pixel(x: x, y: y), b.pixel(x: x, y: y))
            total +=
                abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b))
                + abs(Int(p.a) - Int(q.a))
        }
    }
    return Double(total) / Double(4 * a.width * a.height)
}

/// The opaque pixel of a colour given by gray or RGB components (alpha ignored): each
/// component times 255, rounded.
public func opaque(_ color: CGColor) -> Pixel {
    let components = (color.components ?? []).map { UInt8(($0 * 255).rounded()) }
    let rgb = components.count < 3 ? [UInt8](repeating: components.first ?? 0, count: 3) : Array(components.prefix(3))
    return (rgb[0], rgb[1], rgb[2], 255)
}

/// Expects the pixel at `(x, y)` of `image` to be `expected`, within `tolerance` on every
/// channel. A failure reads "pixel (x, y) is (…), expected (…) ± tolerance".
public func expectPixel(
    _ image: some PixelImage, _ x: Int, _ y: Int, _ expected: Pixel, tolerance: Int = 1, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = image.pixel(x: x, y: y)
    let matches = isClose(actual, expected, tolerance: tolerance)
    let message = describe(x, y, actual, expected, tolerance) + (comment.map { ": \($0.rawValue)" } ?? "")
    #expect(matches, Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// Expects the pixel whose square contains the point `p` to be `expected` (see
/// `expectPixel(_:_:_:_:tolerance:_:sourceLocation:)`).
public func expectPixel(
    _ image: some PixelImage, at p: CGPoint, _ expected: Pixel, tolerance: Int = 1, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectPixel(
        image, Int(p.x.rounded(.down)), Int(p.y.rounded(.down)), expected, tolerance: tolerance, comment,
        sourceLocation: sourceLocation)
}

/// The failure message of a pixel expectation.
private func describe(_ x: Int, _ y: Int, _ actual: Pixel, _ expected: Pixel, _ tolerance: Int) -> String {
    func text(_ p: Pixel) -> String { "(\(p.r), \(p.g), \(p.b), \(p.a))" }
    return "pixel (\(x), \(y)) is \(text(actual)), expected \(text(expected)) ± \(tolerance)"
}
