extension Int {
    /// The largest pixel count or coordinate the render side works with: a side of a target,
    /// a margin, a tap count. Products of two stay far from `Int.max`.
    package static let largestPixelCount = 1 << 31

    /// `value` rounded toward zero as a pixel count or coordinate, clamped to
    /// ±`largestPixelCount`, and 0 for NaN: a conversion that cannot trap on a value worked out
    /// from what the app set (a shadow radius of 1e300 under a huge zoom, a bitmap of a layer
    /// 1e16 points wide). Callers that must refuse such values check them before.
    package init(clampingPixels value: some BinaryFloatingPoint) {
        let bound = Double(Int.largestPixelCount)
        let x = Double(value)
        self = x.isNaN ? 0 : Int(Swift.min(Swift.max(x, -bound), bound))
    }
}
