/// The render side of `CAOpenGLLayer`s: an asynchronous layer draws at every frame, so its
/// drawing changes every frame, as a content animation does.
extension RenderTree {
    /// Stamps the subtree of every asynchronous `CAOpenGLLayer` in the tree under `root` with this
    /// frame's animation stamp, so that kept bitmaps of what contains it (masks, shadows,
    /// rasterization) are drawn again.
    /// - Returns: whether there is such a layer (it needs the next frame too).
    mutating func stampAsynchronousGLLayers(under root: LayerID) -> Bool {
        var found = false
        for id in glLayers
        where layers[id]?.propertiesExceptPlacement.isAsynchronous == true && topAncestor(of: id) == root {
            if !found, animationStamp == 0 {
                beginVersionStamp()
                animationStamp = versionStamp
            }
            found = true
            stampSubtree(of: id)
        }
        return found
    }
}
