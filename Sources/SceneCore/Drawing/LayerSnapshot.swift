import CSceneCoreCairo
import Foundation

extension CALayer {
    /// What `render(in:)` does (see there).
    func renderSnapshot(in ctx: CGContext) {
        LayerLock.withLock {
            var snapshot = LayerSnapshot()
            snapshot.draw(self, in: ctx, space: nil, depth: 0)
        }
    }
}

/// A layer tree drawn with Cairo into a `CGContext`: the walk of `CALayer.render(in:)`.
/// Runs holding `LayerLock`, reading each layer's model values (`CALayer.state`).
struct LayerSnapshot {
    /// The masks whose layers are being drawn, outermost first: a mask met again is not drawn.
    private var masksBeingDrawn: [ObjectIdentifier] = []

    /// Draws `layer` and its subtree in `ctx`, placed in the user space by its placement
    /// followed by `space` (its superlayer's sublayer or mask space); with `space` nil, in its
    /// own bounds space (the layer `render(in:)` was called on).
    mutating func draw(_ layer: CALayer, in ctx: CGContext, space: CATransform3D?, depth: Int) {
        guard depth < FrameBuilder.maximumDepth else {
            Diagnostics.errorOnce(
                "snapshot.depth",
                "render(in:): layer tree deeper than \(FrameBuilder.maximumDepth); deeper layers are not drawn")
            return
        }
        layer.displayIfNeeded()
        let p = layer.state
        let opacity = p.opacity.isFinite ? CGFloat(min(max(p.opacity, 0), 1)) : 1
        guard !p.isHidden, opacity > 0 else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if let space {
            let placement = p.placement(offset: nil).concatenating(space)
            guard placement.isFinite else { return }
            ctx.concatenate(CATransform3DGetAffineTransform(placement))
        }
        let alpha = ctx.alpha * opacity
        let grouped = alpha < 1
        if grouped {
            ctx.setAlpha(alpha)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        }
        let mask = layer.mask.flatMap { masksBeingDrawn.contains(ObjectIdentifier($0)) || $0 === layer ? nil : $0 }
        if mask != nil { cairo_push_group(ctx.cairo) }
        drawShadow(of: layer, p, in: ctx, depth: depth)
        drawBody(of: layer, p, in: ctx, depth: depth)
        if let mask {
            let content = cairo_pop_group(ctx.cairo)
            cairo_push_group(ctx.cairo)
            masksBeingDrawn.append(ObjectIdentifier(mask))
            draw(mask, in: ctx, space: p.maskSpaceToOwnSpace, depth: depth + 1)
            masksBeingDrawn.removeLast()
            let alphaMask = cairo_pop_group(ctx.cairo)
            cairo_save(ctx.cairo)
            cairo_set_source(ctx.cairo, content)
            cairo_mask(ctx.cairo, alphaMask)
            cairo_restore(ctx.cairo)
            cairo_pattern_destroy(alphaMask)
            cairo_pattern_destroy(content)
        }
        if grouped { ctx.endTransparencyLayer() }
    }

    /// What the layer draws above its shadow: background, gradient, contents or text, shape,
    /// sublayers (clipped when `masksToBounds`), border.
    private mutating func drawBody(of layer: CALayer, _ p: LayerProperties, in ctx: CGContext, depth: Int) {
        let shape = RoundedShape(p)
        if let background = p.backgroundColor?.value, background.a > 0 {
            ctx.beginPath()
            shape.add(to: ctx)
            ctx.setFillColor(background)
            ctx.fillPath()
        }
        if p.kind == .gradient, let gradient = GradientDrawing(p) {
            ctx.saveGState()
            ctx.beginPath()
            shape.add(to: ctx)
            ctx.clip()
            gradient.draw(in: ctx)
            ctx.restoreGState()
        }
        ctx.saveGState()
        if p.masksToBounds {
            ctx.beginPath()
            shape.add(to: ctx)
            ctx.clip()
        }
        if let image = p.contents {
            ContentsDrawing(
                image: image, pieces: ContentsLayout.pieces(for: p, image: image),
                minification: p.minificationFilter, magnification: p.magnificationFilter
            ).draw(in: ctx)
        } else if p.glyphs != nil {
            // A text layer whose text the render side draws from its glyph atlas: the text is
            // drawn here by its `draw(in:)`, cut off at the bounds as a backing store would be.
            ctx.saveGState()
            ctx.clip(to: p.bounds)
            layer.draw(in: ctx)
            ctx.restoreGState()
        }
        if p.drawsShape {
            // The path is in the layer's geometry, flipped with it as the render side draws it.
            let scale = Self.deviceScale(ctx)
            ctx.saveGState()
            ctx.concatenate(CATransform3DGetAffineTransform(p.maskSpaceToOwnSpace))
            ShapeRaster.Key(p, scale: scale).drawing.draw(in: ctx, scale: scale)
            ctx.restoreGState()
        }
        let sublayers = (layer.sublayers ?? []).enumerated().map { (z: Self.orderKey($1.state.zPosition), $0, $1) }
            .sorted { ($0.z, $0.1) < ($1.z, $1.1) }
        let space = p.sublayerSpaceToOwnSpace
        for (_, _, sublayer) in sublayers { draw(sublayer, in: ctx, space: space, depth: depth + 1) }
        ctx.restoreGState()
        if p.borderWidth > 0, let border = p.borderColor?.value, border.a > 0 {
            ctx.beginPath()
            shape.add(to: ctx)
            shape.inset(by: p.borderWidth)?.add(to: ctx)
            ctx.setFillColor(border)
            ctx.fillPath(using: .evenOdd)
        }
    }

