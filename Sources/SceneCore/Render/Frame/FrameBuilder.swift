import Foundation

/// Builds a frame's `DisplayList` from a `RenderTree`, GL-free.
///
/// Each layer's 4x4 transform is composed from its anchor point, position, zPosition and
/// transform, its superlayer's geometry flip and `sublayerTransform`, and the superlayer's
/// own transform, flattening every layer into its superlayer's plane as Core Animation does,
/// except the sublayers of a `CATransformLayer`, which keep their 3D places and are drawn in
/// depth order (`FrameBuilder+TransformLayers.swift`).
/// Sublayers are drawn in zPosition order (stable). Per layer, in order: background, gradient
/// (a `CAGradientLayer`'s), contents, text (a `CATextLayer`'s glyphs), shape (a `CAShapeLayer`'s), sublayers (clipped when `masksToBounds`: by anti-aliased
/// coverage when the shape is rounded or `allowsEdgeAntialiasing` is set, else by the stencil),
/// border; a layer with
/// opacity below 1 that draws more than one thing is composited as one group. A layer with a
/// `mask` is always drawn as a group, composited by the alpha of its mask, which is drawn like
/// a sublayer of the layer into a layer of its own.
/// A layer with effective `filters` or a `compositingFilter` is drawn as a group that is
/// filtered and blended as it is composited (`GroupEffects`); `backgroundFilters` first filter
/// what lies behind it, inside its shape.
package struct FrameBuilder {
    /// Trees deeper than this are cut off, with an error logged once per process (the frame
    /// builder recurses, and never unboundedly).
    static let maximumDepth = 256

    var tree: RenderTree
    /// The layers of `tree` by slot, read where they lie during the walk (`withCurrentSlots`).
    private var slots = UnsafeBufferPointer<RenderLayer>(start: nil, count: 0)
    /// Maps window pixels to clip space; a bitmap's pixels while a rasterized layer's bitmap is drawn.
    var toClip: CATransform3D
    /// The target's rectangle in window pixels.
    let target: CGRect
    var batcher: Batcher
    private var clearColor: SIMD4<Float>
    /// The masks whose subtrees are being visited, outermost first (a handful at most).
    private var masksBeingDrawn: [LayerID] = []
    /// The rasterized layer whose bitmap is being drawn, innermost (see FrameBuilder+Rasterization).
    var raster: RasterPlacement?
    /// The pixels of the bitmaps this frame keeps for masks and shadows (FrameBuilder+CachedEffects).
    var cachedEffectsPixels = 0
    /// The window pixels where what the walk draws can still show; nil where nothing is culled
    /// (FrameBuilder+Culling).
    var visibleBox: PixelBox?

    /// Whether masks and content shadows may be drawn from kept bitmaps (FrameBuilder+CachedEffects).
    let keepsEffects: Bool
    /// Whether a replicator's sublayers are being recorded, to be drawn once per instance
    /// (FrameBuilder+Replicator): their drawing is then never cached as a bitmap.
    var recordsInstances = false
    /// How many layers the walk has visited (replicated sublayers count once, not per instance).
    private(set) var visitedLayers = 0
    /// The work the frame has done so far, against `FrameBuilder.workBudget` (FrameBuilder+WorkBudget).
    var workDone = 0
    /// What tiled layers' stores call when a tile is drawn (FrameBuilder+Tiled); whether a
    /// tile drawn is still fading in, and whether a store evicted tiles since its last frame.
    var frameRequest: FrameRequest?
    var tilesFading = false
    var tilesEvicted = false
    /// Whether the walk drew a tiled layer, whose tiles arrive between frames without a commit.
    var drewTiles = false
    /// Where the walk drew each plain leaf layer, when asked to record it (`FramePatch`).
    var leaves: FrameLeaves?
    /// The context (in `leaves`) of the layer `visit` is called for next, set only by the
    /// ordinary walk of a layer's sublayers.
    private var pendingContext: Int?

    /// A builder for a `width` x `height` target, with room for `instances` quads (by default
    /// two for each layer of the tree).
    init(
        tree: RenderTree, width: Int, height: Int, clearColor: SIMD4<Float>, keepsEffects: Bool = true,
        instances: Int? = nil
    ) {
        self.tree = tree
        self.keepsEffects = keepsEffects
        self.toClip = ClipSpace.fromWindow(width: width, height: height)
        self.target = CGRect(x: 0, y: 0, width: width, height: height)
        self.visibleBox = PixelBox(low: .zero, high: SIMD2(Float(width), Float(height)))
        self.batcher = Batcher(
            reservingCapacity: instances ?? tree.layers.count * 2, targetSize: SIMD2(Float(width), Float(height)))
        self.clearColor = clearColor
    }

    /// The display list that draws the tree under `root` into a `width` x `height` target.
    /// With `keepsEffects` false, every mask and content shadow is drawn directly, offscreen,
    /// each frame, as on Apple's platforms, instead of from a kept bitmap when it can be. With
    /// `culls` false, layers off screen are drawn too, and clips that cut nothing are made
    /// (`FrameBuilder+Culling`).
    package static func build(
        _ tree: RenderTree, root: LayerID, width: Int, height: Int, clearColor: SIMD4<Float> = .zero,
        keepsEffects: Bool = true, culls: Bool = true
    ) -> DisplayList {
        var builder = walk(
            tree, root: root, width: width, height: height, clearColor: clearColor, keepsEffects: keepsEffects,
            culls: culls)
        return builder.finish()
    }

    /// The builder once it has walked the tree under `root`, its display list not yet finished.
    /// Tiled layers' stores ask for frames through `frameRequest`. With `leaves`, the walk
    /// records its plain leaf layers there (`builder.leaves`). `instances` is the room made for
    /// quads beforehand (by default two for each layer of the tree). `scale` is the target's
    /// pixels per point (a window's `contentsScale`): the root is drawn scaled by it, and shapes
    /// and other bitmaps the render side makes follow their pixels on screen. `culls` as `build`.
    static func walk(
        _ tree: RenderTree, root: LayerID, width: Int, height: Int, clearColor: SIMD4<Float> = .zero,
        keepsEffects: Bool = true, frameRequest: FrameRequest? = nil, leaves: consuming FrameLeaves? = nil,
        instances: Int? = nil, scale: CGFloat = 1, culls: Bool = true
    ) -> FrameBuilder {
        var builder = FrameBuilder(
            tree: tree, width: width, height: height, clearColor: clearColor, keepsEffects: keepsEffects,
            instances: instances)
        if !culls { builder.visibleBox = nil }
        builder.frameRequest = frameRequest
        builder.leaves = leaves
        builder.leaves?.beginWalk(slotCount: tree.layers.slotCount)
        builder.withCurrentSlots {
            let deviceScale = scale == 1 ? nil : CATransform3DMakeScale(scale, scale, 1)
            $0.visit(root, parentToWindow: deviceScale, sublayerSpace: .identity, inheritedOpacity: 1, depth: 0)
        }
        return builder
    }

    /// Runs `body` with `slots` reading the layers of `tree` as it is now: for the walk, and
    /// again where the walk swaps or changes `tree` (a transition's old tree, a replicator's
    /// delayed values). The table is copied first, so a change made to `tree` inside copies
    /// the layers elsewhere and never moves the ones `slots` reads.
    mutating func withCurrentSlots<Result>(_ body: (inout FrameBuilder) -> Result) -> Result {
        let layers = tree.layers
        return layers.withSlots { buffer in
            let outer = slots
            slots = buffer
            defer { slots = outer }
            return body(&self)
        }
    }

    /// The display list of the walked tree, with the pixels its shapes' and glyphs' atlas pages need.
    mutating func finish() -> DisplayList {
        var list = batcher.finish(width: Int(target.width), height: Int(target.height), clearColor: clearColor)
        list.textureUpdates = tree.shapeRasters.takeTextureUpdates() + tree.glyphAtlas.takeTextureUpdates()
        return list
    }

    mutating func visit(
        _ id: LayerID, parentToWindow: CATransform3D?, sublayerSpace: CATransform3D, inheritedOpacity: Float,
        depth: Int,
        offset: CGSize? = nil
    ) {
        let context = pendingContext
        pendingContext = nil
        guard spend(1) else { return }
        guard depth < FrameBuilder.maximumDepth else {
            Diagnostics.errorOnce(
                "render.depth",
                "render: layer tree deeper than \(FrameBuilder.maximumDepth); deeper layers are not drawn")
            return
        }
        guard let slot = tree.layers.slot(of: id) else { return }
        if offset == nil, slots[slot].transition != nil,
            drawTransition(
                of: id, in: slot, parentToWindow: parentToWindow, sublayerSpace: sublayerSpace,
                inheritedOpacity: inheritedOpacity, depth: depth)
        {
            return
        }
        let (first, commands) = (batcher.instanceCount, batcher.commandCount)
        // The layer is read where it lies, in its slot.
        guard
            let open = openLayer(
                id, layer: slots[slot], parentToWindow: parentToWindow,
                sublayerSpace: sublayerSpace, inheritedOpacity: inheritedOpacity, depth: depth, offset: offset)
        else { return }
        visitedLayers += 1
        if open.replicates {
            drawInstances(
                of: id, children: open.children, toWindow: open.toWindow, childSpace: open.childSpace,
                alpha: open.alpha, depth: depth)
        } else {
            let childContext =
                leaves != nil && !open.children.isEmpty
                ? leaves?.add(
                    FrameLeaves.Context(
                        parentToWindow: open.toWindow, sublayerSpace: open.childSpace, inheritedOpacity: open.alpha,
                        depth: depth + 1)) : nil
            let shown = sublayersShown(of: id, layer: slots[slot], children: open.children, toWindow: open.toWindow)
            for (index, child) in open.children.enumerated() where shown?[index] ?? true {
                pendingContext = childContext
                visit(
                    child, parentToWindow: open.toWindow, sublayerSpace: open.childSpace, inheritedOpacity: open.alpha,
                    depth: depth + 1)
            }
        }
        closeLayer(open, depth: depth)
        if let context, offset == nil, raster == nil, !recordsInstances, masksBeingDrawn.isEmpty,
            let kind = leafKind(open, slot: slot), batcher.closedOnlyDraws(since: commands)
        {
            leaves?.record(
                slot: slot, context: context, first: first, count: batcher.instanceCount - first,
                movesOnly: kind == .movesOnly, zPosition: slots[slot].propertiesExceptPlacement.zPosition)
        }
    }

    /// What a leaf a patch may draw again or move is (see `FrameLeaves`).
    private enum LeafKind {
        /// It draws only quads of its own.
        case plain
        /// It would be plain but for its gradient: it may be moved, not drawn again.
        case movesOnly
    }

    /// What the layer in `slot`, opened as `open`, is as a leaf; nil for a layer a patch cannot
    /// draw (see `FrameLeaves`).
    private func leafKind(_ open: OpenLayer, slot: Int) -> LeafKind? {
        guard open.children.isEmpty, open.clipIndex == nil, !open.castsFromContent, open.mask == nil, !open.isGroup,
            open.effects == nil, !open.replicates, slots[slot].contentsBlend == nil
        else { return nil }
        let p = slots[slot].propertiesExceptPlacement
        guard p.backgroundFilters.filters.isEmpty else { return nil }
        guard p.drawsOwnContent else { return .plain }
        return p.kind == .gradient ? .movesOnly : nil
    }

    /// Draws the plain leaf in `slot` again, as the walk that recorded it in `context` did; false
    /// when it is no longer a plain leaf (what it adds is then unfinished).
    mutating func redrawLeaf(_ id: LayerID, slot: Int, in context: FrameLeaves.Context) -> Bool {
        guard
            let open = openLayer(
                id, layer: slots[slot], parentToWindow: context.parentToWindow,
                sublayerSpace: context.sublayerSpace, inheritedOpacity: context.inheritedOpacity, depth: context.depth,
                offset: nil)
        else { return true }
        guard leafKind(open, slot: slot) == .plain else { return false }
        closeLayer(open, depth: context.depth)
        return true
    }

    /// Draws a layer in the middle of a transition: its old and new trees, each moved and faded
    /// as the transition's type says; false when the layer has no transition running.
    @inline(never)
    private mutating func drawTransition(
        of id: LayerID, in slot: Int, parentToWindow: CATransform3D?, sublayerSpace: CATransform3D,
        inheritedOpacity: Float, depth: Int
    ) -> Bool {
        guard let transition = slots[slot].transition, let old = tree.transitionSnapshots[transition.serial] else {
            return false
        }
        let bounds = slots[slot].propertiesExceptPlacement.bounds.size
        for side in TransitionSide.drawingOrder(transition.spec.type) {
            let (shift, fade) = side.placement(transition, size: bounds)
            guard fade > 0 else { continue }
            let current = tree
            if side == .old { tree = old }
            if fade < 1 { batcher.beginGroup() }
            withCurrentSlots {
                $0.visit(
                    id, parentToWindow: parentToWindow, sublayerSpace: sublayerSpace,
                    inheritedOpacity: inheritedOpacity, depth: depth, offset: shift)
            }
            if fade < 1 { batcher.endGroup(opacity: fade) }
            tree = current
        }
        return true
    }

    /// What the walk keeps of a layer while its sublayers are drawn: small, since one lives in
    /// the stack frame of every level of the recursive walk (the headless renderer walks on its
    /// caller's thread, whose stack may be small).
    private struct OpenLayer {
        let children: [LayerID]
        let toWindow: CATransform3D
        let childSpace: CATransform3D
        let maskSpace: CATransform3D
        /// The opacity the sublayers inherit.
        let alpha: Float
        /// The layer's opacity times what it inherits: its group's, mask's or effects' opacity.
        let groupOpacity: Float
        /// The instance of the clip around the sublayers, and whether it is by coverage.
        let clipIndex: Int?
        let softClip: Bool
        /// The quads of the border (`Shape.border`), none without one.
        let border: [QuadInstance]
        let castsFromContent: Bool
        let mask: LayerID?
        let isGroup: Bool
        let effects: GroupEffects?
        /// Whether the sublayers are drawn once per instance (a `CAReplicatorLayer`).
        let replicates: Bool
        /// The walk's visible box outside the layer, put back once its sublayers are drawn.
        let outerVisibleBox: PixelBox?
    }

    /// Draws what lies under the layer's sublayers — its shadow, background and contents — and
    /// opens its group and its sublayers' clip; nil when the layer is drawn already (a
    /// transform layer's 3D space, a rasterized layer's bitmap) or not at all.
    @inline(never)
    private mutating func openLayer(
        _ id: LayerID, layer: RenderLayer, parentToWindow: CATransform3D?, sublayerSpace: CATransform3D,
        inheritedOpacity: Float, depth: Int, offset: CGSize?
    ) -> OpenLayer? {
        let p = layer.propertiesExceptPlacement
        // A rasterized layer is drawn into its bitmap without its opacity (see FrameBuilder+Rasterization).
        let placement = raster?.layer == id ? raster?.toBitmap : nil
        let opacity = placement != nil ? 1 : p.opacity.isFinite ? min(max(p.opacity, 0), 1) : 1
        guard !p.isHidden, opacity > 0 else { return nil }
        if p.kind == .transform {
            visitTransformLayer(
                layer, parentToWindow: parentToWindow, sublayerSpace: sublayerSpace,
                opacity: opacity * inheritedOpacity, depth: depth, offset: offset)
            return nil
        }

        let toWindow =
            placement
            ?? FrameBuilder.layerToWindow(
                layer.placement(offset: offset), parentToWindow: parentToWindow, sublayerSpace: sublayerSpace)
        guard toWindow.isFinite else { return nil }
        if !p.isDoubleSided && FrameBuilder.facesAway(toWindow, bounds: p.bounds) { return nil }
        let clip = toWindow.concatenating(toClip).float16
        let pieces = p.contents.map { ContentsLayout.pieces(for: p, image: $0) } ?? []
        let culling = culling(id, layer: layer, pieces: pieces, clip: clip, depth: depth)
        if culling == .skipped { return nil }
        let drawsOwn = culling == .drawn
        // A mask that is only a rounded rectangle clips the layer's quads instead (FrameBuilder+MaskShapes).
        let maskShape = layer.mask == nil ? nil : maskShape(of: layer, id: id)
        if placement == nil, offset == nil, layer.transition == nil, !recordsInstances,
            maskShape == nil || p.shouldRasterize,
            p.shouldRasterize
                ? drawRasterized(
                    id, layer: layer, toWindow: toWindow, opacity: opacity * inheritedOpacity, depth: depth)
                : drawKeepingEffects(
                    id, layer: layer, toWindow: toWindow, opacity: opacity * inheritedOpacity, depth: depth)
        {
            return nil
        }

        let children = tree.drawOrder(of: layer)
        let background = p.shownBackgroundColor.map(\.premultiplied).flatMap { $0.a > 0 ? $0 : nil }
        let border = p.borderWidth > 0 ? p.shownBorderColor.map(\.premultiplied).flatMap { $0.a > 0 ? $0 : nil } : nil
        let primitives =
            (background == nil ? 0 : 1) + pieces.count + (p.drawsOwnContent ? 1 : 0) + (border == nil ? 0 : 1)
            + children.count * p.sublayerCopies
        let mask = primitives > 0 && maskShape == nil ? usableMask(of: layer, id: id) : nil
        let effects = primitives > 0 ? GroupEffects(p) : nil
        // Only a translucent layer asks whether its drawing overlaps itself (a walk down a
        // chain of single sublayers).
        let isGroup =
            mask != nil || effects != nil
            || (opacity < 1 && p.allowsGroupOpacity
                && (primitives > 1 || (children.count == 1 && primitives == 1 && tree.drawsSeveral(children[0]))))
        let alpha = isGroup ? 1 : opacity * inheritedOpacity

        FrameBuilder.filterBackdrop(of: p, clip: clip, into: &batcher)
        if effects != nil && mask != nil { batcher.beginGroup() }
        if isGroup { batcher.beginGroup() }
        let shape = maskShape ?? Shape(properties: p)
        // `!(x <= 0)` lets a NaN opacity through to be reported; most layers stop at this test.
        let castsFromContent =
            drawsOwn && (primitives > 0 || p.shadowPath != nil) && !(p.shadowOpacity <= 0)
            && ShadowTracker.begin(
                id, p, version: tree.subtreeVersion(of: id) ?? 0, toWindow: toWindow, toClip: toClip, alpha: alpha,
                opaqueArea: depth > 0 && (background.map { $0 * alpha }?.w ?? 0) >= 1
                    ? shape.opaqueInterior(of: p.bounds) : nil,
                clipShape: p.masksToBounds ? shape.clip(clip) : nil,
                into: &batcher)
        // Rounded corners are always anti-aliased; straight edges as `EdgeAntialiasing` says. With
        // none (allowsEdgeAntialiasing is false by default, as on iOS) the plain fill needs no shape coverage.
        let smooth = EdgeAntialiasing.edges(of: p, rounded: shape.isRounded)
        if drawsOwn, let background {
            let fill = background * alpha
            if depth == 0, raster == nil, !isGroup, fill.w == 1, !shape.isRounded,
                FrameBuilder.covers(target, toWindow, bounds: p.bounds)
            {
                // An opaque root background over the whole target is the clear colour: no quad to blend.
                clearColor = fill
            } else {
                batcher.add(shape.fill(clip, color: fill, edges: smooth), image: nil, sampling: .init())
            }
        }
        if drawsOwn {
            drawOwnContent(
                of: id, layer: layer, toWindow: toWindow,
                in: ContentsDraw(
                    shape: shape, clip: clip, properties: p, smooth: smooth, pieces: pieces,
                    clipsToShape: maskShape != nil),
                alpha: alpha)
        }
        // Anti-aliased edges clip by coverage (drawn offscreen); hard edges by the stencil.
        let softClip = smooth > 0
        var clipIndex: Int?
        if p.masksToBounds && !children.isEmpty && !clipCutsNothing(layer, shape: shape, depth: depth) {
            let clipShape = shape.clip(clip, edges: smooth)
            clipIndex = softClip ? batcher.beginShapeClip(clipShape) : batcher.pushClip(clipShape)
        }
        let outerVisibleBox = visibleBox
        visibleBox = visibleBox(forSublayersOf: p, clip: clip, castsFromContent: castsFromContent)
        return OpenLayer(
            children: children, toWindow: toWindow, childSpace: p.sublayerSpaceToOwnSpace,
            maskSpace: p.maskSpaceToOwnSpace, alpha: alpha, groupOpacity: opacity * inheritedOpacity,
            clipIndex: clipIndex, softClip: softClip,
            border: drawsOwn
                ? border.map { shape.border(clip, color: $0 * alpha, width: Float(p.borderWidth), edges: smooth) } ?? []
                : [],
            castsFromContent: castsFromContent, mask: mask, isGroup: isGroup, effects: effects,
            replicates: p.kind == .replicator && !children.isEmpty, outerVisibleBox: outerVisibleBox)
    }

    /// Closes what `openLayer` opened once the sublayers are drawn: the sublayers' clip, then the
    /// border, the shadow, the mask and the group.
    @inline(never)
    private mutating func closeLayer(_ open: OpenLayer, depth: Int) {
        visibleBox = open.outerVisibleBox
        if let clipIndex = open.clipIndex {
            if open.softClip { batcher.endShapeClip(clipIndex) } else { batcher.popClip(clipIndex) }
        }
        for band in open.border { batcher.add(band, image: nil, sampling: .init()) }
        if open.castsFromContent { batcher.endShadow() }
        if let mask = open.mask {
            // The mask is placed like a sublayer of the layer, in its bounds space (with the
            // geometry flip, without sublayerTransform), and drawn only as the group's alpha.
            batcher.beginMask()
            masksBeingDrawn.append(mask)
            visit(
                mask, parentToWindow: open.toWindow, sublayerSpace: open.maskSpace, inheritedOpacity: 1,
                depth: depth + 1)
            masksBeingDrawn.removeLast()
            batcher.endMask(opacity: open.effects == nil ? open.groupOpacity : 1)
        } else if open.isGroup && open.effects == nil {
            batcher.endGroup(opacity: open.groupOpacity)
        }
        if let effects = open.effects { batcher.endEffectGroup(opacity: open.groupOpacity, effects: effects) }
    }

    /// The layer's mask when it can be drawn: nil when the layer has none, and, with an error
    /// logged once, when the mask is the layer itself or is already being drawn as a mask
    /// further out (a cycle of masks, or a mask that contains its masked layer), in which
    /// case the layer is drawn unmasked. A mask that the tree also places elsewhere, as a
    /// sublayer or another layer's mask (which the model refuses), is drawn in every place,
    /// also with an error logged once.
    private func usableMask(of layer: RenderLayer, id: LayerID) -> LayerID? {
        guard let mask = layer.mask, let maskLayer = tree[mask] else { return nil }
        if mask == id || masksBeingDrawn.contains(mask) {
            Diagnostics.errorOnce(
                "render.maskCycle",
                "render: a layer's mask is the layer itself or contains it (a cycle of masks); drawn unmasked")
            return nil
        }
        if maskLayer.superlayer != id {
            Diagnostics.errorOnce(
                "render.maskInTree",
                "render: a mask layer is also a sublayer or another layer's mask; it is used in every place")
        }
        return mask
    }

    /// True when `bounds` mapped by the affine, axis-aligned `toWindow` contains all of `target`.
    static func covers(_ target: CGRect, _ toWindow: CATransform3D, bounds: CGRect) -> Bool {
        guard CATransform3DIsAffine(toWindow), toWindow.m12 == 0, toWindow.m21 == 0 else { return false }
        let window = bounds.applying(CATransform3DGetAffineTransform(toWindow))
        return window.contains(target)
    }

    /// Maps the bounds space of a layer placed in its superlayer by `placement`
    /// (`RenderLayer.placement(offset:)`) to the window, as the walk reaches it: its placement,
    /// the superlayer's `sublayerSpace`, flattened into the superlayer's plane, then the
    /// superlayer's own mapping (none for the root).
    static func layerToWindow(
        _ placement: CATransform3D, parentToWindow: CATransform3D?, sublayerSpace: CATransform3D
    ) -> CATransform3D {
        var toParent = placement
        // Most layers' superlayers put their sublayers in their own space.
        if !CATransform3DIsIdentity(sublayerSpace) { toParent = toParent.concatenating(sublayerSpace) }
        guard let parentToWindow else { return toParent }
        return toParent.flattened.concatenating(parentToWindow)
    }

    /// True when the layer's front faces away from the viewer (its corners wind the other way on screen).
    static func facesAway(_ toWindow: CATransform3D, bounds: CGRect) -> Bool {
        let h = Homography(toWindow)
        guard let a = h.map(CGPoint(x: bounds.minX, y: bounds.minY)),
            let b = h.map(CGPoint(x: bounds.maxX, y: bounds.minY)),
            let c = h.map(CGPoint(x: bounds.minX, y: bounds.maxY))
        else { return false }
        return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) < 0
    }
}

