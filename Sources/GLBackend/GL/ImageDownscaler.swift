/// Area-averaging (box filter) downscaling of premultiplied RGBA8 pixels, for images larger
/// than the GPU's maximum texture size.
enum ImageDownscaler {
    /// The largest size with the same aspect ratio whose sides are at most `limit`
    /// (each side at least 1).
    static func fittingSize(width: Int, height: Int, limit: Int) -> (width: Int, height: Int) {
        let longest = max(width, height)
        guard longest > limit else { return (width, height) }
        let scale = Double(limit) / Double(longest)
        return (
            min(limit, max(1, Int((Double(width) * scale).rounded()))),
            min(limit, max(1, Int((Double(height) * scale).rounded())))
        )
    }

    /// Resamples `pixels` (rows top to bottom, `width * 4` bytes each) to the target size, no
    /// larger than the source on either side.
    /// Every target pixel averages the source area it covers, weighting partly covered source
    /// pixels by the covered fraction. Averaging premultiplied values is what keeps
    /// transparent pixels from darkening their neighbours.
    ///
    /// The source is read a row at a time, and only two rows of the target's width are kept
    /// beside the result: the memory it takes beyond its input and output is independent of
    /// the source's size (a 1 x 100,000,000 image took 3.5 GB of floats, twice transposed).
    static func downscale(
        _ pixels: [UInt8], width: Int, height: Int, toWidth targetWidth: Int, height targetHeight: Int
    ) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
        var row = [Float](repeating: 0, count: targetWidth * 4)
        var sum = [Float](repeating: 0, count: targetWidth * 4)
        var resampledRow = -1
        let scale = Double(height) / Double(targetHeight)
        for target in 0..<targetHeight {
            for i in sum.indices { sum[i] = 0 }
            for (source, weight) in coverage(of: target, scale: scale, sourceCount: height) {
                if source != resampledRow {
                    resampleRow(source, of: pixels, width: width, into: &row, targetWidth: targetWidth)
                    resampledRow = source
                }
                for i in sum.indices { sum[i] += row[i] * weight }
            }
            let o = target * targetWidth * 4
            for i in sum.indices { result[o + i] = UInt8(min(255, max(0, sum[i].rounded()))) }
        }
        return result
    }

    /// The source pixels (or rows) that target pixel `target` covers at `scale` source pixels
    /// a target pixel, each with the fraction of the target it makes up.
    private static func coverage(of target: Int, scale: Double, sourceCount: Int) -> [(index: Int, weight: Float)] {
        let start = Double(target) * scale
        let end = start + scale
        var weights: [(index: Int, weight: Float)] = []
        var source = Int(start)
        while Double(source) < end, source < sourceCount {
            let covered = min(end, Double(source + 1)) - max(start, Double(source))
            if covered > 0 { weights.append((source, Float(covered / scale))) }
            source += 1
        }
        return weights
    }

    /// Box-filters source row `y` from `width` to `targetWidth` pixels (4 channels each) into `row`.
    private static func resampleRow(
        _ y: Int, of pixels: [UInt8], width: Int, into row: inout [Float], targetWidth: Int
    ) {
        let scale = Double(width) / Double(targetWidth)
        let first = y * width * 4
        for target in 0..<targetWidth {
            var (r, g, b, a): (Float, Float, Float, Float) = (0, 0, 0, 0)
            for (index, weight) in coverage(of: target, scale: scale, sourceCount: width) {
                let i = first + index * 4
                r += Float(pixels[i]) * weight
                g += Float(pixels[i + 1]) * weight
                b += Float(pixels[i + 2]) * weight
                a += Float(pixels[i + 3]) * weight
            }
            let o = target * 4
            (row[o], row[o + 1], row[o + 2], row[o + 3]) = (r, g, b, a)
        }
    }
}
