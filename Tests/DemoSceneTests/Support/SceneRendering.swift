import GLBackend
import SceneCore
import SceneCoreTestSupport

/// How many pixels of the image are the opaque `color` within `tolerance` per channel.
func count(_ color: CGColor, in image: RenderedImage, tolerance: Int = 2) -> Int {
    let expected = opaque(color)
    var total = 0
    for y in 0..<image.height {
        for x in 0..<image.width where isClose(image.pixel(x: x, y: y), expected, tolerance: tolerance) { total += 1 }
    }
    return total
}

/// The rotation about z of an affine `transform`, in radians.
func zRotation(_ transform: CATransform3D) -> CGFloat {
    atan2(transform.m12, transform.m11)
}
