import Foundation

/// Where a rasterized layer's own space lands in its bitmap while the bitmap is being drawn.
struct RasterPlacement {
    /// The rasterized layer.
    let layer: LayerID
    /// Maps the layer's own space to bitmap pixels (origin top-left): scale, then translation.
    let toBitmap: CATransform3D
}

/// Rasterized layers (`shouldRasterize`), as Core Animation draws them: the layer and its
/// sublayers are drawn into a bitmap in the layer's own coordinate space, `rasterizationScale`
/// bitmap pixels per point, without the layer's opacity; the bitmap is then drawn like contents
/// with the layer's transform (and its superlayers'), sampled with the layer's
/// `minificationFilter` and `magnificationFilter`, and multiplied by the layer's opacity. So a
/// rasterized layer scaled up on screen shows its bitmap magnified, as on Apple's platforms,
/// and `rasterizationScale` 0.5 halves its resolution.
///
/// The bitmap covers everything the subtree draws, in the layer's space: its bounds, contents
/// that overflow them, and sublayers that stick out (Core Animation includes the layer's shadow
/// and filters in the bitmap, which also reach past the bounds; nothing clips it to the bounds
/// unless `masksToBounds` or `mask` do, as without rasterization). Its edges are snapped to
/// whole bitmap pixels, so at scale 1 on whole-point positions the bitmap's pixels are the
/// screen's pixels and the picture is the one drawn without rasterization.
///
/// The display list always carries the commands that draw the bitmap, between `beginRaster`
/// and `endRaster`, tagged with the layer's `RenderTree.contentVersion(of:)`: the renderer
/// skips them when it holds the bitmap of that version (a cache hit) and then only composites
/// it with `drawRaster`. Moving, turning, scaling or fading the layer (committed or animated)
/// keeps its bitmap, as on Apple's platforms. A layer whose own transition is running is drawn without a bitmap.
extension FrameBuilder {
    /// The largest side of a bitmap, in pixels: a larger layer is rasterized at a lower scale.
    package static let maximumRasterSize = 4096

    /// Draws the rasterized layer `id` through its bitmap. Returns false, having drawn nothing,
    /// when the layer is to be drawn as if not rasterized (its `rasterizationScale` is not a
    /// positive finite number, which is logged once).
    mutating func drawRasterized(
        _ id: LayerID, layer: RenderLayer, toWindow: CATransform3D, opacity: Float, depth: Int
    ) -> Bool {
        let p = layer.propertiesExceptPlacement
        guard p.rasterizationScale.isFinite, p.rasterizationScale > 0 else {
            Diagnostics.errorOnce(
                "render.rasterizationScale",
                "render: rasterizationScale \(p.rasterizationScale) is not a positive number; the layer is drawn without rasterization"
            )
            return false
        }
        let extent = drawnExtent(of: layer, depth: depth)
        guard !extent.isNull, extent.width > 0, extent.height > 0, extent.width.isFinite, extent.height.isFinite
        else { return true }
        var scale = p.rasterizationScale
        let largest = CGFloat(FrameBuilder.maximumRasterSize)
        if extent.width * scale > largest || extent.height * scale > largest {
            Diagnostics.errorOnce(
                "render.rasterSize",
                "render: a rasterized layer needs a bitmap larger than \(FrameBuilder.maximumRasterSize) pixels a side; it is rasterized at a lower scale"
            )
            scale = min(largest / extent.width, largest / extent.height)
        }
        let sampling = TextureSampling(
            minification: p.minificationFilter, magnification: p.magnificationFilter, bias: p.minificationFilterBias)
        drawThroughBitmap(
            id, layer: layer, extent: extent, scale: scale, toWindow: toWindow, opacity: opacity, depth: depth,
            sampling: sampling)
        return true
    }

