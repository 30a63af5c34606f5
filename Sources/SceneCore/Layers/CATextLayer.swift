import Foundation

/// How `CATextLayer` truncates text that does not fit its bounds.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// No truncation: a line too wide is cut off at the bounds.
    public static let none = Self(rawValue: "none")
    /// An ellipsis at the start of the line.
    public static let start = Self(rawValue: "start")
    /// An ellipsis at the end of the line.
    public static let end = Self(rawValue: "end")
    /// An ellipsis in the middle of the line.
    public static let middle = Self(rawValue: "middle")
}

/// How `CATextLayer` aligns lines within its bounds.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Aligned to the start of the line for the text's direction (left for left-to-right text).
    public static let natural = Self(rawValue: "natural")
    /// Lines aligned to the layer's left edge.
    public static let left = Self(rawValue: "left")
    /// Lines aligned to the layer's right edge.
    public static let right = Self(rawValue: "right")
    /// Lines centred between the edges.
    public static let center = Self(rawValue: "center")
    /// Both edges aligned, except the last line of a paragraph.
    public static let justified = Self(rawValue: "justified")
}

/// A layer that draws a plain or attributed string, as Core Animation's `CATextLayer`, laid
/// out and drawn by Pango.
///
/// The text starts at the top left of the bounds. The layer commits what it shows (the text,
/// its fonts and colour, the box, wrapping, truncation and alignment) for `contentsScale`
/// pixels per point (set `contentsScale` to the screen's scale for crisp text). Pango shapes it
/// on the render side the first time a frame draws the layer, so that a commit adding many
/// text layers does not wait for their shaping and a text layer that never shows is never
/// shaped; new text for a layer a frame has drawn is shaped at the commit, on the app thread. The render side rasterises
/// each glyph once into a glyph atlas that all text layers share, and draws the text as glyph
/// quads batched with everything else, where the layer's contents would be, cut off at the
/// bounds: the same pixels a backing store of `bounds` x `contentsScale` would show. The text is
/// shaped again when a text property, the layer's size or its `contentsScale` changes, and
/// only then: moving the layer or changing its opacity reuses the glyphs.
///
/// A subclass (which may override `draw(in:)`), a layer with a delegate, and text in a font
/// of more than `largestAtlasFontPixels` pixels draw into a backing store instead, as
/// `CALayer.display()` does (at a lower scale where that store would be over the backing-store
/// budget).
///
/// `fontSize` and `foregroundColor` are animatable, implicitly (setting either on a committed
/// layer) and explicitly. The render side animates `foregroundColor` of text drawn from the
/// atlas, so it keeps changing while the app thread is busy. A `fontSize` animation, and a
/// `foregroundColor` animation of text in a backing store, reshape or redraw the text on the
/// app thread once per frame with the animated values.
open class CATextLayer: CALayer {
    override class var kind: LayerKind { .text }

    /// The text: a `String` or an `NSAttributedString`. Default nil (nothing drawn).
    ///
    /// An attributed string is drawn with its own attributes, and `font`, `fontSize` and
    /// `foregroundColor` do not apply to it. Its `.font` attribute is a `CTFont` or a `TextFont`
    /// (drawn at its own size) or a font name `String` (at 12 points), its `.foregroundColor` a
    /// `CGColor`; runs without them are drawn as Core Text draws them, in Helvetica 12 in black.
    open var string: Any? {
        get { textValue(\.string) }
        set {
            setTextValue(\.string, newValue, key: "string") { old in
                if !Self.sameText(old, newValue) { setNeedsDisplay() }
            }
        }
    }

    /// The font: a font name `String` ("DejaVu Sans Bold"), a `CGFont`, a `CTFont` or a
    /// `TextFont`, found by fontconfig through Pango. The layer's `fontSize` is the size drawn:
    /// a `CTFont`'s or `TextFont`'s own size is ignored, as Core Animation ignores a `CTFont`'s.
    /// Default "Helvetica", which fontconfig maps to its Helvetica substitute or the default
    /// sans-serif font. A `CGFont` or `CTFont` is drawn exactly as the name it was created with.
    /// Another value is refused with a logged error, keeping the font.
    open var font: Any? {
        get { textValue(\.font) }
        set {
            guard newValue == nil || Self.fontName(newValue) != nil else {
                Diagnostics.error(
                    "CATextLayer.font of \(self): refused \(String(describing: newValue)); use a font name String, a CGFont, a CTFont or a TextFont"
                )
                return
            }
            setTextValue(\.font, newValue, key: "font") { old in
                if Self.fontName(old) != Self.fontName(newValue) { setNeedsDisplay() }
            }
        }
    }

