/// Which parts of a layer stretch when its superlayer's bounds change size
/// (`CALayer.autoresizingMask`).
///
/// "Min" and "max" are in coordinates: with SceneCore's y-down layers, `layerMinYMargin` is
/// the top margin and `layerMaxYMargin` the bottom one.
public struct CAAutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Nothing stretches (the empty set).
    public static let layerNotSizable: CAAutoresizingMask = []
    public static let layerMinXMargin = CAAutoresizingMask(rawValue: 1 << 0)
    public static let layerWidthSizable = CAAutoresizingMask(rawValue: 1 << 1)
    public static let layerMaxXMargin = CAAutoresizingMask(rawValue: 1 << 2)
    public static let layerMinYMargin = CAAutoresizingMask(rawValue: 1 << 3)
    public static let layerHeightSizable = CAAutoresizingMask(rawValue: 1 << 4)
    public static let layerMaxYMargin = CAAutoresizingMask(rawValue: 1 << 5)
}
