import CSceneCoreCairo
import Foundation

/// A shadow painted by the CPU for software snapshots (`render(in:)`): the alpha of a drawing
/// in device pixels, blurred by a Gaussian of standard deviation `sigma` pixels cut at
/// 2 `sigma` (as the render side's shadows are, see `ShadowTracker`), tinted with a
/// premultiplied colour.
struct ShadowBlur {
    /// The alpha plane, `width` x `height`, rows top to bottom, 0...1.
    private var alpha: [Float]
    private let width: Int
    private let height: Int

    /// The alpha channel of a context made by `CGContext(layerWidth:height:scale:)` (ARGB32).
    init?(alphaOf context: CGContext) {
        cairo_surface_flush(context.surface)
        guard let data = cairo_image_surface_get_data(context.surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(context.surface))
        (width, height) = (context.width, context.height)
        var alpha = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            // Cairo's ARGB32 is a native-endian 32-bit word: alpha is its top byte.
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { alpha[y * width + x] = Float(row[x] >> 24) / 255 }
        }
        self.alpha = alpha
    }

    /// The Gaussian weights from −2σ to 2σ, summing to 1; one weight for σ below a quarter pixel.
    static func kernel(sigma: Double) -> [Float] {
        let reach = sigma >= 0.25 ? Int((2 * sigma).rounded(.up)) : 0
        guard reach > 0 else { return [1] }
        let weights = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        return weights.map { Float($0 / total) }
    }

    /// Blurs the alpha by `sigma` pixels, working only on the rows and columns the drawing reaches.
    mutating func blur(sigma: Double) {
        let kernel = Self.kernel(sigma: sigma)
        let reach = kernel.count / 2
        guard reach > 0, let box = inkBox() else { return }
        let x0 = max(box.x0 - reach, 0)
        let x1 = min(box.x1 + reach, width)
        let y0 = max(box.y0 - reach, 0)
        let y1 = min(box.y1 + reach, height)
        let size = (width, height)
        var across = alpha
        Self.convolve(alpha, kernel, size: size, rows: box.y0..<box.y1, columns: x0..<x1, along: (1, 0), into: &across)
        Self.convolve(across, kernel, size: size, rows: y0..<y1, columns: x0..<x1, along: (0, 1), into: &alpha)
    }

    /// One pass of the separable blur over planes of `size`: each pixel of `rows` x `columns` of
    /// `target` becomes the sum of `source`'s pixels along `step` (a row or a column) weighted by
    /// `kernel`, centred on it.
    private static func convolve(
        _ source: [Float], _ kernel: [Float], size: (width: Int, height: Int), rows: Range<Int>,
        columns: Range<Int>, along step: (x: Int, y: Int), into target: inout [Float]
    ) {
        let (width, height) = size
        let reach = kernel.count / 2
        for y in rows {
            for x in columns {
                var sum: Float = 0
                for (i, w) in kernel.enumerated() {
                    let (sx, sy) = (x + (i - reach) * step.x, y + (i - reach) * step.y)
                    if sx >= 0 && sx < width && sy >= 0 && sy < height { sum += w * source[sy * width + sx] }
                }
                target[y * width + x] = sum
            }
        }
    }

    /// Paints the alpha tinted with `color` (premultiplied) onto `context`, its pixel (0, 0) at
    /// device pixel `origin` of the context's surface, through the context's clip.
    func paint(color: SIMD4<Float>, onto context: CGContext, at origin: CGPoint) {
        guard let box = inkBox(),
            let surface = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32(box.x1 - box.x0), Int32(box.y1 - box.y0))
        else { return }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        func byte(_ v: Float) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        for y in box.y0..<box.y1 {
            let row = UnsafeMutableRawPointer(data + (y - box.y0) * stride).assumingMemoryBound(to: UInt32.self)
            for x in box.x0..<box.x1 {
                let c = color * alpha[y * width + x]
                row[x - box.x0] = byte(c.w) << 24 | byte(c.x) << 16 | byte(c.y) << 8 | byte(c.z)
            }
        }
        cairo_surface_mark_dirty(surface)
        let cairo = context.cairo
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        cairo_set_source_surface(cairo, surface, Double(origin.x) + Double(box.x0), Double(origin.y) + Double(box.y0))
        cairo_paint_with_alpha(cairo, Double(context.alpha))
        cairo_restore(cairo)
    }

    /// The smallest box (end exclusive) holding every pixel above 0; nil when there is none.
    private func inkBox() -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var (x0, y0, x1, y1) = (width, height, 0, 0)
        for y in 0..<height {
            for x in 0..<width where alpha[y * width + x] > 0 {
                x0 = min(x0, x)
                x1 = max(x1, x + 1)
                y0 = min(y0, y)
                y1 = max(y1, y + 1)
            }
        }
        return x1 > x0 ? (x0, y0, x1, y1) : nil
    }
}