    /// The font size in points. Default 36. Animatable.
    ///
    /// A NaN, infinite or negative size is refused with a logged error and the old size kept, as
    /// the other numeric setters refuse values they cannot draw (SceneCore's choice: Core
    /// Animation documents no behaviour for them). Zero is kept and draws no text.
    open var fontSize: CGFloat {
        get { textValue(\.fontSize) }
        set {
            guard newValue.isFinite, newValue >= 0 else {
                Diagnostics.error(
                    "CATextLayer.fontSize of \(self): refused \(newValue); it must be finite and not negative, keeping \(fontSize)"
                )
                return
            }
            setTextValue(\.fontSize, newValue, key: "fontSize") { old in
                if newValue != old { animatableTextPropertyChanged("fontSize", from: old) }
            }
        }
    }

    /// The colour of the text of a plain string. Default opaque white; nil draws no text.
    /// Animatable; the render side draws its animated values.
    open var foregroundColor: CGColor? {
        get { LayerLock.withLock { state.foregroundColor } }
        set { setState(\.foregroundColor, newValue, .foregroundColor) }
    }

    private static let registration: Void = { CATextLayer.registerAnimatableProperty("fontSize") }()

    /// Redraws the text while `fontSize` animates, and `foregroundColor` too when the text is
    /// drawn into a backing store.
    override var contentRedraw: AnimatedRedraw? {
        LayerLock.withLock {
            redraw.keys = glyphScale(fontSize: fontSize) == nil ? ["fontSize", "foregroundColor"] : ["fontSize"]
            return redraw
        }
    }
    private let redraw = AnimatedRedraw(keys: ["fontSize"])
    /// While drawing: the animated values of `fontSize` and `foregroundColor` to draw with.
    private var drawingValues: [String: Any] = [:]
    /// The text properties' values, read and written under `LayerLock`.
    private var text = TextLayerValues()

    private func textValue<Value>(_ keyPath: KeyPath<TextLayerValues, Value>) -> Value {
        LayerLock.withLock { text[keyPath: keyPath] }
    }