    /// The layer's shadow, under everything it draws: `shadowPath` filled, or the alpha of its
    /// drawing, blurred, moved by `shadowOffset` in the layer's space, tinted with
    /// `shadowColor` at `shadowOpacity`, and clipped to the rounded bounds when `masksToBounds`.
    private mutating func drawShadow(of layer: CALayer, _ p: LayerProperties, in ctx: CGContext, depth: Int) {
        guard !(p.shadowOpacity <= 0), let color = ShadowTracker.color(p) else { return }
        let toDevice = ctx.userToDevice
        let scale = Self.deviceScale(ctx)
        let sigma = Double(ShadowTracker.radius(p.shadowRadius) * scale)
        let reach = CGFloat(ShadowBlur.kernel(sigma: sigma).count / 2)
        // The drawing is cast onto a surface wider than the context's by the blur's reach, so
        // that what lies just outside it still blurs into it.
        guard
            let cast = CGContext(
                layerWidth: ctx.width + 2 * Int(reach), height: ctx.height + 2 * Int(reach), scale: 1)
        else { return }
        var matrix = cairo_matrix_t(
            xx: Double(toDevice.a), yx: Double(toDevice.b), xy: Double(toDevice.c), yy: Double(toDevice.d),
            x0: Double(toDevice.tx + reach), y0: Double(toDevice.ty + reach))
        cairo_set_matrix(cast.cairo, &matrix)
        let offset = ShadowTracker.offset(p.shadowOffset)
        cast.translateBy(x: offset.width, y: offset.height)
        if let path = p.shadowPath {
            cast.beginPath()
            cast.addPath(path)
            cast.setFillColor(gray: 0, alpha: 1)
            cast.fillPath()
        } else {
            drawBody(of: layer, p, in: cast, depth: depth)
        }
        guard var shadow = ShadowBlur(alphaOf: cast) else { return }
        shadow.blur(sigma: sigma)
        ctx.saveGState()
        if p.masksToBounds {
            ctx.beginPath()
            RoundedShape(p).add(to: ctx)
            ctx.clip()
        }
        shadow.paint(color: color, onto: ctx, at: CGPoint(x: -reach, y: -reach))
        ctx.restoreGState()
    }

    /// Device pixels per user unit: the square root of the area scale of the CTM (1 when 0).
    private static func deviceScale(_ ctx: CGContext) -> CGFloat {
        let t = ctx.userToDevice
        let area = abs(t.a * t.d - t.b * t.c)
        return area.isFinite && area > 0 ? area.squareRoot() : 1
    }

    /// A sublayer's `zPosition` as a sort key: NaN sorts as 0.
    private static func orderKey(_ z: CGFloat) -> CGFloat { z.isNaN ? 0 : z }
}

/// A layer's bounds rounded by `cornerRadius` at its `maskedCorners` (clamped to half the
/// shorter side), as a path: what its background, gradient, clip and border fill. A
/// continuous corner curve is drawn circular.
private struct RoundedShape {
    let rect: CGRect
    /// The radii at the min/min, max/min, max/max and min/max corners.
    let radii: [CGFloat]

    init(_ p: LayerProperties) {
        let rect = p.bounds.standardized
        let radius = min(max(p.cornerRadius.isFinite ? p.cornerRadius : 0, 0), min(rect.width, rect.height) / 2)
        let corners: [CACornerMask] = [
            .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMaxXMaxYCorner, .layerMinXMaxYCorner,
        ]
        self.init(rect: rect, radii: corners.map { p.maskedCorners.contains($0) ? radius : 0 })
    }

    private init(rect: CGRect, radii: [CGFloat]) {
        self.rect = rect
        self.radii = radii
    }

    /// The shape inside a border of `width`: each radius less the width; nil when nothing is left.
    func inset(by width: CGFloat) -> RoundedShape? {
        let inner = rect.insetBy(dx: width, dy: width)
        guard !inner.isNull, inner.width > 0, inner.height > 0 else { return nil }
        return RoundedShape(rect: inner, radii: radii.map { max($0 - width, 0) })
    }

    /// Adds the shape as a closed subpath of the current path, in user space.
    func add(to ctx: CGContext) {
        let cairo = ctx.cairo
        let (r0, r1, r2, r3) = (Double(radii[0]), Double(radii[1]), Double(radii[2]), Double(radii[3]))
        let (x0, y0, x1, y1) = (Double(rect.minX), Double(rect.minY), Double(rect.maxX), Double(rect.maxY))
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x1 - r1, y0 + r1, r1, -.pi / 2, 0)
        cairo_arc(cairo, x1 - r2, y1 - r2, r2, 0, .pi / 2)
        cairo_arc(cairo, x0 + r3, y1 - r3, r3, .pi / 2, .pi)
        cairo_arc(cairo, x0 + r0, y0 + r0, r0, .pi, 3 * .pi / 2)
        cairo_close_path(cairo)
    }
}