/// What a layer's own content is drawn in: its shape and mapping to clip space, its edges, and
/// how its contents image and the textures its kind draws (shape rasters, glyphs, tiles, OpenGL
/// content) are sampled and cut to the shape (only with `masksToBounds`).
struct ContentsDraw {
    let shape: Shape
    let clip: SIMD16<Float>
    let smooth: Float
    let clipsToShape: Bool
    let sampling: TextureSampling
    /// The pieces of the contents image, where and what part of it each draws.
    let pieces: [ContentsLayout.Piece]

    /// `clipsToShape` cuts the contents to the shape even without `masksToBounds` (a mask drawn
    /// as the shape).
    init(
        shape: Shape, clip: SIMD16<Float>, properties p: LayerProperties, smooth: Float, pieces: [ContentsLayout.Piece],
        clipsToShape: Bool = false
    ) {
        self.shape = shape
        self.clip = clip
        self.smooth = smooth
        self.pieces = pieces
        self.clipsToShape = p.masksToBounds || clipsToShape
        sampling = TextureSampling(
            minification: p.minificationFilter, magnification: p.magnificationFilter, bias: p.minificationFilterBias)
    }

    /// A quad of texels at `uv` over `rect` of the layer's space, times `color`.
    func texture(color: SIMD4<Float>, rect: SIMD4<Float>, uv: SIMD4<Float>) -> QuadInstance {
        shape.texture(clip, color: color, rect: rect, uv: uv, clipped: clipsToShape, edges: smooth)
    }

