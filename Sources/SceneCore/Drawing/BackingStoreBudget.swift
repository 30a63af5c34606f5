import Foundation

/// The memory one backing store may take: the bitmap a layer's display step draws into
/// (`draw(in:)`, a delegate's drawing, text, shape and gradient layers), at most
/// `maximumSide` pixels a side and `maximumPixelCount` pixels in all (64 MiB of 8-bit BGRA).
///
/// Core Animation keeps a backing store within the GPU's maximum texture size and leaves
/// anything larger to `CATiledLayer`. SceneCore does the same with a fixed budget instead of
/// asking the GPU (the layer is drawn before any renderer sees it): a layer whose bounds at
/// its `contentsScale` would need more is drawn at the largest lower scale that fits, so it
/// still shows its whole drawing, only less sharp, and the renderer stretches the store over
/// the bounds as it would any contents of a lower scale. Making the store's image copies it
/// once, so a display step peaks at twice the store.
enum BackingStoreBudget {
    /// At most 8192 pixels a side, a texture size GPUs commonly support; a renderer whose
    /// `GL_MAX_TEXTURE_SIZE` is smaller downscales the store when it uploads it.
    static let maximumSide = 8192
    /// At most 2^24 pixels (for example 4096 x 4096): 64 MiB of BGRA8.
    static let maximumPixelCount = 1 << 24

    /// Whether `size` (in points) drawn at `scale` needs a store within the budget, each side
    /// rounded up to whole pixels and `margin` pixels added (a store placed on the layer's
    /// pixel grid can take one more).
    static func fits(_ size: CGSize, at scale: CGFloat, margin: CGFloat = 0) -> Bool {
        let width = (size.width * scale).rounded(.up) + margin
        let height = (size.height * scale).rounded(.up) + margin
        let side = CGFloat(maximumSide)
        return width <= side && height <= side && width * height <= CGFloat(maximumPixelCount)
    }

    /// The scale at which `size` (in points, with `margin` pixels a side) is drawn within the
    /// budget: `scale` when it fits, otherwise the largest lower scale at which it does.
    static func scale(for size: CGSize, at scale: CGFloat, margin: CGFloat = 0) -> CGFloat {
        guard !fits(size, at: scale, margin: margin) else { return scale }
        let bySide = CGFloat(maximumSide) / max(size.width, size.height)
        let byArea = (CGFloat(maximumPixelCount) / (size.width * size.height)).squareRoot()
        var reduced = min(scale, bySide, byArea)
        // Rounding each side up can add a row or a column beyond the budget.
        while !fits(size, at: reduced, margin: margin) { reduced *= 0.9999 }
        return reduced
    }

    /// The part of a shape's `extent` a backing store covers: all of it when its store fits
    /// the budget at `scale`; otherwise (a path with huge coordinates or a huge line width)
    /// the part within a square of `maximumPixelCount`'s square root (4096) pixels centred
    /// on `bounds`, or within `bounds` where they are larger, so that the shape near the
    /// layer is drawn sharp instead of the whole extent too small to see.
    static func shapeArea(_ extent: CGRect, around bounds: CGRect, at scale: CGFloat) -> CGRect {
        guard !fits(extent.size, at: scale) else { return extent }
        // A pixel less, for placing the store on whole pixels.
        let side = (CGFloat(maximumPixelCount).squareRoot() - 1) / scale
        let near = bounds.insetBy(dx: min(0, (bounds.width - side) / 2), dy: min(0, (bounds.height - side) / 2))
        return extent.intersection(near)
    }
}
