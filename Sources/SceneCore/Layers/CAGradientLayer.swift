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
/// The gradient is drawn over the background colour and beneath the contents, clipped to the
/// layer's rounded shape (`cornerRadius` and `maskedCorners`) whether or not `masksToBounds` is
/// set. An image assigned to `contents` shows over the gradient, placed by `contentsGravity`,
/// `contentsRect`, `contentsScale` and `contentsCenter` as on any layer, and a subclass's or
/// delegate's `draw(in:)` drawing goes over both. The render thread composites bitmaps and never
/// draws, so the layer draws all three into one backing store the size of its bounds, which is
/// what it shows there whatever the contents properties; `contents` returns what was assigned
/// (nil by default, as in Core Animation), never that backing store. An image beyond the bounds
/// is cut off at them, and animations of the contents properties show their final placement.
///
/// Points are in the unit coordinate space of the bounds ((0, 0) the top-left corner, (1, 1)
/// the bottom-right). Outside the range of the stops the end colours continue. Colours are
/// interpolated as straight (not premultiplied) components, as Core Graphics gradients are.
///
/// `startPoint` and `endPoint` are animatable (implicitly and explicitly), redrawn on the app
/// thread once per frame while they animate, as `CAShapeLayer` does; `colors`, `locations`
/// and `type` change without animating.
open class CAGradientLayer: CALayer {
    static let animatableKeys: Set<String> = ["startPoint", "endPoint"]
    static let drawingKeys = animatableKeys.union(["colors", "locations", "type", "cornerRadius", "maskedCorners"])
    /// The layer properties that place the assigned contents image in the backing store.
    static let contentsKeys: Set<String> = [
        "contentsGravity", "contentsRect", "contentsCenter", "contentsScale", "minificationFilter",
        "magnificationFilter",
    ]
    private static let registration: Void = {
        for key in animatableKeys { CAGradientLayer.registerAnimatableProperty(key) }
    }()

    override var contentRedraw: AnimatedRedraw? { redraw }
    private let redraw = AnimatedRedraw(keys: CAGradientLayer.animatableKeys)

    /// Gradient and text layers redraw when their bounds change size.
    override class var displaysOnBoundsChangeByDefault: Bool { true }

    /// A gradient layer with no colours; it redraws when its bounds change size.
    public override init() {
        _ = CAGradientLayer.registration
        super.init()
    }

    /// A copy of `layer`'s gradient properties (for presentation copies).
    /// Unarchives a layer archived by `encode(with:)`, with its gradient properties.
    public required init?(coder: NSCoder) {
        _ = CAGradientLayer.registration
        super.init(coder: coder)
    }

    public required init(layer: Any) {
        _ = CAGradientLayer.registration
        super.init(layer: layer)
        if let gradient = layer as? CAGradientLayer { keyedValues = gradient.keyedValues }
    }

    /// The colours (`CGColor`s) of the stops, in order. With fewer than two colours (nil,
    /// empty or one) nothing is drawn, as in Core Animation. Default nil.
    open var colors: [Any]? {
        get { value(forKey: "colors") as? [Any] }
        set { setValue(newValue, forKey: "colors") }
    }

    /// Where each colour stop lies, 0...1 along the gradient, increasing; nil spreads the
    /// stops evenly. When the list's count differs from the colours' nothing is drawn, as in
    /// Core Animation, with a logged warning. Default nil.
    open var locations: [NSNumber]? {
        get { value(forKey: "locations") as? [NSNumber] }
        set { setValue(newValue, forKey: "locations") }
    }

    /// Where the gradient starts, in the unit space of the bounds. Default (0.5, 0). Animatable.
    open var startPoint: CGPoint {
        get { (value(forKey: "startPoint") as? CGPoint) ?? CGPoint(x: 0.5, y: 0) }
        set { setValue(newValue, forKey: "startPoint") }
    }

    /// Where the gradient ends, in the unit space of the bounds. Default (0.5, 1). Animatable.
    open var endPoint: CGPoint {
        get { (value(forKey: "endPoint") as? CGPoint) ?? CGPoint(x: 0.5, y: 1) }
        set { setValue(newValue, forKey: "endPoint") }
    }

