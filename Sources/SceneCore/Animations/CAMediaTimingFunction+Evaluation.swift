import Foundation

extension CAMediaTimingFunction {
    /// The curve's output for input time `x` in [0, 1]: solves the Bézier's x(s) = x for the
    /// curve parameter s (Newton's method, with bisection when the slope is too flat), then
    /// returns y(s). Inputs outside [0, 1] are clamped; the output may overshoot [0, 1] when a
    /// control point's y does.
    func value(at x: Double) -> Double {
        let x = min(max(x.isFinite ? x : 0, 0), 1)
        let (ax, bx, cx) = Self.coefficients(Double(c1.x), Double(c2.x))
        let (ay, by, cy) = Self.coefficients(Double(c1.y), Double(c2.y))
        func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
        func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

        var s = x
        for _ in 0..<8 {
            let error = sampleX(s) - x
            if abs(error) < 1e-12 { return ((ay * s + by) * s + cy) * s }
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
        return ((ay * s + by) * s + cy) * s
    }

    /// Polynomial coefficients (a, b, c) of a cubic Bézier from 0 to 1 with inner control values p1, p2:
    /// B(s) = a·s³ + b·s² + c·s.
    private static func coefficients(_ p1: Double, _ p2: Double) -> (Double, Double, Double) {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        return (1 - c - b, b, c)
    }
}
