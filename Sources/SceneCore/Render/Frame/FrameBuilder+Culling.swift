import Foundation

/// Layers that draw nothing the target shows are left out of the frame: a list of a thousand
/// cards scrolled in a `CAScrollLayer` draws the few cards on screen, not all of them.
///
/// The walk keeps `visibleBox`, the window pixels where drawing can still show: the target,
/// cut to the bounds of each `masksToBounds` layer it is inside. A layer is skipped with its
/// whole subtree when everything the subtree can draw lies outside it: its own drawing
/// (background, contents, text, gradient, border and shadow: `ownRect`) and, mapped into its
/// space, its sublayers' (`subtreeExtent`, kept between frames while nothing under the layer
/// changes). A layer whose own drawing alone lies outside is not drawn, and its sublayers are
/// walked. A layer with many sublayers keeps each one's extent beside its own, and the walk
/// passes over those lying off the visible box without opening them (`sublayersShown`). Where culling could change a pixel, nothing is culled: inside a rasterized layer's
/// bitmap and a replicator's instances (drawn elsewhere than the walk places them), under a
/// layer whose filters may blur or whose shadow is cast from its content (what lies outside
/// spreads in), and around layers whose drawing is not bounded by their bounds (shapes,
/// particles, OpenGL content, video, tiles, replicators, transform layers) or whose sublayers
/// are placed in 3D. Likewise a `masksToBounds` clip is left out where its sublayers lie inside
/// it (`clipCutsNothing`).
extension FrameBuilder {
    /// How much of a layer the walk draws.
    enum Culling {
        /// All of it.
        case drawn
        /// Its sublayers only: its own drawing lies outside the visible box.
        case sublayersOnly
        /// Nothing: all it and its sublayers draw lies outside the visible box.
        case skipped
    }

    /// How much of the layer `id` (`layer`, with properties `p` and contents `pieces`), mapped to
    /// clip space by `clip`, is drawn.
    mutating func culling(
        _ id: LayerID, layer: RenderLayer, pieces: [ContentsLayout.Piece], clip: SIMD16<Float>, depth: Int
    ) -> Culling {
        guard let visible = visibleBox, raster == nil, !recordsInstances else { return .drawn }
        let p = layer.propertiesExceptPlacement
        // A subtree's kept extent first: most layers off screen are skipped by one lookup.
        if !layer.sublayers.isEmpty && !p.masksToBounds,
            let extent = subtreeExtent(of: id, layer: layer, pieces: pieces, depth: depth),
            !box(of: extent, clip: clip).intersects(visible)
        {
            return .skipped
        }
        guard let own = FrameBuilder.ownRect(of: p, pieces: pieces), !box(of: own, clip: clip).intersects(visible)
        else { return .drawn }
        if layer.sublayers.isEmpty || p.masksToBounds { return .skipped }
        // A shadow cast from content is cast by the sublayers too.
        return p.shadowOpacity != 0 && p.shadowPath == nil ? .drawn : .sublayersOnly
    }

    /// The rectangle of the layer's bounds space its own drawing can touch (bounds, contents and
    /// shadow); nil when it cannot be bounded here.
    static func ownRect(of p: LayerProperties, pieces: [ContentsLayout.Piece]) -> CGRect? {
        switch p.kind {
        case .layer, .gradient, .text: break
        case .transform, .replicator, .shape, .emitter, .tiled, .openGL, .video: return nil
        }
        guard p.filters.filters.isEmpty, p.backgroundFilters.filters.isEmpty else { return nil }
        var rect = p.bounds
        for piece in pieces { rect = rect.union(piece.destination) }
        if p.shadowOpacity != 0 {
            let (offset, radius) = (p.shadowOffset, p.shadowRadius)
            guard offset.width.isFinite, offset.height.isFinite, radius.isFinite else { return nil }
            // The control points' box holds the path: no flattening of curves.
            let cast = p.shadowPath.map { $0.boundingBox.union(p.bounds) } ?? p.bounds
            rect = rect.union(cast.insetBy(dx: -shadowMargin(p), dy: -shadowMargin(p)))
        }
        return rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite ? rect : nil
    }

    /// How far past what casts it a layer's shadow can reach, in its bounds space: its offset,
    /// three standard deviations and a margin for the blur's rounding.
    private static func shadowMargin(_ p: LayerProperties) -> CGFloat {
        abs(p.shadowOffset.width) + abs(p.shadowOffset.height) + 3 * max(p.shadowRadius, 0) + 4
    }