    /// The kind of gradient. Default `.axial`.
    open var type: CAGradientLayerType {
        get {
            let value = value(forKey: "type")
            return (value as? CAGradientLayerType) ?? (value as? String).map(CAGradientLayerType.init(rawValue:))
                ?? .axial
        }
        set { setValue(newValue, forKey: "type") }
    }

    /// Core Animation's gradient defaults: `startPoint` (0.5, 0), `endPoint` (0.5, 1), `.axial`;
    /// the layer defaults for other keys.
    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "startPoint": CGPoint(x: 0.5, y: 0)
        case "endPoint": CGPoint(x: 0.5, y: 1)
        case "type": CAGradientLayerType.axial
        default: super.defaultValue(forKey: key)
        }
    }

    /// Stores the value and marks the layer for display when the gradient depends on the key.
    open override func setValue(_ value: Any?, forKey key: String) {
        super.setValue(value, forKey: key)
        if CAGradientLayer.drawingKeys.contains(key) { setNeedsDisplay() }
    }

    /// True for the gradient's keys, `cornerRadius` and `maskedCorners` (the gradient is clipped
    /// to the rounded shape), and the contents properties that place an assigned image.
    open override class func needsDisplay(forKey key: String) -> Bool {
        drawingKeys.contains(key) || contentsKeys.contains(key) || super.needsDisplay(forKey: key)
    }

    /// The assigned contents image is drawn into the backing store, over the gradient.
    override var drawsAssignedContents: Bool { true }
    /// Whether the backing store was drawn during the current `display()`.
    private var drewBackingStore = false

    /// Updates the backing store: the delegate's `display(_:)` when it implements it, otherwise
    /// the gradient, the contents image and `draw(in:)`. A delegate's `display(_:)` that does not
    /// draw the backing store (it sets `contents` itself) is followed by the default drawing, so
    /// that the gradient still shows beneath the image it set.
    open override func display() {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        drewBackingStore = false
        super.display()
        if !drewBackingStore { displayIntoBackingStore() }
    }

    /// Draws the gradient (with its animations' values now) clipped to the rounded bounds, then
    /// the assigned contents image placed as the renderer places contents.
    override func drawBeneathDrawing(in ctx: CGContext) {
        drewBackingStore = true
        drawGradient(in: ctx)
        guard let image = contents as? CGImage else { return }
        let contents = ContentsDrawing(
            image: image, pieces: ContentsLayout.pieces(for: state, image: image),
            minification: state.minificationFilter, magnification: state.magnificationFilter)
        contents.draw(in: ctx)
    }

    private func drawGradient(in ctx: CGContext) {
        let animated = redraw.values(for: self)
        let colors = gradientColors()
        let kind: GradientDrawing.Kind =
            switch type {
            case .radial: .radial
            case .conic: .conic
            default: .axial
            }
        let gradient = GradientDrawing(
            kind: kind, colors: colors, locations: gradientLocations(colorCount: colors.count),
            startPoint: (animated["startPoint"] as? CGPoint) ?? startPoint,
            endPoint: (animated["endPoint"] as? CGPoint) ?? endPoint,
            rect: state.bounds, cornerRadius: state.cornerRadius, maskedCorners: state.maskedCorners)
        gradient.draw(in: ctx)
    }

    /// The `colors` that are `CGColor`s, as straight RGBA; the others are skipped with a logged warning.
    private func gradientColors() -> [RGBA] {
        let colors = colors ?? []
        let rgba = colors.compactMap { ($0 as? CGColor)?.value }
        if rgba.count < colors.count {
            Diagnostics.warning(
                "CAGradientLayer.colors of \(self): \(colors.count - rgba.count) entries are not"
                    + " CGColor and are skipped")
        }
        return rgba
    }

    /// The `locations`, with a logged warning when there is not one for each of `colorCount`
    /// colours (the gradient then draws nothing).
    private func gradientLocations(colorCount: Int) -> [Double]? {
        guard let locations else { return nil }
        if locations.count != colorCount {
            Diagnostics.warning(
                "CAGradientLayer.locations of \(self): \(locations.count) locations for \(colorCount)"
                    + " colours; the gradient draws nothing")
        }
        return locations.map(\.doubleValue)
    }
}
