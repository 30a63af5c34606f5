import Foundation
import SceneCoreTestSupport

@testable import GLBackend
@testable import SceneCore

/// An opaque white root of `width` x `height` at the origin.
func whiteRoot(_ width: CGFloat = 100, _ height: CGFloat = 100) -> CALayer {
    solidLayer(CGRect(x: 0, y: 0, width: width, height: height), CGColor(gray: 1, alpha: 1))
}

/// A `size` x `size` image whose four quadrants are red, green (top), blue, yellow (bottom).
func quadrantImage(size: Int = 2) -> CGImage {
    var pixels: [UInt8] = []
    for y in 0..<size {
        for x in 0..<size {
            let top = y < size / 2
            let left = x < size / 2
            pixels +=
                top ? (left ? [255, 0, 0, 255] : [0, 255, 0, 255]) : (left ? [0, 0, 255, 255] : [255, 255, 0, 255])
        }
    }
    return CGImage(rgbaPixels: pixels, width: size, height: size)!
}

/// The widest run of pixels in row `y` whose colour is not `background`.
func coveredWidth(_ image: RenderedImage, row y: Int, background: Pixel) -> Int {
    (0..<image.width).filter { !isClose(image.pixel(x: $0, y: y), background, tolerance: 8) }.count
}

/// The render tree of the layers under `root`, as a renderer has it after their first commit.
func renderTree(_ root: CALayer) -> RenderTree {
    var tree = RenderTree()
    var builder = CommitBuilder()
    builder.encodeWhole(root, markingCommitted: false)
    tree.apply(builder.finish())
    return tree
}
