import Foundation

/// A `CAGradientLayer`'s `colors`, as the layer stores and commits them.
///
/// The colour objects set are kept, so that `colors` returns them. While an animation of
/// `colors` runs, the render side shows its values as plain components in `animated` (it makes
/// no `CGColor` per frame), as it does for the single colour properties.
struct GradientColorList: LayerValue {
    /// The colours set; nil when none were.
    var colors: [CGColor]?
    /// Straight RGBA components an animation shows instead of `colors`; nil when none does.
    var animated: [RGBA]?

    init(_ colors: [CGColor]? = nil) { self.colors = colors }

    /// The colours shown: an animation's values, else the colours set (empty for none).
    var shown: [RGBA] { animated ?? colors?.map(\.value) ?? [] }
    /// How many colours are shown, without making them.
    var shownCount: Int { animated?.count ?? colors?.count ?? 0 }

    var propertyValue: PropertyValue { .gradientColors(self) }
    init?(propertyValue: PropertyValue) {
        guard case .gradientColors(let v) = propertyValue else { return nil }
        self = v
    }
    var isZeroValue: Bool { colors == nil && animated == nil }
    var defaultObject: Any { colors as Any }
    static func animationSlot(offset: UInt16, limit: AnimatedValueLimit) -> AnimationSlot? {
        .colorList(offset: offset)
    }
}

extension CAGradientLayerType: LayerName {}
