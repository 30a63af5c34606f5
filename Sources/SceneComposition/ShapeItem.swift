import Foundation

/// One item of a Lottie shape layer's contents, in the order Lottie lists them: paths first
/// gather geometry, and each style (fill, stroke) draws the geometry listed before it in its
/// group and the groups inside that; items listed first are drawn on top.
indirect enum ShapeItem {
    case group(name: String, items: [ShapeItem], transform: TransformModel)
    case path(Animated<BezierShape>)
    case rectangle(RectangleModel)
    case ellipse(EllipseModel)
    case polystar(PolystarModel)
    case fill(FillModel)
    case stroke(StrokeModel)
    case gradientFill(GradientFillModel)
    case gradientStroke(GradientFillModel, StrokeModel)
    case trim(TrimModel)
    case roundCorners(Animated<Double>)
    case repeater(RepeaterModel)
    case merge(MergeMode)
}

/// How a merge item (`mm`) combines the paths listed before it in its group into one shape for
/// the styles after it (`mm` 1 to 5): one path of them all, their union, the first less the
/// others, their intersection, or where an odd number of them cover.
enum MergeMode: Int {
    case merge = 1
    case add
    case subtract
    case intersect
    case exclude
}

/// Draws the items listed before it in its group `copies` times, copy `k` moved by the
/// repeater's transform taken `k + offset` times (about its anchor: scale to that power,
/// rotation and position times that multiple) and faded from the start to the end opacity.
/// Played with a still transform and copy count.
struct RepeaterModel {
    var copies: Int
    var offset: Double
    var transform: TransformModel
    var startOpacity: Double
    var endOpacity: Double
    /// Whether later copies are drawn below earlier ones (`m` 2) rather than above (`m` 1).
    var laterBelow: Bool
}

/// A rectangle centred on `position`, with corners rounded by `roundness`.
struct RectangleModel {
    var position: Animated<[Double]>
    var size: Animated<[Double]>
    var roundness: Animated<Double>
    /// Drawn counter-clockwise (`d` 3).
    var reversed: Bool
}

/// An ellipse centred on `position`, `size` across.
struct EllipseModel {
    var position: Animated<[Double]>
    var size: Animated<[Double]>
    var reversed: Bool
}

/// A star (`sy` 1) or regular polygon (`sy` 2).
struct PolystarModel {
    var isStar: Bool
    var position: Animated<[Double]>
    var points: Animated<Double>
    /// Degrees, clockwise, from the first point straight up.
    var rotation: Animated<Double>
    var outerRadius: Animated<Double>
    var innerRadius: Animated<Double>
    var reversed: Bool
}

/// A solid fill: colour (0...1 components), opacity (percent), fill rule.
struct FillModel {
    /// The item's name (`nm`, "Fill 1" as After Effects names them; "Fill" when absent): its
    /// key path component.
    var name: String
    var color: Animated<[Double]>
    var opacity: Animated<Double>
    var evenOdd: Bool
}

/// A stroke: colour, opacity, width, caps and joins, dashes.
struct StrokeModel {
    /// The item's name (`nm`; "Stroke" when absent): its key path component.
    var name: String
    var color: Animated<[Double]>
    var opacity: Animated<Double>
    var width: Animated<Double>
    var lineCap: CAShapeLayerLineCap
    var lineJoin: CAShapeLayerLineJoin
    var miterLimit: Double
    /// Dash and gap lengths, alternating; empty for a solid line.
    var dashes: [Double]
    var dashOffset: Double
}

/// A gradient (of a gradient fill or stroke): linear or radial between two points, with colour
/// stops (offset, r, g, b) and opacity stops (offset, alpha), the layout Lottie packs in `g.k`.
struct GradientFillModel {
    var radial: Bool
    var start: Animated<[Double]>
    var end: Animated<[Double]>
    var colorStopCount: Int
    /// Lottie's packed stops: `colorStopCount` × (offset, r, g, b), then (offset, alpha) pairs.
    var stops: Animated<[Double]>
    var opacity: Animated<Double>
    var evenOdd: Bool
}

/// Trims the paths before it to the part between `start` and `end` (percent), turned by `offset`
/// (degrees of a full turn).
struct TrimModel {
    /// The item's name (`nm`; "Trim Paths" when absent): its key path component.
    var name: String
    var start: Animated<Double>
    var end: Animated<Double>
    var offset: Animated<Double>
}
