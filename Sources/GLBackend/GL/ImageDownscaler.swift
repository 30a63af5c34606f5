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

    /// Resamples `pixels` (rows top to bottom, `width * 4` bytes each) to the target size.
    /// Every target pixel averages the source area it covers, weighting partly covered source
    /// pixels by the covered fraction. Averaging premultiplied values is what keeps
    /// transparent pixels from darkening their neighbours.
    static func downscale(
        _ pixels: [UInt8], width: Int, height: Int, toWidth targetWidth: Int, height targetHeight: Int
    ) -> [UInt8] {
        let horizontal = resampleRows(pixels.map { Float($0) }, width: width, height: height, toWidth: targetWidth)
        let transposed = transpose(horizontal, width: targetWidth, height: height)
        let vertical = resampleRows(transposed, width: height, height: targetWidth, toWidth: targetHeight)
        let result = transpose(vertical, width: targetHeight, height: targetWidth)
        return result.map { UInt8(min(255, max(0, $0.rounded()))) }
    }

    /// Box-filters every row from `width` to `targetWidth` pixels (4 channels each).
    private static func resampleRows(_ rows: [Float], width: Int, height: Int, toWidth targetWidth: Int) -> [Float] {
        let scale = Double(width) / Double(targetWidth)
        var result = [Float](repeating: 0, count: targetWidth * height * 4)
        for target in 0..<targetWidth {
            let start = Double(target) * scale
            let end = start + scale
            var weights: [(index: Int, weight: Float)] = []
            var source = Int(start)
            while Double(source) < end, source < width {
                let covered = min(end, Double(source + 1)) - max(start, Double(source))
                if covered > 0 { weights.append((source, Float(covered / scale))) }
                source += 1
            }
            for row in 0..<height {
                var sum = SIMD4<Float>.zero
                for (index, weight) in weights {
                    let i = (row * width + index) * 4
                    sum += SIMD4(rows[i], rows[i + 1], rows[i + 2], rows[i + 3]) * weight
                }
                let o = (row * targetWidth + target) * 4
                (result[o], result[o + 1], result[o + 2], result[o + 3]) = (sum.x, sum.y, sum.z, sum.w)
            }
        }
        return result
    }

    /// Swaps rows and columns of a 4-channel image.
    private static func transpose(_ pixels: [Float], width: Int, height: Int) -> [Float] {
        var result = [Float](repeating: 0, count: pixels.count)
        for y in 0..<height {
            for x in 0..<width {
                let from = (y * width + x) * 4
                let to = (x * height + y) * 4
                for channel in 0..<4 { result[to + channel] = pixels[from + channel] }
            }
        }
        return result
    }
}
