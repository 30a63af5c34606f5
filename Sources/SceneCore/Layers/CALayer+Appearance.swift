import Foundation

extension CALayer {
    /// Whether the layer and its sublayers are hidden (not drawn, not hit). Animatable.
    public var isHidden: Bool {
        get { LayerLock.withLock { state.isHidden } }
        set { setState(\.isHidden, newValue, .isHidden) }
    }

    /// Whether the back of the layer is drawn when it faces away from the viewer. Default true.
    public var isDoubleSided: Bool {
        get { LayerLock.withLock { state.isDoubleSided } }
        set { setState(\.isDoubleSided, newValue, .isDoubleSided) }
    }

    /// Whether sublayers and contents are clipped to the bounds, rounded by `cornerRadius`. Animatable.
    public var masksToBounds: Bool {
        get { LayerLock.withLock { state.masksToBounds } }
        set { setState(\.masksToBounds, newValue, .masksToBounds) }
    }

    /// The layer's opacity in [0, 1]; with `allowsGroupOpacity` the layer and its sublayers
    /// are composited as one group. Animatable.
    public var opacity: Float {
        get { LayerLock.withLock { state.opacity } }
        set { setState(\.opacity, newValue, .opacity) }
    }

    /// Whether opacity applies to the layer and its sublayers as one group. Default true.
    public var allowsGroupOpacity: Bool {
        get { LayerLock.withLock { state.allowsGroupOpacity } }
        set { setState(\.allowsGroupOpacity, newValue, .allowsGroupOpacity) }
    }

    /// Whether the edges named by `edgeAntialiasingMask` are anti-aliased. Default false: the
    /// straight edges of a layer turned off the pixel grid are hard (a pixel is covered when its
    /// centre is inside), except a rounded layer's, which is smooth all round.
    public var allowsEdgeAntialiasing: Bool {
        get { LayerLock.withLock { state.allowsEdgeAntialiasing } }
        set { setState(\.allowsEdgeAntialiasing, newValue, .allowsEdgeAntialiasing) }
    }

    /// Which straight edges of the bounds are anti-aliased when `allowsEdgeAntialiasing` is true:
    /// the others are hard. Applies to the background, border, contents, the `masksToBounds`
    /// clip and a rasterized layer's bitmap; rounded corners stay anti-aliased. Tiles that abut
    /// leave their shared edges out so that no seam shows between them. Default all four.
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { LayerLock.withLock { state.edgeAntialiasingMask } }
        set { setState(\.edgeAntialiasingMask, newValue, .edgeAntialiasingMask) }
    }

    /// The fill behind contents and sublayers, rounded by `cornerRadius`. Default nil. Animatable.
    public var backgroundColor: CGColor? {
        get { LayerLock.withLock { state.backgroundColor } }
        set { setState(\.backgroundColor, newValue, .backgroundColor) }
    }

    /// The radius of the rounded corners of the background and border (and of the clip when
    /// `masksToBounds` is set). Negative values become 0. Animatable.
    public var cornerRadius: CGFloat {
        get { LayerLock.withLock { state.cornerRadius } }
        set { setState(\.cornerRadius, newValue.negativeAsZero, .cornerRadius) }
    }

    /// Which corners `cornerRadius` rounds. Default all four; bits other than the four corners
    /// are dropped, as Core Animation does.
    public var maskedCorners: CACornerMask {
        get { LayerLock.withLock { state.maskedCorners } }
        set { setState(\.maskedCorners, newValue.intersection(.all), .maskedCorners) }
    }

    /// The curve of the rounded corners. A name Core Animation does not define reads back as
    /// `.circular`. Stored; drawn as circular arcs.
    public var cornerCurve: CALayerCornerCurve {
        get { LayerLock.withLock { state.cornerCurve } }
        set { setState(\.cornerCurve, newValue == .continuous ? .continuous : .circular, .cornerCurve) }
    }

    /// The border's width, inset from the bounds and drawn above contents and sublayers.
    /// Negative values become 0. Animatable.
    public var borderWidth: CGFloat {
        get { LayerLock.withLock { state.borderWidth } }
        set { setState(\.borderWidth, newValue.negativeAsZero, .borderWidth) }
    }

    /// The border's colour. Default opaque black. Animatable.
    public var borderColor: CGColor? {
        get { LayerLock.withLock { state.borderColor } }
        set { setState(\.borderColor, newValue, .borderColor) }
    }

    /// The shadow's colour. Default opaque black. Animatable.
    public var shadowColor: CGColor? {
        get { LayerLock.withLock { state.shadowColor } }
        set { setState(\.shadowColor, newValue, .shadowColor) }
    }

    /// The shadow's opacity. Default 0 (no shadow). Animatable.
    public var shadowOpacity: Float {
        get { LayerLock.withLock { state.shadowOpacity } }
        set { setState(\.shadowOpacity, newValue, .shadowOpacity) }
    }

    /// The shadow's offset. Default (0, -3). Animatable.
    public var shadowOffset: CGSize {
        get { LayerLock.withLock { state.shadowOffset } }
        set { setState(\.shadowOffset, newValue, .shadowOffset) }
    }

    /// The shadow's blur radius. Default 3. Animatable.
    public var shadowRadius: CGFloat {
        get { LayerLock.withLock { state.shadowRadius } }
        set { setState(\.shadowRadius, newValue, .shadowRadius) }
    }

    /// The shape of the shadow, in the layer's coordinates, in place of the shape of the layer's
    /// content; an immutable copy of the path set. Default nil. Animatable: paths with the same
    /// elements (the same number, each of the same kind) blend point by point; for other pairs,
    /// which Core Animation leaves undefined, and between a path and nil, the from-path shows
    /// until half-way and the to-path from half-way. `byValue` and additive or cumulative
    /// animations do not add paths.
    public var shadowPath: CGPath? {
        get { LayerLock.withLock { state.shadowPath } }
        set { setState(\.shadowPath, newValue?.copy(), .shadowPath) }
    }

    /// Whether the layer is rendered as a bitmap before compositing. Default false.
    public var shouldRasterize: Bool {
        get { LayerLock.withLock { state.shouldRasterize } }
        set { setState(\.shouldRasterize, newValue, .shouldRasterize) }
    }

    /// The scale at which a rasterized layer is rendered. Default 1.
    public var rasterizationScale: CGFloat {
        get { LayerLock.withLock { state.rasterizationScale } }
        set { setState(\.rasterizationScale, newValue, .rasterizationScale) }
    }
}

extension CGFloat {
    /// A negative finite value becomes 0; NaN and infinities pass unchanged, for `setState`
    /// to refuse (`max(0, .nan)` would silently give 0).
    fileprivate var negativeAsZero: CGFloat { self < 0 && isFinite ? 0 : self }
}
