import Foundation

/// Masks and content shadows kept between frames. On Apple's platforms a layer with a `mask`
/// or a shadow cast from its content (no `shadowPath`) costs an offscreen pass every frame.
/// Here such a layer, while what it draws in its own space stays the same, is drawn as a
/// rasterized layer is: its subtree (sublayers, mask and shadow) into a bitmap in its own
/// space, kept by the renderer under its content version (`RenderTree.contentVersion(of:)`),
/// and composited with its transform and opacity. Moving, turning or fading a masked or
/// shadowed layer then costs one textured quad a frame, with no offscreen pass and no blur.
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
/// has filters, background filters or a blend mode (they need what lies behind it), when it
/// spreads its opacity over its parts (`allowsGroupOpacity` false), when it is inside another
/// bitmap, a transform layer's 3D space or a transition, or when its bitmap would be larger than
/// the window or than `FrameBuilder.maximumRasterSize` a side; and, once the frame's bitmaps
/// reach `cachedEffectsPixelBudget` pixels, every further layer.
extension FrameBuilder {
    /// The most bitmap pixels one frame keeps for masks and shadows (16 Mpx: 128 MiB of colour
    /// and stencil): past it, layers are drawn directly rather than overflow the renderer's cache.
    static let cachedEffectsPixelBudget = 16 << 20

    /// Draws `id` from a bitmap of its subtree when it has a mask or a content shadow that can
    /// be kept (see the extension's documentation); false, having drawn nothing, when it is to
    /// be drawn directly. `opacity` is the layer's opacity times what it inherits.
    mutating func drawKeepingEffects(
        _ id: LayerID, layer: RenderLayer, toWindow: CATransform3D, opacity: Float, depth: Int
    ) -> Bool {
        let p = layer.propertiesExceptPlacement
        guard keepsEffects, raster == nil, layer.mask != nil || Self.castsContentShadow(p), Self.drawsSomething(layer),
            layer.contentVersion != tree.animationStamp,
            GroupEffects(p) == nil, p.backgroundFilters.passes.isEmpty,
            layer.mask != nil || p.allowsGroupOpacity || opacity >= 1
        else { return false }
        let scale = Self.bitmapScale(ShadowTracker.pixelsPerUnit(toWindow))
        guard scale > 0 else { return false }
        let extent = drawnExtent(of: layer, depth: depth)
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
