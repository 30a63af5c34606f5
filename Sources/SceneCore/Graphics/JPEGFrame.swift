import Foundation

/// What a JPEG's frame header (its SOF marker segment) and first scan header say about the
/// memory libjpeg needs besides the decoded pixels.
///
/// A baseline JPEG whose first scan holds every component is decoded a few rows at a time. A
/// progressive JPEG, or one whose components come in separate scans, is not: libjpeg keeps
/// the DCT coefficients of the whole image (two bytes a sample, for every component at its
/// own sampling) until the last scan, which `DecodeLimits` counts against its budget.
struct JPEGFrame: Equatable {
    /// One component's sampling factors.
    struct Component: Equatable {
        var horizontal: Int
        var vertical: Int
    }

    var width: Int
    var height: Int
    /// Whether the frame is progressive (SOF2, SOF6, SOF10 or SOF14).
    var isProgressive: Bool
    var components: [Component]
    /// How many components the first scan holds.
    var firstScanComponentCount: Int

    /// Whether libjpeg buffers the coefficients of the whole image.
    var buffersWholeImage: Bool { isProgressive || firstScanComponentCount < components.count }

    /// The bytes of libjpeg's whole-image coefficient buffer: for each component, its blocks
    /// of 8 x 8 samples (rounded up to whole blocks and to a multiple of its sampling
    /// factors), 64 two-byte coefficients each. Zero when nothing is buffered.
    var coefficientBufferBytes: Int {
        guard buffersWholeImage else { return 0 }
        let maxH = components.map(\.horizontal).max() ?? 1
        let maxV = components.map(\.vertical).max() ?? 1
        func blocks(_ size: Int, _ factor: Int, _ maxFactor: Int) -> Int {
            let count = (size * factor + 8 * maxFactor - 1) / (8 * maxFactor)
            return (count + factor - 1) / factor * factor
        }
        return components.reduce(0) {
            $0 + blocks(width, $1.horizontal, maxH) * blocks(height, $1.vertical, maxV) * 128
        }
    }

    /// Reads the first frame header and the scan header after it from `data` (starting with
    /// the SOI marker); nil when the marker segments are malformed or end before the first scan.
    init?(_ data: Data) {
        var frame: (width: Int, height: Int, progressive: Bool, components: [Component])?
        let scanComponents: Int? = data.withUnsafeBytes { bytes in
            var offset = 2
            while offset + 4 <= bytes.count {
                guard bytes[offset] == 0xFF else { return nil }
                let marker = bytes[offset + 1]
                if marker == 0xFF {
                    offset += 1
                    continue
                }
                if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                    offset += 2
                    continue
                }
                // A second start of image, or the end before any scan.
                if marker == 0xD8 || marker == 0xD9 { return nil }
                let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                let body = offset + 4
                guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
                switch marker {
                case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                    guard length >= 8 else { return nil }
                    let count = Int(bytes[body + 5])
                    guard length >= 8 + 3 * count else { return nil }
                    let components = (0..<count).map { i in
                        let factors = bytes[body + 6 + 3 * i + 1]
                        return Component(horizontal: max(1, Int(factors >> 4)), vertical: max(1, Int(factors & 0x0F)))
                    }
                    frame = (
                        Int(bytes[body + 3]) << 8 | Int(bytes[body + 4]),
                        Int(bytes[body + 1]) << 8 | Int(bytes[body + 2]),
                        [0xC2, 0xC6, 0xCA, 0xCE].contains(marker), components
                    )
                case 0xDA:
                    guard length >= 3, frame != nil else { return nil }
                    return Int(bytes[body])
                default:
                    break
                }
                offset += 2 + length
            }
            return nil
        }
        guard let frame, let scanComponents, !frame.components.isEmpty else { return nil }
        width = frame.width
        height = frame.height
        isProgressive = frame.progressive
        components = frame.components
        firstScanComponentCount = scanComponents
    }
}
