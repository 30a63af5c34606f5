import Foundation

extension CGImage {
    /// The smallest rectangle of pixels in which this image differs from `earlier`, as an update of
    /// it; nil when the two differ in size, or do not differ at all.
    func differingRegion(from earlier: CGImage) -> UpdatedRegion? {
        guard width == earlier.width, height == earlier.height else { return nil }
        let rowBytes = width * 4
        return pixels.withUnsafeBytes { new in
            earlier.pixels.withUnsafeBytes { old in
                func rowDiffers(_ y: Int) -> Bool {
                    memcmp(new.baseAddress! + y * rowBytes, old.baseAddress! + y * rowBytes, rowBytes) != 0
                }
                guard let top = (0..<height).first(where: rowDiffers) else { return nil }
                let bottom = (top..<height).last(where: rowDiffers)!
                var (left, right) = (width, -1)
                for y in top...bottom {
                    let row = y * rowBytes
                    for x in 0..<width where x < left || x > right {
                        let o = row + x * 4
                        if new[o] != old[o] || new[o + 1] != old[o + 1] || new[o + 2] != old[o + 2]
                            || new[o + 3] != old[o + 3]
                        {
                            left = min(left, x)
                            right = max(right, x)
                        }
                    }
                }
                return UpdatedRegion(
                    base: earlier.imageID, x: left, y: top, width: right - left + 1, height: bottom - top + 1)
            }
        }
    }

    /// The same pixels as an image that names the region in which they differ from an earlier
    /// image, so that a renderer holding the earlier image's texture uploads only that region.
    func updating(_ region: UpdatedRegion) -> CGImage {
        CGImage(premultipliedRGBA: pixels, width: width, height: height, updating: region)
    }
}
