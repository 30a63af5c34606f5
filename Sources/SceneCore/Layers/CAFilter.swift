import Foundation

/// A filter for a layer's `filters`, `backgroundFilters` or `compositingFilter`: a type, a name
/// by which key paths find it, whether it is enabled, and its inputs.
///
/// Core Animation's own filter class (`CAFilter`, private on Apple's platforms) has this shape:
/// `init(type:)`, `name`, `isEnabled`, and inputs set with `setValue(_:forKey:)` under Core
/// Image's names (`"inputRadius"`, `"inputAmount"`, `"inputColorMatrix"`). The layer keeps a
/// copy of the filters it is given, taken when the property is set: change a filter's inputs
/// afterwards by setting the property again, by key path on the layer
/// (`layer.setValue(8, forKeyPath: "filters.blur.inputRadius")`), or with an animation of that
/// key path. A plain string in a filter list stands for a filter of that type with its default
/// inputs, named after the type.
///
/// The types SceneCore draws (`FilterType`):
///
/// | type (and accepted aliases) | inputs | effect |
/// | --- | --- | --- |
/// | `gaussianBlur` (`CIGaussianBlur`) | `inputRadius` (10) | a Gaussian blur whose standard deviation is the radius, in pixels (at most a quarter of the target's larger side) |
/// | `colorMatrix` | `inputColorMatrix` (`CAColorMatrix`, identity) | colour = matrix × (r, g, b, a, 1) |
/// | `colorSaturate` (`saturation`) | `inputAmount` (1) | 0 grey, 1 unchanged, above 1 more saturated |
/// | `colorBrightness` (`brightness`) | `inputAmount` (0) | adds the amount to red, green and blue |
///
/// Colour filters work on unpremultiplied colour, clamped to 0...1 after the last of a run of
/// consecutive colour filters (a run is applied as one matrix); pixels where the layer and its
/// sublayers draw nothing stay transparent. In `compositingFilter`, the blend
/// modes `multiplyBlendMode`, `screenBlendMode`, `overlayBlendMode`, `darkenBlendMode`,
/// `lightenBlendMode`, `differenceBlendMode`, `plusL` (plus-lighter) and `sourceOver` (also
/// under Core Image's names, `CIMultiplyBlendMode`, ..., `CIAdditionCompositing`,
/// `CISourceOverCompositing`) composite the layer onto what lies behind it with the W3C
/// compositing formulas. An unknown type, an input a type does not have, or a non-finite input
/// is ignored with one logged message; a disabled filter is skipped.
open class CAFilter: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The name of a filter type.
    public struct FilterType: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { rawValue = value }

        /// A Gaussian blur; input `inputRadius` (its standard deviation in pixels, default 10).
        public static let gaussianBlur = FilterType(rawValue: "gaussianBlur")
        /// A 4x5 colour matrix; input `inputColorMatrix` (a `CAColorMatrix`, default identity).
        public static let colorMatrix = FilterType(rawValue: "colorMatrix")
        /// Saturation; input `inputAmount` (default 1, unchanged).
        public static let colorSaturate = FilterType(rawValue: "colorSaturate")
        /// Brightness; input `inputAmount` (default 0, unchanged).
        public static let colorBrightness = FilterType(rawValue: "colorBrightness")
        /// Compositing: source times backdrop.
        public static let multiplyBlendMode = FilterType(rawValue: "multiplyBlendMode")
        /// Compositing: source + backdrop − source × backdrop.
        public static let screenBlendMode = FilterType(rawValue: "screenBlendMode")
        /// Compositing: multiply or screen, by the backdrop.
        public static let overlayBlendMode = FilterType(rawValue: "overlayBlendMode")
        /// Compositing: the darker of source and backdrop.
        public static let darkenBlendMode = FilterType(rawValue: "darkenBlendMode")
        /// Compositing: the lighter of source and backdrop.
        public static let lightenBlendMode = FilterType(rawValue: "lightenBlendMode")
        /// Compositing: the absolute difference of source and backdrop.
        public static let differenceBlendMode = FilterType(rawValue: "differenceBlendMode")
        /// Compositing: plus-lighter, source + backdrop clamped to 1.
        public static let plusL = FilterType(rawValue: "plusL")
        /// Compositing: source over backdrop (what a layer without a compositing filter does).
        public static let sourceOver = FilterType(rawValue: "sourceOver")
    }

    /// The filter's type.
    public let type: FilterType
    /// The name key paths use (`"filters.<name>.inputRadius"`); the type's name unless set.
    open var name: String
    /// Whether the filter is applied. Default true.
    open var isEnabled = true
    /// The inputs set, by key.
    private var inputs: [String: Any] = [:]

    /// Creates a filter of `type`, named after it, with its default inputs.
    public init(type: FilterType) {
        self.type = type
        name = type.rawValue
    }

    /// Creates a filter of the type named `type`.
    public convenience init(type: String) {
        self.init(type: FilterType(rawValue: type))
    }

    /// Sets an input (`"inputRadius"`, `"inputAmount"`, `"inputColorMatrix"`), or `"name"` or
    /// `"enabled"`. Inputs are checked when the filter is given to a layer.
    open func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "name": if let text = value as? String { name = text }
        case "enabled", "isEnabled": if let flag = ValueConversion.bool(value) { isEnabled = flag }
        default: inputs[key] = value
        }
    }

    /// The input (or `"name"`, `"enabled"`, `"type"`) under `key`; nil for an input not set.
    open func value(forKey key: String) -> Any? {
        switch key {
        case "name": name
        case "enabled", "isEnabled": isEnabled
        case "type": type.rawValue
        default: inputs[key]
        }
    }

    /// The inputs set, by key.
    var inputValues: [String: Any] { inputs }

    /// A copy with the same type, name, state and inputs.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = CAFilter(type: type)
        copy.name = name
        copy.isEnabled = isEnabled
        copy.inputs = inputs
        return copy
    }

    /// True: filters are unarchived with `NSKeyedUnarchiver`'s secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the type, name, state and the inputs that can be archived (a colour matrix as
    /// its twenty entries).
    open func encode(with coder: NSCoder) {
        coder.encode(type.rawValue, forKey: "type")
        coder.encode(name, forKey: "name")
        coder.encode(isEnabled, forKey: "enabled")
        for (key, value) in inputs {
            let archivable = (value as? CAColorMatrix).map { $0.entries as Any } ?? value
            if let archived = ArchivedValue(archivable, context: "CAFilter.\(key)") {
                coder.encode(archived, forKey: "input." + key)
            }
        }
        coder.encode(Array(inputs.keys).sorted(), forKey: "inputKeys")
    }

    /// Unarchives a filter; nil when its type is missing (where the coder's failure policy lets
    /// a decode fail; otherwise a filter of no type, which draws nothing).
    public required convenience init?(coder: NSCoder) {
        let type = coder.decodeString(forKey: "type")
        if type == nil {
            coder.refuseDecoding("CAFilter: the type is missing")
            if coder.failsDecoding { return nil }
        }
        self.init(type: type ?? "")
        if let name = coder.decodeString(forKey: "name") { self.name = name }
        if coder.containsValue(forKey: "enabled") { isEnabled = coder.decodeBool(forKey: "enabled") }
        let keys = coder.decodeCheckedObject(of: [NSArray.self, NSString.self], forKey: "inputKeys") as? [Any] ?? []
        for case let key as String in keys {
            guard let value = coder.decodeArchivedValue(forKey: "input." + key) else { continue }
            inputs[key] = key == "inputColorMatrix" ? (FilterResolution.colorMatrix(value) ?? value as Any) : value
        }
        if coder.failsDecoding { return nil }
    }

    open override var description: String {
        "<CAFilter \(type.rawValue) \"\(name)\"\(isEnabled ? "" : " disabled") \(inputs.keys.sorted())>"
    }
}