    /// Adds `pieces` of `image` at `alpha`.
    func add(_ pieces: [ContentsLayout.Piece], of image: CGImage, alpha: Float, to batcher: inout Batcher) {
        for piece in pieces {
            let uv = SIMD4(
                Float(piece.source.minX), Float(piece.source.minY), Float(piece.source.maxX), Float(piece.source.maxY))
            batcher.add(
                texture(color: SIMD4(repeating: alpha), rect: piece.destination.float4, uv: uv), image: image,
                sampling: sampling)
        }
    }
}

/// A layer's rounded-rectangle shape, shared by its background, contents clip, sublayer clip
/// and border, and the quads the frame builder draws in it. Each constructor names what the quad
/// is for; `QuadParameters` is what it tells the shader.
struct Shape {
    let rect: SIMD4<Float>
    let radii: SIMD4<Float>

    init(properties p: LayerProperties) {
        rect = p.bounds.float4
        let clamped = Float(min(p.cornerRadius, min(p.bounds.width, p.bounds.height) / 2))
        // A continuous corner travels to the shader as a negative radius (see `QuadInstance.radii`).
        let r = p.cornerCurve == .continuous ? -clamped : clamped
        let m = p.maskedCorners
        radii = SIMD4(
            m.contains(.layerMinXMinYCorner) ? r : 0, m.contains(.layerMaxXMinYCorner) ? r : 0,
            m.contains(.layerMaxXMaxYCorner) ? r : 0, m.contains(.layerMinXMaxYCorner) ? r : 0)
    }

