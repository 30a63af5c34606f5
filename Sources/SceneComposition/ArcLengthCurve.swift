import Foundation

/// A cubic Bézier segment measured along its length: points at fractions of the distance
/// travelled, as Lottie moves a position along its spatial tangents.
struct ArcLengthCurve {
    /// How many chords the curve is measured by.
    static let chords = 64

    private let points: [CGPoint]
    private let lengths: [Double]

    /// The curve from `p0` to `p3` with control points `p1` and `p2`.
    init(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) {
        let segment = CubicSegment(p0: p0, p1: p1, p2: p2, p3: p3)
        let points = (0...Self.chords).map { segment.point(Double($0) / Double(Self.chords)) }
        var lengths = [0.0]
        for (from, to) in zip(points, points.dropFirst()) {
            lengths.append(lengths[lengths.count - 1] + hypot(to.x - from.x, to.y - from.y))
        }
        self.points = points
        self.lengths = lengths
    }

    /// The point `fraction` of the curve's length from its start (beyond the ends, along the
    /// first or last chord's line, as an overshooting easing carries it).
    func point(atFraction fraction: Double) -> CGPoint {
        let total = lengths[lengths.count - 1]
        guard total > 0 else { return points[0] }
        let target = fraction * total
        var index = 1
        while index < lengths.count - 1 && lengths[index] < target { index += 1 }
        let (from, to) = (points[index - 1], points[index])
        let chord = lengths[index] - lengths[index - 1]
        let t = chord > 0 ? (target - lengths[index - 1]) / chord : 0
        return CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
    }
}