    /// The bitmap of `extent` (the layer's space) at `scale` pixels per unit: its commands,
    /// tagged with the layer's content version, then the quad that composites it with the
    /// layer's transform and `opacity`, sampled with `sampling`.
    mutating func drawThroughBitmap(
        _ id: LayerID, layer: RenderLayer, extent: CGRect, scale: CGFloat, toWindow: CATransform3D, opacity: Float,
        depth: Int, sampling: TextureSampling
    ) {
        // Whole bitmap pixels, so that at scale 1 they fall on whole points of the layer's space.
        let (minX, minY) = ((extent.minX * scale).rounded(.down), (extent.minY * scale).rounded(.down))
        let width = min(
            max(Int(clampingPixels: (extent.maxX * scale).rounded(.up) - minX), 1), FrameBuilder.maximumRasterSize)
        let height = min(
            max(Int(clampingPixels: (extent.maxY * scale).rounded(.up) - minY), 1), FrameBuilder.maximumRasterSize)
        let rect = CGRect(
            x: minX / scale, y: minY / scale, width: CGFloat(width) / scale, height: CGFloat(height) / scale)

        let saved = (raster, toClip)
        raster = RasterPlacement(
            layer: id,
            toBitmap: CATransform3DMakeScale(scale, scale, 1).concatenating(
                CATransform3DMakeTranslation(-minX, -minY, 0))
        )
        toClip = ClipSpace.fromWindow(width: width, height: height)
        batcher.beginRaster(
            RasterRequest(layer: id, version: layer.contentVersion, scale: Float(scale), width: width, height: height))
        visit(id, parentToWindow: nil, sublayerSpace: .identity, inheritedOpacity: 1, depth: depth)
        batcher.endRaster()
        (raster, toClip) = saved

        // Straight edges of the bitmap are anti-aliased as the layer's are (allowsEdgeAntialiasing, edgeAntialiasingMask).
        let smooth = EdgeAntialiasing.edges(of: layer.propertiesExceptPlacement, rounded: false)
        let quad = Shape(rect: rect.float4).texture(
            toWindow.concatenating(toClip).float16, color: SIMD4(repeating: opacity), rect: rect.float4,
            uv: SIMD4(0, 1, 1, 0), clipped: smooth > 0, edges: smooth)
        batcher.drawRaster(of: id, quad: quad, sampling: sampling)
    }

    /// The rectangle of `layer`'s own space that holds everything its subtree draws: its bounds,
    /// its contents, its visible sublayers (and theirs), cut to the bounds by `masksToBounds`, and
    /// the shadows they cast. Null when nothing is drawn. Parts of sublayers at or behind the eye
    /// are left out.
    func drawnExtent(of layer: RenderLayer, depth: Int) -> CGRect {
        let p = layer.propertiesExceptPlacement
        var extent = p.bounds.width > 0 && p.bounds.height > 0 ? p.bounds : CGRect.null
        if let image = p.contents {
            for piece in ContentsLayout.pieces(for: p, image: image) {
                let shown = p.masksToBounds ? piece.destination.intersection(p.bounds) : piece.destination
                if !shown.isEmpty { extent = extent.union(shown) }
            }
        }
        guard depth < FrameBuilder.maximumDepth else { return extent }
        var sublayers = CGRect.null
        let space = p.sublayerSpaceToOwnSpace
        for childID in layer.sublayers {
            guard let child = tree[childID], !child.propertiesExceptPlacement.isHidden,
                child.propertiesExceptPlacement.opacity != 0
            else { continue }
            let inner = drawnExtent(of: child, depth: depth + 1)
            guard !inner.isNull else { continue }
            let h = Homography(child.placement(offset: nil).concatenating(space))
            let corners = [
                CGPoint(x: inner.minX, y: inner.minY), CGPoint(x: inner.maxX, y: inner.minY),
                CGPoint(x: inner.minX, y: inner.maxY), CGPoint(x: inner.maxX, y: inner.maxY),
            ].compactMap(h.map)
            guard corners.count == 4 else { continue }
            let xs = corners.map(\.x)
            let ys = corners.map(\.y)
            sublayers = sublayers.union(
                CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!))
        }
        if p.masksToBounds { sublayers = sublayers.intersection(p.bounds) }
        let drawn = sublayers.isNull ? extent : extent.union(sublayers)
        // The layer's shadow (cut away by masksToBounds outside the bounds): what casts it,
        // moved by the offset and grown by three standard deviations and a little.
        let caster = p.shadowPath?.boundingBoxOfPath ?? drawn
        guard !p.masksToBounds, p.shadowOpacity > 0, !caster.isNull else { return drawn }
        let offset = ShadowTracker.offset(p.shadowOffset)
        let reach = 3 * ShadowTracker.radius(p.shadowRadius) + 2
        return drawn.union(caster.offsetBy(dx: offset.width, dy: offset.height).insetBy(dx: -reach, dy: -reach))
    }
}