    /// A square-cornered shape over `rect`.
    init(rect: SIMD4<Float>) {
        self.rect = rect
        radii = .zero
    }

    /// A shape over `rect` with `radii` (minX/minY, maxX/minY, maxX/maxY, minX/maxY; negative
    /// for a continuous corner), already clamped to half its shorter side.
    init(rect: SIMD4<Float>, radii: SIMD4<Float>) {
        (self.rect, self.radii) = (rect, radii)
    }

    var isRounded: Bool { radii != .zero }

    /// The part of `bounds` a fill of the shape covers wholly, and a clip by it leaves whole:
    /// inset past its corners (a continuous corner reaches 1.53 radii along its edges) and a
    /// unit more for the edges' anti-aliasing; nil when nothing is left.
    func opaqueInterior(of bounds: CGRect) -> CGRect? {
        let reach = CGFloat(max(abs(radii.x), abs(radii.y), abs(radii.z), abs(radii.w))) * 1.53 + 1
        guard reach.isFinite else { return nil }
        let interior = bounds.insetBy(dx: reach, dy: reach)
        return interior.isNull || interior.isEmpty ? nil : interior
    }

    /// Whether a clip by the shape over `bounds` leaves `rect` whole: `rect` lies a unit inside
    /// the bounds (the edges' anti-aliasing) and, at each rounded corner, its point nearest the
    /// corner lies a unit inside the corner's circle (a continuous corner: clear of the square
    /// its curve reaches, 1.53 radii and a unit).
    func leavesWhole(_ rect: CGRect, of bounds: CGRect) -> Bool {
        guard bounds.insetBy(dx: 1, dy: 1).contains(rect) else { return false }
        // minX/minY, maxX/minY, maxX/maxY, minX/maxY, as `radii`.
        let corners = [(false, false), (true, false), (true, true), (false, true)]
        for (index, (atMaxX, atMaxY)) in corners.enumerated() where radii[index] != 0 {
            let r = CGFloat(radii[index])
            // Distances from the corner's two edges, to the rectangle's nearest point.
            let dx = atMaxX ? bounds.maxX - rect.maxX : rect.minX - bounds.minX
            let dy = atMaxY ? bounds.maxY - rect.maxY : rect.minY - bounds.minY
            if r < 0 {
                let reach = -r * 1.53 + 1
                if dx < reach && dy < reach { return false }
            } else if dx < r && dy < r && hypot(r - dx, r - dy) > r - 1 {
                return false
            }
        }
        return true
    }

