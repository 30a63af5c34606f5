import Foundation

extension CALayer {
    /// The layer's content: a `CGImage`. Animatable (cross-fade).
    ///
    /// Any object may be stored, as in Core Animation, but only a `CGImage` is displayed;
    /// anything else is kept for `contents` to return and logged as not displayable. A gradient
    /// layer shows the image over its gradient.
    public var contents: Any? {
        get { LayerLock.withLock { contentsObject } }
        set {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            contentsObject = newValue
            setProperties.formUnion(LayerChanges(.contents))
            let image = newValue as? CGImage
            if newValue != nil, image == nil {
                Diagnostics.error(
                    "CALayer.contents of \(self): a \(type(of: newValue!)) is not displayable; only CGImage is drawn")
            }
            if state.contents !== image {
                state.contents = image
                recordChange(LayerChanges(.contents))
                if committedState != nil { propertyDidChange("contents") }
            }
        }
    }

    /// The part of the contents image shown, in unit coordinates. Default (0, 0, 1, 1). Animatable.
    public var contentsRect: CGRect {
        get { LayerLock.withLock { state.contentsRect } }
        set { setState(\.contentsRect, newValue, .contentsRect) }
    }

    /// The stretchable centre of the contents (9-slice), in unit coordinates of the
    /// contents rect. Default (0, 0, 1, 1). Animatable.
    public var contentsCenter: CGRect {
        get { LayerLock.withLock { state.contentsCenter } }
        set { setState(\.contentsCenter, newValue, .contentsCenter) }
    }

    /// How the contents are placed in the bounds. Default `.resize`; a name Core Animation does not
    /// define reads back as `.center`, as on Apple platforms.
    public var contentsGravity: CALayerContentsGravity {
        get { LayerLock.withLock { state.contentsGravity } }
        set {
            setState(
                \.contentsGravity, CALayerContentsGravity.allCases.contains(newValue) ? newValue : .center,
                .contentsGravity)
        }
    }

    /// Pixels per point of the contents: an image of 200 pixels at scale 2 is 100 points wide.
    /// Must be positive. Default 1. Animatable. A change redraws layers whose class answers
    /// true to `needsDisplay(forKey: "contentsScale")`.
    public var contentsScale: CGFloat {
        get { LayerLock.withLock { state.contentsScale } }
        set {
            guard newValue > 0 else {
                Diagnostics.error(
                    "CALayer.contentsScale of \(self): refused \(newValue); it must be positive and finite")
                return
            }
            setState(\.contentsScale, newValue, .contentsScale)
        }
    }

    /// A hint for the backing store's pixel format. Default `.RGBA8Uint`; a name Core Animation
    /// does not define reads back as `.RGBA8Uint`.
    public var contentsFormat: CALayerContentsFormat {
        get { LayerLock.withLock { state.contentsFormat } }
        set {
            let known: [CALayerContentsFormat] = [.RGBA8Uint, .RGBA16Float, .gray8Uint, .automatic]
            setState(\.contentsFormat, known.contains(newValue) ? newValue : .RGBA8Uint, .contentsFormat)
        }
    }

    /// The filter used when the contents are drawn smaller than their pixel size. Default `.linear`.
    public var minificationFilter: CALayerContentsFilter {
        get { LayerLock.withLock { state.minificationFilter } }
        set { setState(\.minificationFilter, newValue, .minificationFilter) }
    }

    /// The filter used when the contents are drawn larger than their pixel size. Default `.linear`.
    public var magnificationFilter: CALayerContentsFilter {
        get { LayerLock.withLock { state.magnificationFilter } }
        set { setState(\.magnificationFilter, newValue, .magnificationFilter) }
    }

    /// The mipmap level bias for `.trilinear` minification. Default 0.
    public var minificationFilterBias: Float {
        get { LayerLock.withLock { state.minificationFilterBias } }
        set { setState(\.minificationFilterBias, newValue, .minificationFilterBias) }
    }

    /// A hint that the layer's drawing is fully opaque. Default false.
    public var isOpaque: Bool {
        get { LayerLock.withLock { state.isOpaque } }
        set { setState(\.isOpaque, newValue, .isOpaque) }
    }

    /// How much larger a corner drawn with `curve` is than a circular one of the same radius:
    /// 1 for `.circular` (and names Core Animation does not define), 1.528665 for `.continuous`.
    public class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? 1.528665 : 1
    }
}

extension CALayer {
    /// Apple's Swift spelling of `CADynamicRange`.
    public typealias DynamicRange = CADynamicRange
    /// Apple's Swift spelling of `CAToneMapMode`.
    public typealias ToneMapMode = CAToneMapMode
}
