import Foundation

/// Builds a frame's `DisplayList` from a `RenderTree`, GL-free.
///
/// Each layer's 4x4 transform is composed from its anchor point, position, zPosition and
/// transform, its superlayer's geometry flip and `sublayerTransform`, and the superlayer's
/// own transform, flattening every layer into its superlayer's plane as Core Animation does,
/// except the sublayers of a `CATransformLayer`, which keep their 3D places and are drawn in
/// depth order (`FrameBuilder+TransformLayers.swift`).
/// Sublayers are drawn in zPosition order (stable). Per layer, in order: background,
/// contents, sublayers (clipped when `masksToBounds`: by anti-aliased coverage when the shape
/// is rounded or `allowsEdgeAntialiasing` is set, else by the stencil), border; a layer with
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
    /// Maps window pixels to clip space; a bitmap's pixels while a rasterized layer's bitmap is drawn.
    var toClip: CATransform3D
    private let target: CGRect
    var batcher: Batcher
    private var clearColor: SIMD4<Float>
    /// The masks whose subtrees are being visited, outermost first (a handful at most).
    private var masksBeingDrawn: [LayerID] = []
    /// The rasterized layer whose bitmap is being drawn, innermost (see FrameBuilder+Rasterization).
    var raster: RasterPlacement?

    private init(tree: RenderTree, width: Int, height: Int, clearColor: SIMD4<Float>) {
        self.tree = tree
        self.toClip = ClipSpace.fromWindow(width: width, height: height)
        self.target = CGRect(x: 0, y: 0, width: width, height: height)
        self.batcher = Batcher(
            reservingCapacity: tree.layers.count * 2, targetSize: SIMD2(Float(width), Float(height)))
        self.clearColor = clearColor
    }

    /// The display list that draws the tree under `root` into a `width` x `height` target.
    package static func build(
        _ tree: RenderTree, root: LayerID, width: Int, height: Int, clearColor: SIMD4<Float> = .zero
    ) -> DisplayList {
        var builder = FrameBuilder(tree: tree, width: width, height: height, clearColor: clearColor)
        builder.visit(root, parentToWindow: nil, sublayerSpace: .identity, inheritedOpacity: 1, depth: 0)
        return builder.batcher.finish(width: width, height: height, clearColor: builder.clearColor)
    }

    mutating func visit(
        _ id: LayerID, parentToWindow: CATransform3D?, sublayerSpace: CATransform3D, inheritedOpacity: Float,
        depth: Int,
        offset: CGSize? = nil
    ) {
        guard depth < FrameBuilder.maximumDepth else {
            Diagnostics.errorOnce(
                "render.depth",
                "render: layer tree deeper than \(FrameBuilder.maximumDepth); deeper layers are not drawn")
            return
        }
        guard let layer = tree[id] else { return }
        if offset == nil, let transition = layer.transition, let old = tree.transitionSnapshots[transition.serial] {
            let bounds = layer.properties.bounds.size
            for side in TransitionSide.drawingOrder(transition.spec.type) {
                let (shift, fade) = side.placement(transition, size: bounds)
                guard fade > 0 else { continue }
                let current = tree
                if side == .old { tree = old }
                if fade < 1 { batcher.beginGroup() }
                visit(
                    id, parentToWindow: parentToWindow, sublayerSpace: sublayerSpace,
                    inheritedOpacity: inheritedOpacity,
                    depth: depth, offset: shift)
                if fade < 1 { batcher.endGroup(opacity: fade) }
                tree = current
            }
            return
        }
        let p = layer.properties
        // A rasterized layer is drawn into its bitmap without its opacity (see FrameBuilder+Rasterization).
        let placement = raster?.layer == id ? raster?.toBitmap : nil
        let opacity = placement != nil ? 1 : p.opacity.isFinite ? min(max(p.opacity, 0), 1) : 1
        guard !p.isHidden, opacity > 0 else { return }
        if p.isTransformLayer {
            visitTransformLayer(
                layer, parentToWindow: parentToWindow, sublayerSpace: sublayerSpace,
                opacity: opacity * inheritedOpacity, depth: depth, offset: offset)
            return
        }

        var toParent = p.placement(offset: offset).concatenating(sublayerSpace)
        if let parentToWindow { toParent = toParent.concatenating(ClipSpace.flatten).concatenating(parentToWindow) }
        let toWindow = placement ?? toParent
        guard toWindow.isFinite else { return }
        if !p.isDoubleSided && FrameBuilder.facesAway(toWindow, bounds: p.bounds) { return }
        if p.shouldRasterize, placement == nil, offset == nil, layer.transition == nil,
            drawRasterized(id, layer: layer, toWindow: toWindow, opacity: opacity * inheritedOpacity, depth: depth)
        {
            return
        }
        let clip = toWindow.concatenating(toClip).float16

        let children = tree.drawOrder(of: layer)
        let pieces = p.contents.map { ContentsLayout.pieces(for: p, image: $0) } ?? []
        let background = p.shownBackgroundColor.map(\.premultiplied).flatMap { $0.a > 0 ? $0 : nil }
        let border = p.borderWidth > 0 ? p.shownBorderColor.map(\.premultiplied).flatMap { $0.a > 0 ? $0 : nil } : nil
        let primitives = (background == nil ? 0 : 1) + pieces.count + (border == nil ? 0 : 1) + children.count
        let mask = primitives > 0 ? usableMask(of: layer, id: id) : nil
        let drawsSeveral = primitives > 1 || (primitives == 1 && children.count == 1 && tree.drawsSeveral(children[0]))
        let effects = primitives > 0 ? GroupEffects(p) : nil
        let isGroup = mask != nil || effects != nil || (opacity < 1 && p.allowsGroupOpacity && drawsSeveral)
        let alpha = isGroup ? 1 : opacity * inheritedOpacity

        FrameBuilder.filterBackdrop(of: p, clip: clip, into: &batcher)
        if effects != nil && mask != nil { batcher.beginGroup() }
        if isGroup { batcher.beginGroup() }
        let shape = Shape(properties: p)
        let castsFromContent =
            (primitives > 0 || p.shadowPath != nil)
            && ShadowTracker.begin(
                id, p, version: tree.subtreeVersion(of: id) ?? 0, toWindow: toWindow, toClip: toClip, alpha: alpha,
                clipShape: p.masksToBounds ? shape.quad(clip, color: .zero, params: [0, 0, 0, 1]) : nil,
                into: &batcher)
        // Rounded shapes are always anti-aliased; straight edges only with allowsEdgeAntialiasing
        // (default false, as on iOS), and then the plain fill needs no shape coverage at all.
        let smooth: Float = shape.isRounded || p.allowsEdgeAntialiasing ? 1 : 0
        if let background {
            let fill = background * alpha
            if depth == 0, raster == nil, !isGroup, fill.w == 1, !shape.isRounded,
                FrameBuilder.covers(target, toWindow, bounds: p.bounds)
            {
                // An opaque root background over the whole target is the clear colour: no quad to blend.
                clearColor = fill
            } else {
                batcher.add(
                    shape.quad(clip, color: fill, params: [0, 0, smooth, smooth]), image: nil, sampling: .init())
            }
        }
        if let image = p.contents {
            let contents = ContentsDraw(shape: shape, clip: clip, properties: p, smooth: smooth)
            if let blend = layer.contentsBlend {
                // A contents cross-fade: the old image fading out under the new one fading in.
                let f = Float(blend.fraction)
                if let old = blend.from {
                    contents.add(
                        ContentsLayout.pieces(for: p, image: old), of: old,
                        alpha: alpha * (1 - f), to: &batcher)
                }
                contents.add(pieces, of: image, alpha: alpha * f, to: &batcher)
            } else {
                contents.add(pieces, of: image, alpha: alpha, to: &batcher)
            }
        }
        if !children.isEmpty {
            // Anti-aliased edges clip by coverage (drawn offscreen); hard edges by the stencil.
            let clipShape = shape.quad(clip, color: .zero, params: [0, 0, 1, 1])
            let softClip = smooth == 1
            var clipIndex: Int?
            if p.masksToBounds {
                clipIndex = softClip ? batcher.beginShapeClip(clipShape) : batcher.pushClip(clipShape)
            }
            let childSpace = p.sublayerSpaceToOwnSpace
            for child in children {
                visit(
                    child, parentToWindow: toWindow, sublayerSpace: childSpace, inheritedOpacity: alpha,
                    depth: depth + 1)
            }
            if let clipIndex {
                if softClip { batcher.endShapeClip(clipIndex) } else { batcher.popClip(clipIndex) }
            }
        }
        if let border {
            batcher.add(
                shape.quad(clip, color: border * alpha, params: [Float(p.borderWidth), 0, smooth, 1]), image: nil,
                sampling: .init())
        }
        if castsFromContent { batcher.endShadow() }
        if let mask {
            // The mask is placed like a sublayer of the layer, in its bounds space (with the
            // geometry flip, without sublayerTransform), and drawn only as the group's alpha.
            batcher.beginMask()
            masksBeingDrawn.append(mask)
            visit(
                mask, parentToWindow: toWindow, sublayerSpace: p.maskSpaceToOwnSpace, inheritedOpacity: 1,
                depth: depth + 1)
            masksBeingDrawn.removeLast()
            batcher.endMask(opacity: effects == nil ? opacity * inheritedOpacity : 1)
        } else if isGroup && effects == nil {
            batcher.endGroup(opacity: opacity * inheritedOpacity)
        }
        if let effects { batcher.endEffectGroup(opacity: opacity * inheritedOpacity, effects: effects) }
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

/// How one layer's contents image is drawn: pieces of it in the layer's shape.
private struct ContentsDraw {
    let shape: Shape
    let clip: SIMD16<Float>
    let sampling: TextureSampling
    let params: SIMD4<Float>

    init(shape: Shape, clip: SIMD16<Float>, properties p: LayerProperties, smooth: Float) {
        self.shape = shape
        self.clip = clip
        sampling = TextureSampling(
            minification: p.minificationFilter, magnification: p.magnificationFilter, bias: p.minificationFilterBias)
        let clipToShape: Float = p.masksToBounds ? 1 : 0
        params = [0, 1, clipToShape * smooth, clipToShape]
    }

    func add(_ pieces: [ContentsLayout.Piece], of image: CGImage, alpha: Float, to batcher: inout Batcher) {
        for piece in pieces {
            var quad = shape.quad(clip, color: SIMD4(repeating: alpha), params: params)
            quad.rect = piece.destination.float4
            quad.uv = SIMD4(
                Float(piece.source.minX), Float(piece.source.minY), Float(piece.source.maxX), Float(piece.source.maxY))
            batcher.add(quad, image: image, sampling: sampling)
        }
    }
}

/// A layer's rounded-rectangle shape, shared by its background, contents clip, sublayer clip and border.
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

    var isRounded: Bool { radii != .zero }

    func quad(_ clip: SIMD16<Float>, color: SIMD4<Float>, params: SIMD4<Float>) -> QuadInstance {
        QuadInstance(transform: clip, rect: rect, color: color, shapeRect: rect, radii: radii, params: params)
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
            guard let layer = self[current] else { return false }
            let p = layer.properties
            let own =
                (p.shownBackgroundColor == nil ? 0 : 1) + (p.contents == nil ? 0 : 1) + (p.borderWidth > 0 ? 1 : 0)
                + (layer.mask == nil ? 0 : 1)
            guard own == 0, layer.sublayers.count == 1 else { return own + layer.sublayers.count > 1 }
            current = layer.sublayers[0]
        }
        return true
    }

    /// The sublayers of `layer` in drawing order: ascending zPosition, array order among equals.
    func drawOrder(of layer: RenderLayer) -> [LayerID] {
        let ids = layer.sublayers
        guard ids.count > 1 else { return ids }
        let z = ids.map { self[$0]?.properties.zPosition ?? 0 }
        if zip(z, z.dropFirst()).allSatisfy({ $0 <= $1 }) { return ids }
        return ids.indices.sorted { z[$0] != z[$1] ? z[$0] < z[$1] : $0 < $1 }.map { ids[$0] }
    }
}