    /// The shape filled with `color` (a background): cut to the shape where its edges are
    /// anti-aliased (`edges`, a sum of `EdgeAntialiasing` bits), else covering the rect, which
    /// is then the shape.
    func fill(_ clip: SIMD16<Float>, color: SIMD4<Float>, edges: Float) -> QuadInstance {
        quad(clip, color: color, .init(paint: .color, edges: edges, clipsToShape: edges > 0))
    }

    /// A ring `width` wide inside the shape's edge (a border), as the quads that draw it: one
    /// over the whole shape, or, around a large inside the ring leaves empty, the four bands
    /// along its edges (each still shaded as the whole ring), so that the rasteriser does not
    /// shade the empty inside.
    func border(_ clip: SIMD16<Float>, color: SIMD4<Float>, width: Float, edges: Float) -> [QuadInstance] {
        let ring = quad(clip, color: color, .init(paint: .color, edges: edges, clipsToShape: true, borderWidth: width))
        // The bands reach past the border and the corners' curves, and a unit more.
        let band = max(width, radii.max() * 1.53, (-radii).max() * 1.53) + 1
        let (x, y, w, h) = (rect.x, rect.y, rect.z, rect.w)
        guard band.isFinite, w > 2 * band, h > 2 * band, (w - 2 * band) * (h - 2 * band) >= Self.splitBorderInside
        else { return [ring] }
        return [
            SIMD4(x, y, w, band), SIMD4(x, y + h - band, w, band), SIMD4(x, y + band, band, h - 2 * band),
            SIMD4(x + w - band, y + band, band, h - 2 * band),
        ].map { piece in
            var quad = ring
            quad.rect = piece
            return quad
        }
    }

