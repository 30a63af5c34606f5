/// One bit per committed layer field: what changed since the layer was last committed.
///
/// Setters set these bits; the commit encodes exactly the fields whose bits are set. A property's
/// bit is its position in `PropertyID`; the structure bits sit at the top.
struct LayerChanges: OptionSet, Hashable, Sendable {
    let rawValue: UInt64
    init(rawValue: UInt64) { self.rawValue = rawValue }

    /// The bit of property `id`.
    init(_ id: PropertyID) { rawValue = 1 << UInt64(id.rawValue) }

    /// Structure: the ordered list of sublayers.
    static let sublayers = Self(rawValue: 1 << 61)
    /// Structure: the mask layer.
    static let mask = Self(rawValue: 1 << 62)
    /// The attached animations.
    static let animations = Self(rawValue: 1 << 63)

    /// Every property field (not structure).
    static let allProperties = Self(rawValue: (1 << UInt64(PropertyID.allCases.count)) - 1)

}
