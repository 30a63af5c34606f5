import Foundation
@testable import GLBackend
@testable import SceneCore

/// Renders the tree under `root` with a fresh offscreen renderer of the root's frame size.
func render(_ root: CALayer, clear: SIMD4<Float> = .zero) throws -> RenderedImage {
    let renderer = try OffscreenRenderer(width: Int(root.frame.maxX), height: Int(root.frame.maxY))
    renderer.clearColor = clear
    return try renderer.render(root)
}

/// A layer with a frame and an optional background colour.
func layer(_ frame: CGRect, _ color: CGColor? = nil) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = color
    return layer
}

/// An opaque white root of `width` x `height` at the origin.
func whiteRoot(_ width: CGFloat = 100, _ height: CGFloat = 100) -> CALayer {
    layer(CGRect(x: 0, y: 0, width: width, height: height), CGColor(gray: 1, alpha: 1))
}

/// A `size` x `size` image whose four quadrants are red, green (top), blue, yellow (bottom).
func quadrantImage(size: Int = 2) -> CGImage {
    var pixels: [UInt8] = []
    for y in 0..<size {
        for x in 0..<size {
            let top = y < size / 2, left = x < size / 2
            pixels += top ? (left ? [255, 0, 0, 255] : [0, 255, 0, 255]) : (left ? [0, 0, 255, 255] : [255, 255, 0, 255])
        }
    }
    return CGImage(rgbaPixels: pixels, width: size, height: size)!
}

/// True when every channel is within `tolerance` of the expected value.
func matches(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ e: (Int, Int, Int, Int), tolerance: Int = 1) -> Bool {
    abs(Int(p.r) - e.0) <= tolerance && abs(Int(p.g) - e.1) <= tolerance
        && abs(Int(p.b) - e.2) <= tolerance && abs(Int(p.a) - e.3) <= tolerance
}

/// The widest run of pixels in row `y` whose colour is not `background`.
func coveredWidth(_ image: RenderedImage, row y: Int, background: (Int, Int, Int, Int)) -> Int {
    (0..<image.width).filter { !matches(image.pixel(x: $0, y: y), background, tolerance: 8) }.count
}