    /// The smallest empty inside (in square layer units) for which a border is drawn as bands.
    static let splitBorderInside: Float = 4096

    /// The shape as a clip (`pushClip`, `beginShapeClip`, a shadow's or a backdrop filter's
    /// clip): only its coverage counts.
    func clip(_ clip: SIMD16<Float>, edges: Float = 0) -> QuadInstance {
        quad(clip, color: .zero, .init(paint: .color, edges: edges, clipsToShape: true))
    }

    /// The shape painted with a gradient, whose block and shading the batcher fills in
    /// (`Batcher.addGradient`), times `alpha`.
    func gradient(_ clip: SIMD16<Float>, alpha: Float, edges: Float) -> QuadInstance {
        quad(clip, color: SIMD4(repeating: alpha), .init(paint: .gradient, edges: edges, clipsToShape: edges > 0))
    }

    /// Texels at `uv` drawn over `rect` (in the shape's space) times `color` (contents, a shape
    /// raster, glyphs, tiles, OpenGL content, a rasterized bitmap), cut to the shape when
    /// `clipped`, with the anti-aliased `edges`.
    func texture(
        _ clip: SIMD16<Float>, color: SIMD4<Float>, rect: SIMD4<Float>, uv: SIMD4<Float>, clipped: Bool, edges: Float
    ) -> QuadInstance {
        var quad = quad(clip, color: color, .init(paint: .texture, edges: clipped ? edges : 0, clipsToShape: clipped))
        (quad.rect, quad.uv) = (rect, uv)
        return quad
    }

