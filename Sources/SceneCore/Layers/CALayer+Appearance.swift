import Foundation

extension CALayer {
    /// Whether the layer and its sublayers are hidden (not drawn, not hit). Animatable.
    public var isHidden: Bool {
        get { state.isHidden }
        set { setState(\.isHidden, newValue, .isHidden, key: "hidden") }
    }

    /// Whether the back of the layer is drawn when it faces away from the viewer. Default true.
    public var isDoubleSided: Bool {
        get { state.isDoubleSided }
        set { setState(\.isDoubleSided, newValue, .isDoubleSided) }
    }

    /// Whether sublayers and contents are clipped to the bounds, rounded by `cornerRadius`. Animatable.
    public var masksToBounds: Bool {
        get { state.masksToBounds }
        set { setState(\.masksToBounds, newValue, .masksToBounds, key: "masksToBounds") }
    }

    /// The layer's opacity in [0, 1]; with `allowsGroupOpacity` the layer and its sublayers
    /// are composited as one group. Animatable.
    public var opacity: Float {
        get { state.opacity }
        set { setGeometry(\.opacity, newValue, .opacity, key: "opacity") }
    }

    /// Whether opacity applies to the layer and its sublayers as one group. Default true.
    public var allowsGroupOpacity: Bool {
        get { state.allowsGroupOpacity }
        set { setState(\.allowsGroupOpacity, newValue, .allowsGroupOpacity) }
    }

    /// Whether the edges named by `edgeAntialiasingMask` are anti-aliased. Default false.
    public var allowsEdgeAntialiasing: Bool {
        get { state.allowsEdgeAntialiasing }
        set { setState(\.allowsEdgeAntialiasing, newValue, .edgeAntialiasing) }
    }

    /// Which edges are anti-aliased. Default all four.
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { state.edgeAntialiasingMask }
        set { setState(\.edgeAntialiasingMask, newValue, .edgeAntialiasing) }
    }

    /// The fill behind contents and sublayers, rounded by `cornerRadius`. Default nil. Animatable.
    public var backgroundColor: CGColor? {
        get { state.backgroundColor }
        set { setState(\.backgroundColor, newValue, .backgroundColor, key: "backgroundColor") }
    }

    /// The radius of the rounded corners of the background and border (and of the clip when
    /// `masksToBounds` is set). Negative values become 0. Animatable.
    public var cornerRadius: CGFloat {
        get { state.cornerRadius }
        set { setGeometry(\.cornerRadius, newValue.negativeAsZero, .cornerRadius, key: "cornerRadius") }
    }

    /// Which corners `cornerRadius` rounds. Default all four.
    public var maskedCorners: CACornerMask {
        get { state.maskedCorners }
        set { setState(\.maskedCorners, newValue, .maskedCorners, key: "maskedCorners") }
    }

    /// The curve of the rounded corners. Stored; drawn as circular arcs.
    public var cornerCurve: CALayerCornerCurve {
        get { state.cornerCurve }
        set { setState(\.cornerCurve, newValue, .cornerCurve) }
    }

    /// The border's width, inset from the bounds and drawn above contents and sublayers.
    /// Negative values become 0. Animatable.
    public var borderWidth: CGFloat {
        get { state.borderWidth }
        set { setGeometry(\.borderWidth, newValue.negativeAsZero, .borderWidth, key: "borderWidth") }
    }

    /// The border's colour. Default opaque black. Animatable.
    public var borderColor: CGColor? {
        get { state.borderColor }
        set { setState(\.borderColor, newValue, .borderColor, key: "borderColor") }
    }

    /// The shadow's colour. Default opaque black. Animatable.
    public var shadowColor: CGColor? {
        get { state.shadowColor }
        set { setState(\.shadowColor, newValue, .shadow, key: "shadowColor") }
    }

    /// The shadow's opacity. Default 0 (no shadow). Animatable.
    public var shadowOpacity: Float {
        get { state.shadowOpacity }
        set { setGeometry(\.shadowOpacity, newValue, .shadow, key: "shadowOpacity") }
    }

    /// The shadow's offset. Default (0, -3). Animatable.
    public var shadowOffset: CGSize {
        get { state.shadowOffset }
        set { setGeometry(\.shadowOffset, newValue, .shadow, key: "shadowOffset") }
    }

    /// The shadow's blur radius. Default 3. Animatable.
    public var shadowRadius: CGFloat {
        get { state.shadowRadius }
        set { setGeometry(\.shadowRadius, newValue, .shadow, key: "shadowRadius") }
    }

    /// Whether the layer is rendered as a bitmap before compositing. Default false.
    public var shouldRasterize: Bool {
        get { state.shouldRasterize }
        set { setState(\.shouldRasterize, newValue, .rasterization) }
    }

    /// The scale at which a rasterized layer is rendered. Default 1.
    public var rasterizationScale: CGFloat {
        get { state.rasterizationScale }
        set { setGeometry(\.rasterizationScale, newValue, .rasterization, key: "rasterizationScale") }
    }
}

extension CGFloat {
    /// A negative finite value becomes 0; NaN and infinities pass unchanged, for `setGeometry`
    /// to refuse (`max(0, .nan)` would silently give 0).
    fileprivate var negativeAsZero: CGFloat { self < 0 && isFinite ? 0 : self }
}
