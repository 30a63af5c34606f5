import Foundation

/// The frame builder's shadows: which layers cast one, in what colour, how blurred and how far
/// offset. (The batcher works out the area a content shadow's drawing covers.)
///
/// A layer casts a shadow when its `shadowOpacity` and `shadowColor`'s alpha are above 0 and
/// it draws something (a layer that draws nothing casts nothing). With `shadowPath` the shadow
/// is the path, filled with the non-zero winding rule (`PathShadow`); without it, the shadow
/// is the composited alpha of the layer and its sublayers (`ContentShadow`), so a sublayer
/// reaching outside the layer casts too, and a rounded background casts a rounded shadow. The
/// shadow is drawn first, under the background, moved by `shadowOffset` in the layer's own
/// space (so with y down, iOS's default (0, −3) casts upward), and clipped to the layer's
/// rounded bounds when the layer `masksToBounds`, as Core Animation clips it. It is part of
/// the layer: the layer's opacity and mask apply to it.
///
/// `shadowRadius` r is the standard deviation of the Gaussian blur: σ = r layer units (r times
/// the layer's pixels per unit on screen), cut at 2r as Core Animation's shadows are. The shadow
/// of a straight edge falls off nearly as ½·erfc(d / (r√2)) at d past the offset edge and ends
/// about 2r past it: with radius 5, still painted at 9 px, nothing from 12 px.
///
/// Bad values never stop a frame: a NaN or negative `shadowRadius` is 0 and an infinite one is
/// the blur's largest, a non-finite `shadowOffset` is zero, a NaN `shadowOpacity` casts
/// nothing, and an empty `shadowPath` casts nothing; each logs an error once.
struct ShadowTracker {
    /// The largest radius used, in layer units (an infinite one becomes this).
    static let largestRadius: CGFloat = 10_000

    /// Emits the shadow of a layer about to draw, before its background: a `PathShadow` draw,
    /// or the start of a `ContentShadow` whose content follows. `alpha` is the opacity the
    /// layer's content is drawn with (1 inside a group); `opaqueArea`, a rectangle of the layer's
    /// space its background covers opaquely right after the shadow (a `shadowPath` shadow is not
    /// drawn there: those pixels are painted over); `clipShape`, the layer's bounds shape
    /// when it `masksToBounds`.
    /// - Returns: whether a content shadow was started (the layer's drawing then ends with
    ///   `Batcher.endShadow()`).
    static func begin(
        _ id: LayerID, _ p: LayerProperties, version: UInt64, toWindow: CATransform3D, toClip: CATransform3D,
        alpha: Float, opaqueArea: CGRect? = nil, clipShape: QuadInstance?, into batcher: inout Batcher
    ) -> Bool {
        guard let color = Self.color(p) else { return false }
        let scale = Self.pixelsPerUnit(toWindow)
        guard scale > 0 else { return false }
        let sigma = Float(Self.radius(p.shadowRadius) * scale)
        let offset = Self.offset(p.shadowOffset)
        if let path = p.shadowPath {
            guard !path.elements.isEmpty, !path.boundingBoxOfPath.isNull else {
                Diagnostics.errorOnce("render.shadowPathEmpty", "render: an empty shadowPath casts no shadow")
                return false
            }
            let key = ShadowKey(version: 0, path: path, transform: .zero, alpha: 1, sigma: sigma, scale: Float(scale))
            let moved = CATransform3DMakeTranslation(offset.width, offset.height, 0).concatenating(toWindow)
            let clip = clipShape.map { batcher.addReferencedInstance($0) }
            // The shadow is drawn in the layer's space moved by the offset: the area moves back.
            let hole = opaqueArea.map {
                SIMD4(
                    Float($0.minX - offset.width), Float($0.minY - offset.height), Float($0.width),
                    Float($0.height))
            }
            batcher.drawShadow(
                PathShadow(
                    layer: id, key: key, color: color * alpha, transform: moved.concatenating(toClip).float16,
                    clip: clip, hole: hole))
            return false
        }
        let key = ShadowKey(
            version: version, path: nil, transform: toWindow.float16, alpha: alpha, sigma: sigma, scale: Float(scale))
        // The offset is a vector in the layer's space: only the transform's linear part moves it.
        let windowOffset = SIMD2(
            Float(offset.width * toWindow.m11 + offset.height * toWindow.m21),
            Float(offset.width * toWindow.m12 + offset.height * toWindow.m22))
        let clip = clipShape.map { batcher.addReferencedInstance($0) }
        batcher.beginShadow(
            ContentShadow(layer: id, key: key, color: color, sigma: sigma, offset: windowOffset, clip: clip))
        return true
    }

    /// The shadow's premultiplied colour times `shadowOpacity`; nil when it casts nothing.
    static func color(_ p: LayerProperties) -> SIMD4<Float>? {
        guard p.shadowOpacity.isFinite else {
            if p.shadowOpacity.isNaN {
                Diagnostics.errorOnce("render.shadowOpacity", "render: a NaN shadowOpacity casts no shadow")
                return nil
            }
            return p.shadowOpacity > 0 ? premultiplied(p, opacity: 1) : nil
        }
        guard p.shadowOpacity > 0 else { return nil }
        return premultiplied(p, opacity: min(p.shadowOpacity, 1))
    }

    private static func premultiplied(_ p: LayerProperties, opacity: Float) -> SIMD4<Float>? {
        guard let color = p.shownShadowColor?.premultiplied, color.a > 0 else {
            return nil
        }
        return color * opacity
    }

    /// `shadowRadius` made usable: NaN and negative radii are 0, an infinite one
    /// `largestRadius`.
    static func radius(_ radius: CGFloat) -> CGFloat {
        if radius.isNaN || radius < 0 {
            Diagnostics.errorOnce("render.shadowRadius", "render: shadowRadius \(radius) is drawn as 0")
            return 0
        }
        if radius > largestRadius {
            Diagnostics.errorOnce(
                "render.shadowRadiusLarge", "render: shadowRadius \(radius) is drawn as \(largestRadius)")
            return largestRadius
        }
        return radius
    }

    /// `shadowOffset` made usable: a non-finite offset is zero.
    static func offset(_ offset: CGSize) -> CGSize {
        guard offset.width.isFinite, offset.height.isFinite else {
            Diagnostics.errorOnce("render.shadowOffset", "render: shadowOffset \(offset) is not finite; drawn as zero")
            return .zero
        }
        return offset
    }

    /// Window pixels per layer unit: the square root of the area scale of the transform's
    /// linear part (0 for a layer collapsed to a line or point, or a transform that is not finite).
    static func pixelsPerUnit(_ toWindow: CATransform3D) -> CGFloat {
        let area = abs(toWindow.m11 * toWindow.m22 - toWindow.m12 * toWindow.m21)
        return area.isFinite ? area.squareRoot() : 0
    }
}