    /// The rectangle of the layer's bounds space that it and everything under it can draw in:
    /// its own drawing, its bounds for sublayers it clips, else its sublayers' extents mapped
    /// into its space, grown by a shadow cast from content. Nil when some part cannot be
    /// bounded. Kept for layers with sublayers while their `extentVersion` holds.
    mutating func subtreeExtent(
        of id: LayerID, layer: RenderLayer, pieces: [ContentsLayout.Piece]? = nil, depth: Int
    ) -> CGRect? {
        let p = layer.propertiesExceptPlacement
        // The contents' pieces are worked out only when the extent is (a kept one needs none).
        let pieces = { pieces ?? p.contents.map { ContentsLayout.pieces(for: p, image: $0) } ?? [] }
        guard !layer.sublayers.isEmpty else { return FrameBuilder.ownRect(of: p, pieces: pieces()) }
        let version = layer.extentVersion
        if let kept = tree.subtreeExtents.entry(for: id, version: version) { return kept.extent }
        var rect = FrameBuilder.ownRect(of: p, pieces: pieces())
        var sublayerExtents: [CGRect]? = layer.sublayers.count >= FrameBuilder.sublayersKeptApart ? [] : nil
        let extent =
            rect != nil && uncachedExtent(of: layer, own: &rect!, sublayerExtents: &sublayerExtents, depth: depth)
            ? rect : nil
        // Each sublayer's extent, or none: one left out would put the others out of order.
        if sublayerExtents?.count != layer.sublayers.count { sublayerExtents = nil }
        tree.subtreeExtents.keep(
            extent, sublayerExtents: extent == nil ? nil : sublayerExtents, for: id, version: version)
        return extent
    }

    /// Grows `rect` (the layer's own drawing) by what its sublayers draw, each sublayer's extent
    /// appended to `sublayerExtents` when that is not nil; false when that cannot be bounded.
    private mutating func uncachedExtent(
        of layer: RenderLayer, own rect: inout CGRect, sublayerExtents: inout [CGRect]?, depth: Int
    ) -> Bool {
        let p = layer.propertiesExceptPlacement
        if p.masksToBounds {
            rect = rect.union(p.bounds)
            sublayerExtents = nil
            return true
        }
        guard depth < FrameBuilder.maximumDepth,
            forEachSublayerExtent(
                of: layer, depth: depth,
                { extent in
                    rect = rect.union(extent)
                    sublayerExtents?.append(extent)
                    return true
                })
        else { return false }
        if p.shadowOpacity != 0 && p.shadowPath == nil {
            rect = rect.insetBy(dx: -FrameBuilder.shadowMargin(p), dy: -FrameBuilder.shadowMargin(p))
        }
        return rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite
    }

    /// The fewest sublayers for which a layer keeps each sublayer's extent: a long list passes
    /// over those off screen with four comparisons each.
    static let sublayersKeptApart = 32

    /// For each of `children`, the sublayers of the layer `id` (`layer`, mapped to window
    /// pixels by `toWindow`) in drawing order, whether it may draw on the visible box: false
    /// for one whose kept extent (`SubtreeExtentCache.Entry.sublayerExtents`) lies outside the
    /// visible box mapped into the layer's space, which the walk then passes over without
    /// opening it, as culling would skip it. Nil, every sublayer opened, where culling is off,
    /// for fewer than `sublayersKeptApart` sublayers or sublayers drawn in another order than
    /// their array's, when no extents are kept for the layer's content version, when a
    /// transition is running, or where the layer reaches the window turned or with perspective.
    func sublayersShown(of id: LayerID, layer: RenderLayer, children: [LayerID], toWindow: CATransform3D) -> [Bool]? {
        // A point (x, y, 0) of the layer lands on the window without perspective.
        guard let visible = visibleBox, raster == nil, !recordsInstances,
            children.count >= FrameBuilder.sublayersKeptApart, tree.transitionSnapshots.isEmpty,
            toWindow.m14 == 0, toWindow.m24 == 0, toWindow.m44 == 1, children == layer.sublayers,
            let extents = tree.subtreeExtents.entry(for: id, version: layer.extentVersion)?.sublayerExtents,
            extents.count == children.count,
            let shown = FrameBuilder.windowRect(of: visible, height: Float(target.height))
        else { return nil }
        let toPixels = CGAffineTransform(
            a: toWindow.m11, b: toWindow.m12, c: toWindow.m21, d: toWindow.m22, tx: toWindow.m41, ty: toWindow.m42)
        // Turned, a sublayer's box on the window is not its box in the layer mapped there, which
        // culling's test is; seen edge-on, the layer has no inverse: every sublayer is opened.
        guard toPixels.b == 0, toPixels.c == 0, toPixels.a != 0, toPixels.d != 0 else { return nil }
        let toLayer = toPixels.inverted()
        // Culling's boxes reach two pixels past what they hold (`PixelBox`): the visible
        // rectangle grown by three, mapped into the layer's space, and a unit around that for
        // the rounding of the two mappings.
        var space = shown.insetBy(dx: -3, dy: -3).applying(toLayer).insetBy(dx: -1, dy: -1)
        guard space.minX.isFinite, space.minY.isFinite, space.width.isFinite, space.height.isFinite else { return nil }
        space = space.standardized
        return extents.map { extent in
            extent.maxX >= space.minX && extent.minX <= space.maxX && extent.maxY >= space.minY
                && extent.minY <= space.maxY
        }
    }

