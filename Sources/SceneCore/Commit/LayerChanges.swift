/// One bit per committed layer field: what changed since the layer was last committed.
///
/// Setters set these bits; the commit encodes exactly the fields whose bits are set. A property's
/// bit is its position in `PropertyID`; the structure bits sit at the top.
struct LayerChanges: OptionSet, Hashable, Sendable {
    let rawValue: UInt128
    init(rawValue: UInt128) { self.rawValue = rawValue }

    /// The bit of property `id`.
    init(_ id: PropertyID) { rawValue = 1 << UInt128(id.rawValue) }

    /// A video layer's feed and gravity (`LayerField.video`).
    static let video = Self(rawValue: 1 << 122)
    /// A `CATextLayer`'s text (`LayerField.glyphs`).
    static let glyphs = Self(rawValue: 1 << 123)
    /// A `CAOpenGLLayer`'s request for a new drawing (`LayerField.glContent`).
    static let glContent = Self(rawValue: 1 << 124)
    /// Structure: the ordered list of sublayers.
    static let sublayers = Self(rawValue: 1 << 125)
    /// Structure: the mask layer.
    static let mask = Self(rawValue: 1 << 126)
    /// The attached animations.
    static let animations = Self(rawValue: 1 << 127)

    /// Every property field (not structure).
    static let allProperties = Self(rawValue: (1 << UInt128(PropertyID.allCases.count)) - 1)

}
