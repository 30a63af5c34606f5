import GLBackend
import SceneCore

/// An RGBA pixel as `RenderedImage.pixel(x:y:)` returns it.
typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

/// Renders `root` once, headlessly, into a target the size of its bounds.
func render(_ root: CALayer) throws -> RenderedImage {
    try OffscreenRenderer(width: Int(root.bounds.width), height: Int(root.bounds.height)).render(root)
}

/// The pixel at the point `p` of the image (the pixel whose square contains it).
func pixel(_ image: RenderedImage, _ p: CGPoint) -> Pixel {
    image.pixel(x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down)))
}

/// True when `pixel` is opaque `color` within `tolerance` per channel.
func matches(_ pixel: Pixel, _ color: CGColor, tolerance: Int = 2) -> Bool {
    let expected = (color.components ?? []).map { Int(($0 * 255).rounded()) }
    let channels = expected.count == 2 ? [expected[0], expected[0], expected[0]] : Array(expected.prefix(3))
    return pixel.a == 255 && zip([pixel.r, pixel.g, pixel.b], channels).allSatisfy { abs(Int($0) - $1) <= tolerance }
}

/// How many pixels of the image are `color` within `tolerance` per channel.
func count(_ color: CGColor, in image: RenderedImage, tolerance: Int = 2) -> Int {
    var total = 0
    for y in 0..<image.height {
        for x in 0..<image.width where matches(image.pixel(x: x, y: y), color, tolerance: tolerance) { total += 1 }
    }
    return total
}

/// The rotation about z of an affine `transform`, in radians.
func zRotation(_ transform: CATransform3D) -> CGFloat {
    atan2(transform.m12, transform.m11)
}

/// True when `a` and `b` differ by at most `tolerance`.
func isClose(_ a: CGFloat, _ b: CGFloat, tolerance: CGFloat = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

/// True when both coordinates of `a` and `b` differ by at most `tolerance`.
func isClose(_ a: CGPoint, _ b: CGPoint, tolerance: CGFloat = 1e-9) -> Bool {
    isClose(a.x, b.x, tolerance: tolerance) && isClose(a.y, b.y, tolerance: tolerance)
}

/// The sixteen entries of `t`, row by row.
func entries(_ t: CATransform3D) -> [CGFloat] {
    [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
}

/// True when every entry of `a` is within `tolerance` of the same entry of `b`.
func isClose(_ a: CATransform3D, _ b: CATransform3D, tolerance: CGFloat = 1e-9) -> Bool {
    zip(entries(a), entries(b)).allSatisfy { abs($0 - $1) <= tolerance }
}
