import Foundation

/// Masks, content shadows and filters kept between frames. On Apple's platforms a layer with a
/// `mask`, a shadow cast from its content (no `shadowPath`) or `filters` costs an offscreen
/// pass every frame. Here such a layer, while what it draws in its own space stays the same,
/// is drawn as a rasterized layer is: its subtree (sublayers, mask, shadow and filters) into a
/// bitmap in its own space, grown by its blurs' reach, kept by the renderer under its content
/// version (`RenderTree.contentVersion(of:)`), and composited with its transform and opacity.
/// Moving, turning or fading a masked, shadowed or blurred layer then costs one textured quad
/// a frame, with no offscreen pass and no blur. (A Gaussian blur is the same turned, so a
/// blurred layer turned on screen looks as it does drawn directly.)
///
/// The bitmap has the window's resolution: its scale is the layer's pixels per unit on screen,
/// rounded up to the next step of a quarter octave (2^(k/4)), so that a layer at its natural
/// size is drawn pixel for pixel (at whole-pixel positions exactly as without the bitmap) and
/// a layer whose scale animates keeps its bitmap for a stretch of scales instead of drawing a
/// new one every frame; the bitmap is at most 19 % finer than the screen and sampled linearly.
///
/// A layer is drawn directly instead, as before, when an animation changed its content in
/// this very frame (one runs inside it: a bitmap would be drawn and thrown away every frame;
/// content changed by commits is kept, even if it changes again at the next), when it
/// has background filters or a blend mode (they need what lies behind it), when it blurs and
/// its bitmap's pixels would not be the screen's (`keepsFilters`), when it spreads its opacity
/// over its parts (`allowsGroupOpacity` false, without a mask or filters), when it is inside
/// another bitmap, a transform layer's 3D space or a transition, or when its bitmap would be
/// larger than the window or than `FrameBuilder.maximumRasterSize` a side; and, once the
/// frame's bitmaps reach `cachedEffectsPixelBudget` pixels, every further layer.
extension FrameBuilder {
    /// The most bitmap pixels one frame keeps for masks, shadows and filters (16 Mpx: 128 MiB of colour
    /// and stencil): past it, layers are drawn directly rather than overflow the renderer's cache.
    static let cachedEffectsPixelBudget = 16 << 20

    /// Draws `id` from a bitmap of its subtree when it has a mask, a content shadow or filters that can
    /// be kept (see the extension's documentation); false, having drawn nothing, when it is to
    /// be drawn directly. `opacity` is the layer's opacity times what it inherits.
    mutating func drawKeepingEffects(
        _ id: LayerID, layer: RenderLayer, toWindow: CATransform3D, opacity: Float, depth: Int
    ) -> Bool {
        let p = layer.propertiesExceptPlacement
        let filters = p.filters.passes
        guard keepsEffects, raster == nil,
            layer.mask != nil || Self.castsContentShadow(p) || !filters.isEmpty, Self.drawsSomething(layer),
            layer.contentVersion != tree.animationStamp,
            p.compositingFilter == .sourceOver, p.backgroundFilters.passes.isEmpty,
            layer.mask != nil || !filters.isEmpty || p.allowsGroupOpacity || opacity >= 1
        else { return false }
        let pixelsPerUnit = ShadowTracker.pixelsPerUnit(toWindow)
        let scale = Self.bitmapScale(pixelsPerUnit)
        guard scale > 0, keepsFilters(filters, toWindow: toWindow, pixelsPerUnit: pixelsPerUnit, scale: scale)
        else { return false }
        let reach = FilterPass.spread(of: filters, width: Int(target.width), height: Int(target.height))
        let spread = CGFloat(reach) / scale
        let extent = drawnExtent(of: layer, depth: depth).insetBy(dx: -spread, dy: -spread)
        guard !extent.isNull, extent.width > 0, extent.height > 0 else { return false }
        let (width, height) = (extent.width * scale + 2, extent.height * scale + 2)
        let largest = CGFloat(FrameBuilder.maximumRasterSize)
        guard width <= largest, height <= largest, width * height <= target.width * target.height,
            cachedEffectsPixels + Int(width * height) <= Self.cachedEffectsPixelBudget
        else { return false }
        cachedEffectsPixels += Int(width * height)
        drawThroughBitmap(
            id, layer: layer, extent: extent, scale: scale, toWindow: toWindow, opacity: opacity, depth: depth,
            sampling: TextureSampling())
        return true
    }

    /// Whether a layer's filter passes can be drawn in its bitmap as they would be on screen.
    /// Colour filters always can. A blur's radius is in pixels on screen, so a layer that blurs
    /// is kept only where the bitmap's pixels are the screen's: no perspective, and a scale of
    /// the bitmap within 1 % of the layer's pixels per unit; and only where the window does not
    /// cap the blur (`FilterPass.blurSigma`), which the bitmap, grown by the blur's reach, never does.
    private func keepsFilters(
        _ passes: [FilterPass], toWindow: CATransform3D, pixelsPerUnit: CGFloat, scale: CGFloat
    ) -> Bool {
        let largest = Float(max(target.width, target.height))
        let blurs = passes.compactMap { pass -> Float? in if case .blur(let radius) = pass { radius } else { nil } }
        guard !blurs.isEmpty else { return true }
        return toWindow.m14 == 0 && toWindow.m24 == 0 && toWindow.m34 == 0 && toWindow.m44 == 1
            && abs(scale - pixelsPerUnit) <= 0.01 * scale && blurs.allSatisfy { $0 <= largest / 4 }
    }

    /// Whether a layer with properties `p` may cast a shadow from its content: a visible
    /// shadow and no `shadowPath` (a path's shadow is kept in the layer's space already).
    private static func castsContentShadow(_ p: LayerProperties) -> Bool {
        p.shadowPath == nil && p.shadowOpacity > 0 && (p.shownShadowColor?.a ?? 0) > 0
    }

    /// Whether `layer` draws anything itself or has sublayers (a layer that draws nothing
    /// has no mask to apply and casts no shadow from its content).
    private static func drawsSomething(_ layer: RenderLayer) -> Bool {
        let p = layer.propertiesExceptPlacement
        return !layer.sublayers.isEmpty || p.contents != nil || p.drawsOwnContent
            || (p.shownBackgroundColor?.a ?? 0) > 0
            || (p.borderWidth > 0 && (p.shownBorderColor?.a ?? 0) > 0)
    }

    /// `pixelsPerUnit` rounded up to a step of 2^(1/4) (within 1 %, so that 1 stays 1); 0 when
    /// it is not a positive finite number.
    static func bitmapScale(_ pixelsPerUnit: CGFloat) -> CGFloat {
        guard pixelsPerUnit.isFinite, pixelsPerUnit > 0 else { return 0 }
        let step = (4 * log2(pixelsPerUnit) - 0.04).rounded(.up)
        return exp2(step / 4)
    }
}
