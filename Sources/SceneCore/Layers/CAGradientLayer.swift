import Foundation

/// The kind of gradient a `CAGradientLayer` draws.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Colours vary along the line from `startPoint` to `endPoint` and are constant across it
    /// (the default).
    public static let axial = Self(rawValue: "axial")
    /// Colours vary from `startPoint` (the centre) out to an ellipse whose radii are the
    /// horizontal and vertical distances to `endPoint`. Nothing is drawn when `startPoint` and
    /// `endPoint` share an x or a y (the default points share their x).
    public static let radial = Self(rawValue: "radial")
    /// Colours vary with the angle around `startPoint`, starting in the direction of `endPoint`
    /// and turning clockwise on screen.
    public static let conic = Self(rawValue: "conic")
}

/// A layer that fills its bounds with a colour gradient, as Core Animation's `CAGradientLayer`.
///
/// The render side draws the gradient, from the layer's committed values, over the background
/// colour and beneath the contents, clipped to the layer's rounded shape (`cornerRadius` and
/// `maskedCorners`) whether or not `masksToBounds` is set. The layer has no bitmap of its
/// gradient: `contents` (nil by default) is drawn over it as on any layer, and so is what
/// `draw(in:)` or a delegate draws.
///
/// Points are in the unit coordinate space of the bounds ((0, 0) the top-left corner, (1, 1)
/// the bottom-right). Outside the range of the stops the end colours continue. Colours are
/// interpolated as straight (not premultiplied) components, as Core Graphics gradients are.
/// Nothing is drawn with fewer than two colours, with `locations` whose count differs from the
/// colours', or for a radial gradient whose points share an x or a y.
///
/// `colors`, `locations`, `startPoint` and `endPoint` are animatable, implicitly and explicitly,
/// on the render side: an animation keeps running while the app thread is busy. Colour and
/// location lists of the same length blend entry by entry; lists of different lengths switch
/// half-way. `type` changes without animating.
open class CAGradientLayer: CALayer {
    override class var kind: LayerKind { .gradient }

    /// A gradient layer with no colours.
    public override init() {
        super.init()
    }

    /// Unarchives a layer archived by `encode(with:)`, with its gradient properties.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A shadow copy of `layer`, as Core Animation makes for presentation layers.
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// The colours (`CGColor`s) of the stops, in order; the objects set are the objects returned.
    /// Entries that are not `CGColor`s are dropped with a logged warning. With fewer than two
    /// colours (nil, empty or one) nothing is drawn, as in Core Animation. Default nil. Animatable.
    open var colors: [Any]? {
        get { LayerLock.withLock { state.gradientColors.colors } }
        set {
            let colors = newValue?.compactMap { $0 as? CGColor }
            if let newValue, let colors, colors.count < newValue.count {
                Diagnostics.warning(
                    "CAGradientLayer.colors of \(self): \(newValue.count - colors.count) entries are not"
                        + " CGColor and are dropped")
            }
            setState(\.gradientColors, GradientColorList(colors), .gradientColors)
        }
    }

    /// Where each colour stop lies, 0...1 along the gradient, increasing; nil spreads the stops
    /// evenly. Values outside 0...1 are drawn clamped to it. When the list's count differs from
    /// the colours' nothing is drawn, as in Core Animation. Default nil. Animatable.
    open var locations: [NSNumber]? {
        get { LayerLock.withLock { state.gradientLocations.values?.map { NSNumber(value: $0) } } }
        set { setState(\.gradientLocations, NumberList(newValue?.map(\.doubleValue)), .gradientLocations) }
    }

    /// Where the gradient starts, in the unit space of the bounds. Default (0.5, 0). Animatable.
    open var startPoint: CGPoint {
        get { LayerLock.withLock { state.startPoint } }
        set { setState(\.startPoint, newValue, .startPoint) }
    }

    /// Where the gradient ends, in the unit space of the bounds. Default (0.5, 1). Animatable.
    open var endPoint: CGPoint {
        get { LayerLock.withLock { state.endPoint } }
        set { setState(\.endPoint, newValue, .endPoint) }
    }

    /// The kind of gradient. Default `.axial`.
    open var type: CAGradientLayerType {
        get { LayerLock.withLock { state.gradientType } }
        set { setState(\.gradientType, newValue, .gradientType) }
    }
}
