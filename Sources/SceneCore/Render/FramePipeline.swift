/// One frame of the render side, GL-free: the single frame step that a window's render thread
/// and the headless renderer both run, so that they cannot drift apart.
///
/// A frame applies the commits received since the last one (whole, in order), evaluates the
/// animations of the tree under the renderer's root at the frame's time, posts the animations'
/// started and finished events to the app side, decides whether textures may have fallen out of
/// use, and builds the display list. The GL side only draws what it returns.
package struct FramePipeline: Sendable {
    /// The renderer's copy of the layer trees.
    private(set) var tree = RenderTree()

    /// How tiled layers ask this renderer for a frame when a tile has been drawn (a window's
    /// render thread sets it; a renderer without one draws new tiles at its next frame).
    package var frameRequest: FrameRequest?

    package init() {}

    /// What one frame produced for the GL side.
    package struct Output: Sendable {
        /// What to draw.
        package var displayList: DisplayList
        /// The animations' state after this frame: whether another frame is needed, and when an
        /// animation waiting for its begin time wakes the renderer.
        package var tick: AnimationTick
        /// When textures may have fallen out of use (contents replaced, layers released, a
        /// transition's old rendering dropped): the images still shown. Nil when none can have.
        package var liveImageIDs: Set<UInt64>?
    }

    /// Runs one frame.
    /// - Parameters:
    ///   - commits: the commits received since the last frame, in order.
    ///   - root: the layer the renderer shows; with none, nothing animates and the target is cleared.
    ///   - time: the absolute time (`CACurrentMediaTime()` seconds) at which the frame will be seen.
    package mutating func frame(
        applying commits: [LayerTreeCommit], root: LayerID?, at time: Double, width: Int, height: Int,
        clearColor: SIMD4<Float>
    ) -> Output {
        var contentsChanged = false
        for commit in commits {
            tree.apply(commit)
            contentsChanged = contentsChanged || tree.lastCommitChangedContents
        }
        let hadTransitionImages = !tree.transitionSnapshots.isEmpty
        var tick = root.map { tree.evaluateAnimations(at: time, in: .tree($0)) } ?? AnimationTick()
        // Particles are worked out for the frame's time; live emitters need frames as animations do.
        if tree.simulateEmitters(at: time) && root != nil { tick.isAnimating = true }
        // Asynchronous CAOpenGLLayers draw at every frame.
        if let root, tree.stampAsynchronousGLLayers(under: root) { tick.isAnimating = true }
        AnimationEventCenter.shared.post(tick.events)
        // A transition that ended dropped the old rendering it kept, and with it its images.
        contentsChanged = contentsChanged || (hadTransitionImages && tree.transitionSnapshots.isEmpty)
        var list = DisplayList(width: width, height: height, clearColor: clearColor)
        if let root {
            // Shapes that animations changed are rasterised side by side before the walk.
            let shown = tree
            tree.shapeRasters.prepareFrame { shown[$0]?.properties }
            tree.glyphAtlas.beginFrame()
            var builder = FrameBuilder.walk(
                tree, root: root, width: width, height: height, clearColor: clearColor, frameRequest: frameRequest)
            list = builder.finish()
            // Tiles fading in need frames; evicted tiles' textures may go.
            if builder.tilesFading { tick.isAnimating = true }
            contentsChanged = contentsChanged || builder.tilesEvicted
            // A shape drawn anew, or forgotten, leaves its old raster's texture unused.
            contentsChanged = contentsChanged || tree.shapeRasters.takeReplacedImages()
            // So does a glyph atlas emptied when full.
            contentsChanged = contentsChanged || tree.glyphAtlas.takeReplacedImages()
        }
        return Output(displayList: list, tick: tick, liveImageIDs: contentsChanged ? tree.liveImageIDs : nil)
    }
}
