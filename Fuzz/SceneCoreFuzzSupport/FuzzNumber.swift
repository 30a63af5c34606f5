import Foundation

/// The numbers random programs feed SceneCore: mostly the edge cases that break arithmetic
/// (NaN, ±infinity, zero, negative zero, the smallest and largest doubles, huge and tiny
/// finite values), the rest ordinary values a program might use.
public enum FuzzNumber {
    /// Values that have broken numeric code somewhere: each is tried often.
    public static let edgeCases: [Double] = [
        0, -0.0, 1, -1, 0.5, 2, 1e-12, -1e-12, 1e7, -1e7, 1e20, -1e20, 1e30, 1e37, 1e300, -1e300,
        Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude,
        .infinity, -.infinity, .nan, Double(Float.greatestFiniteMagnitude), Double(Int.max), Double(Int32.max),
    ]

    /// An edge case half the time, otherwise an ordinary value in -1000...1000.
    public static func double(using random: inout some RandomNumberGenerator) -> Double {
        if Bool.random(using: &random) { return edgeCases.randomElement(using: &random)! }
        return Double.random(in: -1000...1000, using: &random)
    }

    /// A value for a layer's geometry or an animation's time, where ordinary values matter
    /// most: an edge case one time in four, otherwise a value in `range`.
    public static func mostlyIn(_ range: ClosedRange<Double>, using random: inout some RandomNumberGenerator) -> Double
    {
        if Int.random(in: 0..<4, using: &random) == 0 { return edgeCases.randomElement(using: &random)! }
        return Double.random(in: range, using: &random)
    }
}
