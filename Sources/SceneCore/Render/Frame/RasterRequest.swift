/// What a `beginRaster` command asks the renderer for: the bitmap of a layer drawn in its own
/// coordinate space — a rasterized layer (`shouldRasterize`) at `rasterizationScale` pixels per
/// point, or a layer whose mask or content shadow is kept between frames, at the window's
/// resolution (see FrameBuilder+CachedEffects).
///
/// The renderer keeps one bitmap per layer and reuses it while the request stays the same:
/// version, scale and size.
package struct RasterRequest: Sendable, Equatable {
    /// The layer drawn: the cache key.
    package var layer: LayerID
    /// The layer's content version (`RenderTree.contentVersion(of:)`) when the commands were built.
    package var version: UInt64
    /// Bitmap pixels per unit of the layer's space.
    package var scale: Float
    /// The bitmap's size in pixels (1...`FrameBuilder.maximumRasterSize`).
    package var width: Int
    package var height: Int

    package init(layer: LayerID, version: UInt64, scale: Float = 1, width: Int, height: Int) {
        (self.layer, self.version, self.scale, self.width, self.height) = (layer, version, scale, width, height)
    }
}
