/// One bit per committed layer field: what changed since the layer was last committed.
///
/// Setters set these bits; the commit encodes exactly the fields whose bits are set.
public struct LayerChanges: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static let bounds = Self(rawValue: 1 << 0)
    public static let position = Self(rawValue: 1 << 1)
    public static let zPosition = Self(rawValue: 1 << 2)
    public static let anchorPoint = Self(rawValue: 1 << 3)
    public static let anchorPointZ = Self(rawValue: 1 << 4)
    public static let transform = Self(rawValue: 1 << 5)
    public static let sublayerTransform = Self(rawValue: 1 << 6)
    public static let isHidden = Self(rawValue: 1 << 7)
    public static let isDoubleSided = Self(rawValue: 1 << 8)
    public static let isGeometryFlipped = Self(rawValue: 1 << 9)
    public static let masksToBounds = Self(rawValue: 1 << 10)
    public static let opacity = Self(rawValue: 1 << 11)
    public static let allowsGroupOpacity = Self(rawValue: 1 << 12)
    public static let edgeAntialiasing = Self(rawValue: 1 << 13)
    public static let backgroundColor = Self(rawValue: 1 << 14)
    public static let cornerRadius = Self(rawValue: 1 << 15)
    public static let maskedCorners = Self(rawValue: 1 << 16)
    public static let cornerCurve = Self(rawValue: 1 << 17)
    public static let borderWidth = Self(rawValue: 1 << 18)
    public static let borderColor = Self(rawValue: 1 << 19)
    public static let shadow = Self(rawValue: 1 << 20)
    public static let rasterization = Self(rawValue: 1 << 21)
    public static let contents = Self(rawValue: 1 << 22)
    public static let contentsRect = Self(rawValue: 1 << 23)
    public static let contentsCenter = Self(rawValue: 1 << 24)
    public static let contentsGravity = Self(rawValue: 1 << 25)
    public static let contentsScale = Self(rawValue: 1 << 26)
    public static let contentsFormat = Self(rawValue: 1 << 27)
    public static let filters = Self(rawValue: 1 << 28)
    public static let isOpaque = Self(rawValue: 1 << 29)
    public static let timing = Self(rawValue: 1 << 30)
    /// Structure: the ordered list of sublayers.
    public static let sublayers = Self(rawValue: 1 << 31)
    /// Structure: the mask layer.
    public static let mask = Self(rawValue: 1 << 32)
    /// The attached animations.
    public static let animations = Self(rawValue: 1 << 33)

    /// Every property field (not structure).
    public static let allProperties = Self(rawValue: (1 << 31) - 1)
}
