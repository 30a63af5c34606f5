import Foundation

/// A timing function's cubic Bézier from (0, 0) to (1, 1) as polynomial coefficients, worked
/// out once from the control points: `x(s) = ((ax·s + bx)·s + cx)·s`, and the same for y.
///
/// A plain value, so that the render side's steady animations (`SteadyAnimation`) carry their
/// curve beside their other numbers instead of reaching it through the timing function object.
struct TimingCurve: Sendable, Equatable {
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// The curve through (0, 0), `c1`, `c2` and (1, 1).
    init(_ c1: (x: Float, y: Float), _ c2: (x: Float, y: Float)) {
        (ax, bx, cx) = Self.coefficients(Double(c1.x), Double(c2.x))
        (ay, by, cy) = Self.coefficients(Double(c1.y), Double(c2.y))
    }

    /// The curve's output for input time `x` in [0, 1]: solves the Bézier's x(s) = x for the
    /// curve parameter s (Newton's method, with bisection when the slope is too flat), then
    /// returns y(s). Inputs outside [0, 1] are clamped; the output may overshoot [0, 1] when a
    /// control point's y does.
    func value(at x: Double) -> Double {
        let x = min(max(x.isFinite ? x : 0, 0), 1)
        var s = x
        for _ in 0..<8 {
            let error = sampleX(s) - x
            if abs(error) < 1e-12 { return sampleY(s) }
            let slope = slopeX(s)
            if abs(slope) < 1e-9 { break }
            s -= error / slope
        }
        // Bisection: x(s) increases monotonically on [0, 1] because the control x values are in [0, 1].
        var (low, high) = (0.0, 1.0)
        s = x
        for _ in 0..<64 {
            let sample = sampleX(s)
            if abs(sample - x) < 1e-12 { break }
            if sample < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return sampleY(s)
    }

    private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    private func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    private func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// Polynomial coefficients (a, b, c) of a cubic Bézier from 0 to 1 with inner control values p1, p2:
    /// B(s) = a·s³ + b·s² + c·s.
    private static func coefficients(_ p1: Double, _ p2: Double) -> (Double, Double, Double) {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        return (1 - c - b, b, c)
    }
}
