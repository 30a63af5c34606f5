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

/// Draws the items listed before it in its group `copies` times (whole copies, at most
/// `maximumCopies`), copy `k` moved by the repeater's transform taken `k + offset` times (about
/// its anchor: rotation and position times that multiple, scale to that power, a fraction of
/// a time scaling by that fraction of the scale's change, as lottie-web does) and faded from the
/// start to the end opacity across the copies shown. Every part may animate.
struct RepeaterModel {
    var copies: Animated<Double>
    var offset: Animated<Double>
    var transform: TransformModel
    var startOpacity: Animated<Double>
    var endOpacity: Animated<Double>
    /// Whether later copies are drawn below earlier ones (`m` 2) rather than above (`m` 1).
    var laterBelow: Bool

    /// The most copies a repeater draws.
    static let maximumCopies = 256

    /// How many copies show at `frame`.
    func count(at frame: Double) -> Int {
        let value = copies.value(at: frame)
        return value.isFinite ? Int(min(max(value.rounded(.down), 0), Double(Self.maximumCopies))) : 0
    }

    /// The most copies shown at any frame (sampled over the count's keyframes, where an easing
    /// may overshoot them).
    var mostCopies: Int {
        guard let span = Self.span(copies.frames) else { return count(at: 0) }
        let step = max(1, (span.upperBound - span.lowerBound) / Double(CompositionAnimator.maximumSampledFrames))
        let frames = Array(stride(from: span.lowerBound, to: span.upperBound, by: step)) + [span.upperBound]
        return frames.map { count(at: $0) }.max() ?? 0
    }

    /// The frames over which the copies' transforms change (nil when they do not).
    var transformSpan: ClosedRange<Double>? {
        Self.span(
            offset.frames + transform.anchor.frames + MotionPath(position: transform.position).frames
                + transform.scale.frames + transform.rotation.frames)
    }

    /// The frames over which the copies' opacities or the number shown change (nil when they do not).
    var opacitySpan: ClosedRange<Double>? { Self.span(copies.frames + startOpacity.frames + endOpacity.frames) }

    private static func span(_ frames: [Double]) -> ClosedRange<Double>? {
        guard let first = frames.min(), let last = frames.max(), last > first else { return nil }
        return first...last
    }

    /// Copy `copy`'s transform at `frame`, in the space of the repeater's group; a copy whose
    /// transform is not finite (a zero scale taken a negative number of times) is scaled to
    /// nothing.
    func matrix(of copy: Int, at frame: Double) -> CGAffineTransform {
        let times = Double(copy) + offset.value(at: frame)
        let anchor = transform.anchor.value(at: frame)
        let position = MotionPath(position: transform.position).point(at: frame)
        let scale = transform.scale.value(at: frame).map { Self.power($0 / 100, times) }
        let matrix = CGAffineTransform(translationX: -anchor[0], y: -anchor[1])
            .concatenating(CGAffineTransform(rotationAngle: transform.rotation.value(at: frame) * times * .pi / 180))
            .concatenating(CGAffineTransform(scaleX: scale[0], y: scale[1]))
            .concatenating(
                CGAffineTransform(translationX: anchor[0] + position.x * times, y: anchor[1] + position.y * times))
        let parts = [matrix.a, matrix.b, matrix.c, matrix.d, matrix.tx, matrix.ty]
        return parts.allSatisfy(\.isFinite) ? matrix : CGAffineTransform(scaleX: 0, y: 0)
    }

    /// `scale` taken `times` times: its whole times' power, and for the fraction left that
    /// fraction of the way from 1 to it.
    private static func power(_ scale: Double, _ times: Double) -> Double {
        let whole = times.rounded(.down)
        return pow(scale, whole) * (1 + (scale - 1) * (times - whole))
    }

    /// Copy `copy`'s opacity (0 to 1) at `frame`; 0 when it is not one of the copies shown.
    func opacity(of copy: Int, at frame: Double) -> Double {
        let shown = count(at: frame)
        guard copy < shown else { return 0 }
        let fraction = shown > 1 ? Double(copy) / Double(shown - 1) : 0
        let (start, end) = (startOpacity.value(at: frame), endOpacity.value(at: frame))
        return min(max((start + (end - start) * fraction) / 100, 0), 1)
    }
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
    var dashOffset: Animated<Double>
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
    /// Whether the trim runs along the paths one after another, as one path of their lengths
    /// together (`m` 2), rather than along each path on its own (`m` 1).
    var oneAfterAnother = false
}
