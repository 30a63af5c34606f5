import Foundation

/// Draws a `CATiledLayer`'s tiles and tells its store what the frame shows of the layer.
///
/// The part shown is the target (the window, or the bitmap being drawn) mapped back into the
/// layer's plane through the layer's transform to clip space, within its bounds; the scale is
/// the largest number of target pixels a point covers there (sampled at the corners and
/// centre of that part, so a layer seen in perspective is drawn as sharp as its nearest
/// part). Each tile is a textured quad in the layer's bounds space, cut to the bounds, with
/// its fade-in alpha; tiles lie under the layer's sublayers like contents.
extension FrameBuilder {
    mutating func drawTiles(
        of store: TileStore, properties p: LayerProperties, toWindow: CATransform3D, in draw: ContentsDraw, alpha: Float
    ) {
        guard let view = FrameBuilder.tileView(of: p, toWindow: toWindow, toClip: toWindow.concatenating(toClip)) else {
            return
        }
        let shown = store.frame(showing: view, at: tree.animationTime, request: frameRequest)
        drewTiles = true
        tilesFading = tilesFading || shown.fading
        tilesEvicted = tilesEvicted || shown.evicted
        for tile in shown.tiles where tile.alpha > 0 {
            let part = tile.rect.intersection(p.bounds)
            guard !part.isNull, !part.isEmpty else { continue }
            let u0 = (part.minX - tile.rect.minX) / tile.rect.width
            let v0 = (part.minY - tile.rect.minY) / tile.rect.height
            let u1 = (part.maxX - tile.rect.minX) / tile.rect.width
            let v1 = (part.maxY - tile.rect.minY) / tile.rect.height
            let quad = draw.texture(
                color: SIMD4(repeating: tile.alpha * alpha), rect: part.float4,
                uv: SIMD4(Float(u0), Float(v0), Float(u1), Float(v1)))
            batcher.add(quad, image: tile.image, sampling: draw.sampling)
        }
    }

    /// What the target shows of the layer; nil when none of it is shown.
    static func tileView(of p: LayerProperties, toWindow: CATransform3D, toClip m: CATransform3D) -> TileView? {
        let bounds = p.bounds
        guard !bounds.isEmpty, bounds.isFiniteValue else { return nil }
        let visible = visibleRect(of: bounds, toClip: m)
        guard !visible.isNull, !visible.isEmpty else { return nil }
        var scale: CGFloat = 0
        for (x, y) in [
            (visible.minX, visible.minY), (visible.maxX, visible.minY), (visible.minX, visible.maxY),
            (visible.maxX, visible.maxY), (visible.midX, visible.midY),
        ] {
            scale = max(scale, pixelsPerPoint(at: x, y, toWindow))
        }
        guard scale.isFinite, scale > 0 else { return nil }
        return TileView(visible: visible, scale: scale, bounds: bounds, contentsScale: p.contentsScale)
    }

    /// The part of `bounds` whose image lies in clip space's −1...1 square: the square's corners
    /// mapped back into the layer's plane, within the bounds (all of the bounds when a corner
    /// maps to no point in front of the viewer).
    private static func visibleRect(of bounds: CGRect, toClip m: CATransform3D) -> CGRect {
        // The plane z = 0 to clip space: [x y 1] · H = [X Y W].
        let h = [m.m11, m.m12, m.m14, m.m21, m.m22, m.m24, m.m41, m.m42, m.m44]
        let cofactors = [
            h[4] * h[8] - h[5] * h[7], h[2] * h[7] - h[1] * h[8], h[1] * h[5] - h[2] * h[4],
            h[5] * h[6] - h[3] * h[8], h[0] * h[8] - h[2] * h[6], h[2] * h[3] - h[0] * h[5],
            h[3] * h[7] - h[4] * h[6], h[1] * h[6] - h[0] * h[7], h[0] * h[4] - h[1] * h[3],
        ]
        let determinant = h[0] * cofactors[0] + h[1] * cofactors[3] + h[2] * cofactors[6]
        guard determinant != 0, determinant.isFinite else { return .null }
        var corners: [CGPoint] = []
        for (u, v) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] as [(CGFloat, CGFloat)] {
            let x = u * cofactors[0] + v * cofactors[3] + cofactors[6]
            let y = u * cofactors[1] + v * cofactors[4] + cofactors[7]
            let w = u * cofactors[2] + v * cofactors[5] + cofactors[8]
            let point = CGPoint(x: x / w, y: y / w)
            let depth = point.x * m.m14 + point.y * m.m24 + m.m44
            guard w != 0, point.x.isFinite, point.y.isFinite, depth > 0 else { return bounds }
            corners.append(point)
        }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let area = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        return area.intersection(bounds)
    }

    /// How many target pixels one point of the layer covers at (x, y), along its longer axis.
    private static func pixelsPerPoint(at x: CGFloat, _ y: CGFloat, _ m: CATransform3D) -> CGFloat {
        func project(_ x: CGFloat, _ y: CGFloat) -> CGPoint? {
            let p = m.apply(x: x, y: y)
            guard p.w > 0 else { return nil }
            return CGPoint(x: p.x / p.w, y: p.y / p.w)
        }
        guard let origin = project(x, y), let dx = project(x + 1, y), let dy = project(x, y + 1) else { return 0 }
        return max(hypot(dx.x - origin.x, dx.y - origin.y), hypot(dy.x - origin.x, dy.y - origin.y))
    }
}