    /// `box`, window pixels in GL's orientation, as a rectangle of window pixels with y down in
    /// a target `height` pixels tall; nil when it is unbounded.
    private static func windowRect(of box: PixelBox, height: Float) -> CGRect? {
        guard box.low.x.isFinite, box.low.y.isFinite, box.high.x.isFinite, box.high.y.isFinite else { return nil }
        guard box.low.x <= box.high.x, box.low.y <= box.high.y else { return .zero }
        return CGRect(
            x: CGFloat(box.low.x), y: CGFloat(height - box.high.y), width: CGFloat(box.high.x - box.low.x),
            height: CGFloat(box.high.y - box.low.y))
    }

    /// Whether the `masksToBounds` clip of the layer drawn as `layer` (its shape `shape`) cuts
    /// nothing: every sublayer draws only where the shape leaves it whole (`Shape.leavesWhole`;
    /// its `subtreeExtent` mapped into the layer's space). The walk then draws the sublayers unclipped: no offscreen pass for a
    /// rounded clip, no stencil for a square one. False while culling is off, and for a
    /// replicator (its copies are placed elsewhere).
    mutating func clipCutsNothing(_ layer: RenderLayer, shape: Shape, depth: Int) -> Bool {
        let p = layer.propertiesExceptPlacement
        guard visibleBox != nil, p.kind != .replicator, depth < FrameBuilder.maximumDepth else { return false }
        return forEachSublayerExtent(of: layer, depth: depth) { shape.leavesWhole($0, of: p.bounds) }
    }

    /// Calls `body` with the extent of each sublayer of `layer` (`subtreeExtent`) in the layer's
    /// own space; false as soon as one cannot be bounded (it is placed in 3D, or its drawing has
    /// no bounds) or `body` returns false.
    private mutating func forEachSublayerExtent(of layer: RenderLayer, depth: Int, _ body: (CGRect) -> Bool) -> Bool {
        let space = layer.propertiesExceptPlacement.sublayerSpaceToOwnSpace
        for child in layer.sublayers {
            guard let slot = tree.layers.slot(of: child) else { continue }
            let sublayer = tree.layers[slot: slot]
            let toParent = FrameBuilder.layerToWindow(
                sublayer.placement(offset: nil), parentToWindow: nil, sublayerSpace: space)
            guard CATransform3DIsAffine(toParent),
                let extent = subtreeExtent(of: child, layer: sublayer, depth: depth + 1),
                body(extent.applying(CATransform3DGetAffineTransform(toParent)))
            else { return false }
        }
        return true
    }

    /// The window pixels `rect` of a layer's bounds space, mapped to clip space by `clip`, can touch.
    func box(of rect: CGRect, clip: SIMD16<Float>) -> PixelBox {
        PixelBox(
            rect: SIMD4(Float(rect.minX), Float(rect.minY), Float(rect.width), Float(rect.height)), transform: clip,
            in: SIMD2(Float(target.width), Float(target.height)))
    }

    /// The visible box for the sublayers of a layer with properties `p` mapped by `clip`: cut to
    /// its bounds when it `masksToBounds`; no culling under filters or a shadow cast from content.
    func visibleBox(forSublayersOf p: LayerProperties, clip: SIMD16<Float>, castsFromContent: Bool) -> PixelBox? {
        guard let visible = visibleBox, !castsFromContent, p.filters.filters.isEmpty else { return nil }
        guard p.masksToBounds else { return visible }
        let b = p.bounds
        guard b.minX.isFinite, b.minY.isFinite, b.width.isFinite, b.height.isFinite else { return visible }
        let clipped = box(of: b, clip: clip)
        return clipped == .unbounded ? visible : visible.intersection(clipped)
    }
}
