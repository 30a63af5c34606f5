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
    /// The last frame built, kept to be patched (nil when it cannot be).
    private var patch: FramePatch?
    /// The last frame built when `patch` does not keep it (it cannot be patched): what the next
    /// frame's damage is worked out against. Nil when damage is not worked out (not `patching`).
    private var unpatchableList: DisplayList?
    /// The records of plain leaves, kept between walks to reuse their memory.
    private var spareLeaves = FrameLeaves()
    /// The number of quads the last walk drew: the room the next walk makes beforehand (most
    /// frames draw as many as the last), so that the display lists kept (the frame drawn, the
    /// next one built ahead) hold no unused room.
    private var lastInstanceCount: Int?
    /// Whether the last frame applied commits that brought many layers: what encoding, sending
    /// and applying them used is freed once the caller lets the commits go, and the next frame
    /// returns it to the system (`FreedMemory`).
    private var returnsFreedMemory = false
    /// The pixels per point of the last frame: a frame at another scale is walked whole.
    private var lastScale: CGFloat = 1

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
        /// When the display list is the last frame's with some instances drawn again
        /// (`FramePatch`): the indices of the instances that differ from the last frame's. Nil
        /// when the list was built by a walk of the tree.
        package var changedInstances: [Int]?
        /// The part of the target this frame draws differently from the last frame built (an
        /// empty region when nothing changed); nil when it must be drawn whole: the first frame,
        /// frames built without `patching`, damage that costs as much as the whole target (`DamageBoxes`).
        package var damage: DamageRegion?
    }

    /// Runs one frame.
    /// - Parameters:
    ///   - commits: the commits received since the last frame, in order.
    ///   - root: the layer the renderer shows; with none, nothing animates and the target is cleared.
    ///   - time: the absolute time (`CACurrentMediaTime()` seconds) at which the frame will be seen.
    ///   - patching: whether a frame in which only plain leaf layers changed is built by drawing
    ///     those again into the last frame (`FramePatch`), and each frame's damage is worked
    ///     out; false walks the tree every frame, and draws it whole.
    ///   - scale: the target's pixels per point (`width` and `height` are pixels): the tree is
    ///     drawn scaled by it.
    package mutating func frame(
        applying commits: [LayerTreeCommit], root: LayerID?, at time: Double, width: Int, height: Int,
        clearColor: SIMD4<Float>, patching: Bool = true, scale: CGFloat = 1
    ) -> Output {
        if returnsFreedMemory { FreedMemory.returnToSystem() }
        var contentsChanged = false
        var wholeLayers = 0
        let applying = commits.isEmpty ? nil : FrameTrace.begin("apply", "render")
        for commit in commits {
            FrameTrace.commitsApplied(commit.firstSequence...commit.sequence)
            tree.apply(commit)
            contentsChanged = contentsChanged || tree.lastCommitChangedContents
            wholeLayers += tree.lastCommitWholeLayers
        }
        applying?.end([("commits", commits.count)])
        returnsFreedMemory = wholeLayers >= FreedMemory.layersWorthReturning
        let hadTransitionImages = !tree.transitionSnapshots.isEmpty
        let evaluating = FrameTrace.begin("animations", "render")
        var tick = root.map { tree.evaluateAnimations(at: time, in: .tree($0)) } ?? AnimationTick()
        // Particles are worked out for the frame's time; live emitters need frames as animations do.
        if tree.simulateEmitters(at: time) && root != nil { tick.isAnimating = true }
        // Asynchronous CAOpenGLLayers draw at every frame.
        if let root, tree.stampAsynchronousGLLayers(under: root) { tick.isAnimating = true }
        // Video layers take the frames due now, and wake the renderer when the next is due.
        if let root, let next = tree.advanceVideos(under: root, at: time, request: frameRequest) {
            tick.wakeTime = min(tick.wakeTime ?? next, next)
        }
        AnimationEventCenter.shared.post(tick.events)
        evaluating?.end([("animating", tick.isAnimating ? 1 : 0)])
        // A transition that ended dropped the old rendering it kept, and with it its images.
        contentsChanged = contentsChanged || (hadTransitionImages && tree.transitionSnapshots.isEmpty)
        var list = DisplayList(width: width, height: height, clearColor: clearColor)
        if !patching || scale != lastScale { (patch, unpatchableList) = (nil, nil) }
        lastScale = scale
        var lastListIntact = true
        // Commits that change only other trees (a renderer receives every commit of the process)
        // leave the last frame as it was.
        if let root, !commits.contains(where: { tree.changesTree(under: root, $0) }) {
            let patching = FrameTrace.begin("patch", "render")
            let patched = patch?.patched(tree, root: root, width: width, height: height, clearColor: clearColor)
            patching?.end()
            switch patched {
            case .patched(let patched, let changed, let damage)?:
                return Output(
                    displayList: patched, tick: tick, liveImageIDs: nil, changedInstances: changed,
                    damage: damage.region())
            case .walk(let intact)?:
                lastListIntact = intact
            case nil:
                break
            }
        }
        // What the walked frame's damage is worked out against: the last frame, if it is as it was
        // built. (Taken only now: a patch changes the last frame's list in place when no one
        // else holds it.)
        var previous = lastListIntact ? patch?.lastList ?? unpatchableList : nil
        unpatchableList = nil
        var damage: DamageRegion?
        if let root {
            // Shapes that animations changed are rasterised side by side before the walk.
            let shown = tree
            tree.shapeRasters.prepareFrame { shown[$0]?.propertiesExceptPlacement }
            tree.glyphAtlas.beginFrame()
            // The walk records its plain leaves into the records of the last walk, taken over.
            let leaves = patch?.leaves ?? spareLeaves
            (patch, spareLeaves) = (nil, FrameLeaves())
            let walking = FrameTrace.begin("walk", "render")
            var builder = FrameBuilder.walk(
                tree, root: root, width: width, height: height, clearColor: clearColor, frameRequest: frameRequest,
                leaves: patching ? leaves : nil, instances: lastInstanceCount, scale: scale)
            list = builder.finish()
            walking?.end([("quads", list.instances.count), ("commands", list.commands.count)])
            lastInstanceCount = list.instances.count
            if patching {
                damage = FrameTrace.span("damage", "render") { FrameDamage.region(from: previous, to: list) }
            }
            previous = nil
            patch = FramePatch(list, root: root, clearColor: clearColor, builder: builder)
            if patch == nil, let leaves = builder.leaves { spareLeaves = leaves }
            if patch == nil, patching { unpatchableList = list }
            // Tiles fading in need frames; evicted tiles' textures may go.
            if builder.tilesFading { tick.isAnimating = true }
            contentsChanged = contentsChanged || builder.tilesEvicted
            // A shape drawn anew, or forgotten, leaves its old raster's texture unused.
            contentsChanged = contentsChanged || tree.shapeRasters.takeReplacedImages()
            // So does a glyph atlas emptied when full.
            contentsChanged = contentsChanged || tree.glyphAtlas.takeReplacedImages()
        }
        if root == nil { patch = nil }
        return Output(
            displayList: list, tick: tick, liveImageIDs: contentsChanged ? tree.liveImageIDs : nil, damage: damage)
    }
}