/// A 4x5 colour matrix, the input of the `colorMatrix` filter (Core Animation's `CAColorMatrix`):
/// each output component is a row times (r, g, b, a, 1) of the unpremultiplied input colour.
public struct CAColorMatrix: Hashable, Sendable {
    /// The red row: output red is `m11·r + m12·g + m13·b + m14·a + m15`.
    public var m11: Float, m12: Float, m13: Float, m14: Float, m15: Float
    /// The green row: output green is `m21·r + m22·g + m23·b + m24·a + m25`.
    public var m21: Float, m22: Float, m23: Float, m24: Float, m25: Float
    /// The blue row: output blue is `m31·r + m32·g + m33·b + m34·a + m35`.
    public var m31: Float, m32: Float, m33: Float, m34: Float, m35: Float
    /// The alpha row: output alpha is `m41·r + m42·g + m43·b + m44·a + m45`.
    public var m41: Float, m42: Float, m43: Float, m44: Float, m45: Float

    /// A matrix from its twenty entries, row by row (red's row first).
    public init(
        m11: Float, m12: Float, m13: Float, m14: Float, m15: Float,
        m21: Float, m22: Float, m23: Float, m24: Float, m25: Float,
        m31: Float, m32: Float, m33: Float, m34: Float, m35: Float,
        m41: Float, m42: Float, m43: Float, m44: Float, m45: Float
    ) {
        (self.m11, self.m12, self.m13, self.m14, self.m15) = (m11, m12, m13, m14, m15)
        (self.m21, self.m22, self.m23, self.m24, self.m25) = (m21, m22, m23, m24, m25)
        (self.m31, self.m32, self.m33, self.m34, self.m35) = (m31, m32, m33, m34, m35)
        (self.m41, self.m42, self.m43, self.m44, self.m45) = (m41, m42, m43, m44, m45)
    }

    /// The matrix that leaves colours unchanged.
    public static let identity = CAColorMatrix(
        m11: 1, m12: 0, m13: 0, m14: 0, m15: 0, m21: 0, m22: 1, m23: 0, m24: 0, m25: 0,
        m31: 0, m32: 0, m33: 1, m34: 0, m35: 0, m41: 0, m42: 0, m43: 0, m44: 1, m45: 0)

    /// The twenty entries, row by row.
    var entries: [Float] {
        [
            m11, m12, m13, m14, m15, m21, m22, m23, m24, m25,
            m31, m32, m33, m34, m35, m41, m42, m43, m44, m45,
        ]
    }

    /// The matrix with `entries` (twenty, row by row).
    init(entries e: [Float]) {
        self.init(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3], m15: e[4], m21: e[5], m22: e[6], m23: e[7], m24: e[8],
            m25: e[9], m31: e[10], m32: e[11], m33: e[12], m34: e[13], m35: e[14], m41: e[15], m42: e[16],
            m43: e[17], m44: e[18], m45: e[19])
    }
}
