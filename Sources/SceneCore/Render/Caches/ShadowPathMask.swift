import Foundation

/// The alpha a `shadowPath` shadow is blurred from: the path filled with the non-zero winding
/// rule in opaque white on transparent black, rasterised on the CPU.
package enum ShadowPathMask {
    /// The largest side of the raster, in pixels; a larger path is rasterised more coarsely.
    static let largestSide: CGFloat = 4096

    /// The pixels per layer unit a path whose bounding box is `bounds` is rasterised at, asked
    /// for `requested` with `margin` pixels around it: less when that would be too large.
    static func scale(for bounds: CGRect, requested: CGFloat, margin: Int) -> CGFloat {
        let side = max(bounds.width, bounds.height) * requested + CGFloat(2 * margin)
        guard side > largestSide else { return requested }
        return max(largestSide - CGFloat(2 * margin), 1) / max(bounds.width, bounds.height)
    }

    /// The path rasterised at `scale` pixels per layer unit with `margin` transparent pixels
    /// around its bounding box (room for the blur): the image (its top row at the smallest y),
    /// the layer-space point at the image's top-left corner, and the scale actually used
    /// (smaller than asked, with an error logged once, for a path too large to rasterise
    /// whole). Nil for an empty path or one whose bounding box is not finite.
    package static func image(
        of path: CGPath, scale requested: CGFloat, margin: Int
    ) -> (image: CGImage, origin: CGPoint, scale: CGFloat)? {
        let bounds = path.boundingBoxOfPath
        guard !path.elements.isEmpty, !bounds.isNull, bounds.isFiniteValue, requested > 0, requested.isFinite
        else { return nil }
        let scale = Self.scale(for: bounds, requested: requested, margin: margin)
        if scale < requested {
            Diagnostics.errorOnce(
                "render.shadowPathSize",
                "render: a shadowPath of \(bounds.size) is larger than \(Int(largestSide)) pixels; its shadow is rasterised more coarsely"
            )
        }
        let width = Int(clampingPixels: (bounds.width * scale).rounded(.up)) + 2 * margin
        let height = Int(clampingPixels: (bounds.height * scale).rounded(.up)) + 2 * margin
        let origin = CGPoint(x: bounds.minX - CGFloat(margin) / scale, y: bounds.minY - CGFloat(margin) / scale)
        guard let context = CGContext(layerWidth: width, height: height, scale: scale) else { return nil }
        context.translateBy(x: -origin.x, y: -origin.y)
        context.addPath(CGPath(elements: context.pathClipping.fill(path.elements)))
        context.setFillColor(RGBA(r: 1, g: 1, b: 1, a: 1))
        context.fillPath(using: .winding)
        guard let image = context.makeImage() else { return nil }
        return (image, origin, scale)
    }
}
