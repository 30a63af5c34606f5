/// Which parts of a layer stretch when its superlayer's bounds change size
/// (`CALayer.autoresizingMask`).
///
/// Core Animation shares the change Δ of the superlayer's size on an axis among the flexible
/// parts by their number, not their lengths: one flexible part takes all of Δ; a margin and the
/// size take 2/3 and 1/3 of it; both margins 1/2 each; all three 1/3 each. An axis that moves
/// or stretches is then snapped to whole points, its minimum edge floored and its maximum edge
/// ceiled; a size is not clamped (one that becomes negative leaves the frame standardised).
/// For example a layer at (10, 20, 50, 40) with a flexible left margin and width in a 100-point
/// wide superlayer grown to 200 ends at x 76, width 84.
///
/// "Min" and "max" are in coordinates: with SceneCore's y-down layers, `layerMinYMargin` is
/// the top margin and `layerMaxYMargin` the bottom one.
public struct CAAutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Nothing stretches (the empty set).
    public static let layerNotSizable: CAAutoresizingMask = []
    /// The margin between the superlayer's minimum-X edge and the layer (its left margin)
    /// stretches.
    public static let layerMinXMargin = CAAutoresizingMask(rawValue: 1 << 0)
    /// The layer's width stretches.
    public static let layerWidthSizable = CAAutoresizingMask(rawValue: 1 << 1)
    /// The margin between the layer and the superlayer's maximum-X edge (its right margin)
    /// stretches.
    public static let layerMaxXMargin = CAAutoresizingMask(rawValue: 1 << 2)
    /// The margin between the superlayer's minimum-Y edge and the layer stretches (the top margin
    /// in SceneCore's y-down layers).
    public static let layerMinYMargin = CAAutoresizingMask(rawValue: 1 << 3)
    /// The layer's height stretches.
    public static let layerHeightSizable = CAAutoresizingMask(rawValue: 1 << 4)
    /// The margin between the layer and the superlayer's maximum-Y edge stretches (the bottom
    /// margin in y-down layers).
    public static let layerMaxYMargin = CAAutoresizingMask(rawValue: 1 << 5)
}
