/// What a `beginRaster` command asks the renderer for: the bitmap of a rasterized layer
/// (`shouldRasterize`), the layer and its sublayers drawn in the layer's own coordinate space
/// at `rasterizationScale` pixels per point.
///
/// The renderer keeps one bitmap per layer and reuses it while `version` and the size stay the same.
package struct RasterRequest: Sendable, Equatable {
    /// The rasterized layer: the cache key.
    package var layer: LayerID
    /// The layer's content version (`RenderTree.contentVersion(of:)`) when the commands were built.
    package var version: UInt64
    /// The bitmap's size in pixels (1...`FrameBuilder.maximumRasterSize`).
    package var width: Int
    package var height: Int

    package init(layer: LayerID, version: UInt64, width: Int, height: Int) {
        (self.layer, self.version, self.width, self.height) = (layer, version, width, height)
    }
}