    private func quad(_ clip: SIMD16<Float>, color: SIMD4<Float>, _ parameters: QuadParameters) -> QuadInstance {
        QuadInstance(transform: clip, rect: rect, color: color, shapeRect: rect, radii: radii, parameters: parameters)
    }
}

extension RenderLayer {
    /// How many things the layer draws itself (a background, contents, what its kind draws
    /// (`drawsOwnContent`), a border, a mask), and how many sublayers it draws (each replicated
    /// copy counts).
    fileprivate var drawing: (own: Int, sublayers: Int) {
        let p = propertiesExceptPlacement
        let own =
            (p.shownBackgroundColor == nil ? 0 : 1) + (p.contents == nil ? 0 : 1) + (p.drawsOwnContent ? 1 : 0)
            + (p.borderWidth > 0 ? 1 : 0) + (mask == nil ? 0 : 1)
        return (own, sublayers.count * p.sublayerCopies)
    }
}

extension RGBA {
    static func * (c: RGBA, s: Float) -> SIMD4<Float> { SIMD4(c.r * s, c.g * s, c.b * s, c.a * s) }
}

extension RenderTree {
    /// Whether the subtree under `id` may draw more than one thing, so that an opacity over it
    /// must be applied to it as a group: the layer has two or more of a background, contents, a
    /// border, a mask and sublayers, or its only sublayer's subtree has.
    func drawsSeveral(_ id: LayerID) -> Bool {
        var current = id
        for _ in 0..<FrameBuilder.maximumDepth {
            guard let slot = layers.slot(of: current) else { return false }
            let (own, drawn) = layers[slot: slot].drawing
            guard own == 0, drawn == 1 else { return own + drawn > 1 }
            current = layers[slot: slot].sublayers[0]
        }
        return true
    }

    /// The sublayers of `layer` in drawing order: ascending zPosition, array order among equals.
    func drawOrder(of layer: RenderLayer) -> [LayerID] {
        let ids = layer.sublayers
        guard ids.count > 1 else { return ids }
        let z = ids.map { id in layers.slot(of: id).map { layers[slot: $0].propertiesExceptPlacement.zPosition } ?? 0 }
        if zip(z, z.dropFirst()).allSatisfy({ $0 <= $1 }) { return ids }
        return ids.indices.sorted { z[$0] != z[$1] ? z[$0] < z[$1] : $0 < $1 }.map { ids[$0] }
    }
}
