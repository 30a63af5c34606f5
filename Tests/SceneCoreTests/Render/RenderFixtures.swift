import Foundation

@testable import SceneCore

/// A render tree built from a snapshot of the model tree under `root`, as a renderer sees it on attach.
func renderTree(for root: CALayer) -> RenderTree {
    var builder = CommitBuilder()
    builder.encodeWhole(root, markingCommitted: false)
    var tree = RenderTree()
    tree.apply(builder.finish())
    return tree
}

/// The display list of the tree under `root` in a `width` x `height` target.
func displayList(
    for root: CALayer, width: Int = 200, height: Int = 100, keepingEffects: Bool = true
) -> DisplayList {
    FrameBuilder.build(
        renderTree(for: root), root: root.layerID, width: width, height: height, keepsEffects: keepingEffects)
}

/// Maps a layer-space point through an instance's clip transform back to window pixels.
func windowPoint(_ quad: QuadInstance, x: Float, y: Float, width: Float, height: Float) -> (x: Float, y: Float) {
    let m = quad.transform
    let cx = x * m[0] + y * m[4] + m[12]
    let cy = x * m[1] + y * m[5] + m[13]
    let w = x * m[3] + y * m[7] + m[15]
    return ((cx / w + 1) * width / 2, (1 - cy / w) * height / 2)
}

let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

/// A tiny opaque image of one colour.
func testImage(width: Int = 4, height: Int = 4, rgba: [UInt8] = [255, 255, 255, 255]) -> CGImage {
    CGImage(
        rgbaPixels: Array([[UInt8]](repeating: rgba, count: width * height).joined()), width: width, height: height)!
}
