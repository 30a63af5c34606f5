import Foundation

/// A Lottie gradient's packed stops (`g.k`: colour stops of offset, red, green, blue, then
/// opacity stops of offset, alpha) as the colours and locations of a `CAGradientLayer`: a stop
/// at every offset of either list, the colour and the alpha each interpolated at it.
struct GradientStops {
    var colors: [CGColor]
    var locations: [NSNumber]

    /// The stops of `packed` with `colorCount` colour stops.
    init(packed: [Double], colorCount: Int) {
        var colorStops: [(Double, [Double])] = []
        for index in 0..<colorCount {
            let base = index * 4
            colorStops.append((packed[base], [packed[base + 1], packed[base + 2], packed[base + 3]]))
        }
        let alphaValues = Array(packed.dropFirst(colorCount * 4))
        var alphaStops: [(Double, [Double])] = []
        for index in stride(from: 0, to: alphaValues.count - 1, by: 2) {
            alphaStops.append((alphaValues[index], [alphaValues[index + 1]]))
        }
        var offsets: [Double] = colorStops.map { $0.0 }
        for stop in alphaStops where !offsets.contains(stop.0) { offsets.append(stop.0) }
        offsets.sort()
        colors = offsets.map { offset -> CGColor in
            let rgb = Self.interpolate(colorStops, at: offset)
            let alpha = alphaStops.isEmpty ? 1 : Self.interpolate(alphaStops, at: offset)[0]
            return CGColor(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: min(max(alpha, 0), 1))
        }
        locations = offsets.map { NSNumber(value: min(max($0, 0), 1)) }
    }

    /// The stops' value at `offset`: the end values beyond the ends, linear between.
    private static func interpolate(_ stops: [(Double, [Double])], at offset: Double) -> [Double] {
        guard let first = stops.first, let last = stops.last else { return [0, 0, 0] }
        if offset <= first.0 { return first.1 }
        if offset >= last.0 { return last.1 }
        for index in 0..<(stops.count - 1) where offset <= stops[index + 1].0 {
            let (a, b) = (stops[index], stops[index + 1])
            let fraction = b.0 > a.0 ? (offset - a.0) / (b.0 - a.0) : 1
            return a.1.interpolated(to: b.1, fraction: fraction)
        }
        return last.1
    }
}
