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
            found = true
            stampAnimatedContent(of: id)
        }
        return found
    }

    /// Stamps the subtree of `id` with this frame's animation stamp: what it draws changed
    /// without a commit (an asynchronous OpenGL layer's drawing, a video layer's frame), not
    /// where (neither kind's drawing is bounded for culling: `FrameBuilder.ownRect(of:pieces:)`).
    mutating func stampAnimatedContent(of id: LayerID) {
        if animationStamp == 0 {
            beginVersionStamp()
            animationStamp = versionStamp
        }
        stamp(id, reach: .paint)
    }
}