    /// Stores a text property under `LayerLock`, notes `key` as set, then, still holding the
    /// lock, hands the old value to `didStore` (which redraws, or runs the property's action).
    private func setTextValue<Value>(
        _ keyPath: WritableKeyPath<TextLayerValues, Value>, _ value: Value, key: String,
        didStore: (_ old: Value) -> Void
    ) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        let old = text[keyPath: keyPath]
        text[keyPath: keyPath] = value
        setKeys.insert(key)
        didStore(old)
    }

    /// Stores a property that only redraws: redraws when the value changed.
    private func setTextValue<Value: Equatable>(
        _ keyPath: WritableKeyPath<TextLayerValues, Value>, _ value: Value, key: String
    ) {
        setTextValue(keyPath, value, key: key) { old in
            if value != old { setNeedsDisplay() }
        }
    }

    /// Redraws, and on a committed layer runs the property's action (by default an implicit
    /// animation from the value shown before the change).
    private func animatableTextPropertyChanged(_ key: String, from old: Any?) {
        setNeedsDisplay()
        guard committedState != nil else { return }
        replacedCustomValue = (key, redraw.values(for: self)[key] ?? old)
        defer { replacedCustomValue = nil }
        propertyDidChange(key)
    }

    /// Commits the text for the render side to shape and draw from its glyph atlas, or draws it
    /// into a backing store (see
    /// the class's description), with the values the `fontSize` animation (and for a backing
    /// store the `foregroundColor` animation) gives now, and keeps doing so every frame while
    /// they run.
    open override func display() {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        drawingValues = contentRedraw?.values(for: self) ?? [:]
        defer { drawingValues = [:] }
        if let scale = glyphScale(fontSize: shownFontSize) {
            setDisplayedContents(nil)
            let drawing = textDrawing().flatMap { $0.content.text.isEmpty ? nil : $0 }
            setGlyphs(drawing.map { ShapedText($0, scale: scale, attributed: string is NSAttributedString) })
            dirtyRect = nil
        } else {
            setGlyphs(nil)
            super.display()
        }
    }

    /// Contents assigned to a text layer replace its text, as in Core Animation, until the text
    /// is displayed again (a change of `string` or another text property, or `setNeedsDisplay()`).
    open override var contents: Any? {
        get { super.contents }
        set {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            super.contents = newValue
            if newValue != nil { setGlyphs(nil) }
        }
    }

    /// The largest font size, in pixels (points times `contentsScale`), drawn from the glyph atlas.
    public static let largestAtlasFontPixels: CGFloat = 256

    /// The pixels per point the text's glyphs are shaped and drawn at (`contentsScale`, 1 when
    /// that is not a positive number), for text in `fontSize` drawn from the glyph atlas; nil
    /// when the text is drawn into a backing store instead.
    private func glyphScale(fontSize: CGFloat) -> CGFloat? {
        guard type(of: self) == CATextLayer.self, delegate == nil else { return nil }
        let scale = state.contentsScale.isFinite && state.contentsScale > 0 ? state.contentsScale : 1
        // A scale past the largest font's pixels (font size 0 at contentsScale 1e300) draws
        // into a backing store, which has a budget of its own.
        guard scale <= Self.largestAtlasFontPixels else { return nil }
        let sizes =
            string is NSAttributedString
            ? TextContent(string).runs.compactMap(\.font?.size) + [TextContent.defaultAttributedFont.size]
            : [fontSize]
        return sizes.allSatisfy { $0 * scale <= Self.largestAtlasFontPixels } ? scale : nil
    }

    private func setGlyphs(_ text: ShapedText?) {
        guard state.glyphs != text else { return }
        // New text for a layer a frame has drawn is likely to show at once: it is shaped here,
        // as Core Animation draws a text layer at the commit, so that the render thread does not
        // shape it as it draws. Text no frame has drawn yet (a new layer, a culled one) is left to
        // the frame that first draws it.
        if let text, state.glyphs?.isShaped == true { _ = text.runs }
        state.glyphs = text
        recordChange(.glyphs)
    }

    /// The size and colour to draw with now.
    private var shownFontSize: CGFloat { (drawingValues["fontSize"] as? CGFloat) ?? fontSize }
    private var shownForegroundColor: CGColor? {
        drawingValues.keys.contains("foregroundColor") ? drawingValues["foregroundColor"] as? CGColor : foregroundColor
    }

    /// Whether lines wrap at word boundaries to the bounds' width. Default false: each
    /// paragraph is one line, cut off or truncated at the bounds.
    open var isWrapped: Bool {
        get { textValue(\.isWrapped) }
        set { setTextValue(\.isWrapped, newValue, key: "wrapped") }
    }

    /// How text that does not fit is truncated with an ellipsis ("…"). Default `.none`.
    /// Unwrapped, each paragraph is truncated to the bounds' width; wrapped, the last line
    /// that fits in the bounds' height ends in the ellipsis.
    open var truncationMode: CATextLayerTruncationMode {
        get { textValue(\.truncationMode) }
        set { setTextValue(\.truncationMode, newValue, key: "truncationMode") }
    }

    /// How lines are aligned within the bounds. Default `.natural`.
    open var alignmentMode: CATextLayerAlignmentMode {
        get { textValue(\.alignmentMode) }
        set { setTextValue(\.alignmentMode, newValue, key: "alignmentMode") }
    }

    /// Whether glyph positions may be rounded to whole pixels. Default false: glyphs sit at
    /// their exact (subpixel) positions.
    open var allowsFontSubpixelQuantization: Bool {
        get { textValue(\.allowsFontSubpixelQuantization) }
        set { setTextValue(\.allowsFontSubpixelQuantization, newValue, key: "allowsFontSubpixelQuantization") }
    }

    /// Gradient and text layers redraw when their bounds change size.
    override class var displaysOnBoundsChangeByDefault: Bool { true }

    /// A text layer with Core Animation's defaults; it redraws when its bounds' size changes.
    public override init() {
        _ = CATextLayer.registration
        super.init()
    }

    /// A shadow copy of `layer` (used for presentation layers), with its text properties.
    /// Unarchives a layer archived by `encode(with:)`, with its text properties.
    public required init?(coder: NSCoder) {
        _ = CATextLayer.registration
        super.init(coder: coder)
    }

    public override init(layer: Any) {
        if let other = layer as? CATextLayer { text = LayerLock.withLock { other.text } }
        super.init(layer: layer)
    }

    /// True for the text properties and `contentsScale`, whose changes redraw the text.
    open override class func needsDisplay(forKey key: String) -> Bool {
        textKeys.contains(key) || key == "contentsScale" || super.needsDisplay(forKey: key)
    }

    /// The text properties by key (`wrapped` is Apple's key for `isWrapped`), then `CALayer`'s.
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "string": string
        case "font": font
        case "fontSize": ValueConversion.object(fontSize)
        case "foregroundColor": foregroundColor
        case "wrapped", "isWrapped": ValueConversion.object(isWrapped)
        case "truncationMode": truncationMode.rawValue
        case "alignmentMode": alignmentMode.rawValue
        case "allowsFontSubpixelQuantization": ValueConversion.object(allowsFontSubpixelQuantization)
        default: super.value(forKey: key)
        }
    }

    /// As for layers, with `isWrapped` answered as its key-value coding name `wrapped`.
    open override func shouldArchiveValue(forKey key: String) -> Bool {
        super.shouldArchiveValue(forKey: key == "isWrapped" ? "wrapped" : key)
    }

    /// Sets a text property by key; a value of the wrong type is refused with a logged error.
    open override func setValue(_ value: Any?, forKey key: String) {
        guard Self.textKeys.contains(key) else { return super.setValue(value, forKey: key) }
        switch (key, value) {
        case ("string", nil), ("string", is String), ("string", is NSAttributedString): string = value
        case ("font", _): font = value
        case ("fontSize", let size as NSNumber): fontSize = CGFloat(size.doubleValue)
        case ("fontSize", let size as CGFloat): fontSize = size
        case ("foregroundColor", nil): foregroundColor = nil
        case ("foregroundColor", let color as CGColor): foregroundColor = color
        case ("wrapped", let flag as Bool), ("isWrapped", let flag as Bool): isWrapped = flag
        case ("truncationMode", let mode as String): truncationMode = CATextLayerTruncationMode(rawValue: mode)
        case ("truncationMode", let mode as CATextLayerTruncationMode): truncationMode = mode
        case ("alignmentMode", let mode as String): alignmentMode = CATextLayerAlignmentMode(rawValue: mode)
        case ("alignmentMode", let mode as CATextLayerAlignmentMode): alignmentMode = mode
        case ("allowsFontSubpixelQuantization", let flag as Bool): allowsFontSubpixelQuantization = flag
        default:
            Diagnostics.error(
                "CATextLayer.setValue(_:forKey:) on \(self): refused \(String(describing: value)) for \(key)")
        }
    }

    /// Draws the text with Pango: from the top left of the bounds, wrapped, truncated and
    /// aligned as the properties say.
    open override func draw(in ctx: CGContext) {
        textDrawing()?.draw(in: ctx)
    }

    /// The text to draw in the bounds, with the values shown now; nil when no colour draws it.
    /// Attributed runs without a colour of their own are black, as Core Text draws them.
    private func textDrawing() -> TextDrawing? {
        let attributed = string is NSAttributedString
        guard let color = attributed ? RGBA(r: 0, g: 0, b: 0, a: 1) : shownForegroundColor?.value else {
            return nil
        }
        let truncation: TextLayout.Truncation? =
            switch truncationMode {
            case .start: .start
            case .middle: .middle
            case .end: .end
            default: nil
            }
        let alignment: TextDrawing.Alignment =
            switch alignmentMode {
            case .natural: .natural
            case .right: .right
            case .center: .center
            case .justified: .justified
            default: .left
            }
        let shownFont =
            attributed
            ? TextContent.defaultAttributedFont
            : TextFont(name: Self.fontName(font) ?? "Helvetica", size: shownFontSize)
        return TextDrawing(
            content: TextContent(string), font: shownFont, color: color, box: bounds, wraps: isWrapped,
            truncation: truncation, alignment: alignment, roundsGlyphPositions: allowsFontSubpixelQuantization)
    }

    // MARK: - Internals

    private static let textKeys: Set<String> = [
        "string", "font", "fontSize", "foregroundColor", "wrapped", "isWrapped", "truncationMode", "alignmentMode",
        "allowsFontSubpixelQuantization",
    ]

    /// The name a `font` value is drawn by (Helvetica for nil); nil for a value that is not a font.
    private static func fontName(_ font: Any?) -> String? {
        switch font {
        case nil: "Helvetica"
        case let name as String: name
        case let font as CGFont: font.name
        case let font as CTFont: font.name
        case let font as TextFont: font.name
        default: nil
        }
    }

    private static func sameText(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (a as String, b as String): a == b
        case let (a as NSAttributedString, b as NSAttributedString): a.isEqual(to: b)
        default: false
        }
    }
}

/// The values of a `CATextLayer`'s text properties, with Core Animation's defaults.
private struct TextLayerValues {
    var string: Any?
    var font: Any? = "Helvetica"
    var fontSize: CGFloat = 36
    var isWrapped = false
    var truncationMode: CATextLayerTruncationMode = .none
    var alignmentMode: CATextLayerAlignmentMode = .natural
    var allowsFontSubpixelQuantization = false
}
