import Foundation

/// Where a layer's contents image lands in its bounds: the quads (destination rect in layer
/// space and the texture rect they sample) for `contentsGravity`, `contentsRect`,
/// `contentsScale` and the 9-slice `contentsCenter`.
enum ContentsLayout {
    /// One textured piece: `destination` in layer space, `source` in unit texture coordinates.
    struct Piece: Equatable {
        var destination: CGRect
        var source: CGRect
    }

    /// The pieces that draw `image` in a layer with `properties` (1 piece, or up to 9 for a 9-slice).
    static func pieces(for properties: LayerProperties, image: CGImage) -> [Piece] {
        pieces(for: properties, imageWidth: image.width, imageHeight: image.height)
    }

    /// The pieces that draw an image of `imageWidth` x `imageHeight` pixels in a layer with
    /// `properties` (1 piece, or up to 9 for a 9-slice).
    static func pieces(for properties: LayerProperties, imageWidth: Int, imageHeight: Int) -> [Piece] {
        let source = properties.contentsRect
        let natural = CGSize(
            width: CGFloat(imageWidth) * source.width / properties.contentsScale,
            height: CGFloat(imageHeight) * source.height / properties.contentsScale)
        let destination = place(natural, in: properties.bounds, gravity: properties.contentsGravity)
        let center = normalizedCenter(properties.contentsCenter, imageWidth: imageWidth, imageHeight: imageHeight)
        if center == CGRect(x: 0, y: 0, width: 1, height: 1) {
            return [Piece(destination: destination, source: source)]
        }
        return nineSlice(destination: destination, source: source, center: center, natural: natural)
    }

    /// The rectangle of size `natural` placed in `bounds` by `gravity` ("top" is maximum Y).
    static func place(_ natural: CGSize, in bounds: CGRect, gravity: CALayerContentsGravity) -> CGRect {
        let (w, h) = (natural.width, natural.height)
        switch gravity {
        case .resize:
            return bounds
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return bounds }
            let fit =
                gravity == .resizeAspect
                ? min(bounds.width / w, bounds.height / h) : max(bounds.width / w, bounds.height / h)
            let size = CGSize(width: w * fit, height: h * fit)
            return CGRect(
                x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width,
                height: size.height)
        default:
            let name = gravity.rawValue.lowercased()
            let x = name.contains("left") ? bounds.minX : name.contains("right") ? bounds.maxX - w : bounds.midX - w / 2
            let y = name.contains("bottom") ? bounds.minY : name.contains("top") ? bounds.maxY - h : bounds.midY - h / 2
            return CGRect(x: x, y: y, width: w, height: h)
        }
    }

    /// `contentsCenter` with a zero width or height widened to one source pixel, as Core Animation does.
    private static func normalizedCenter(_ c: CGRect, imageWidth: Int, imageHeight: Int) -> CGRect {
        var c = c
        if c.width == 0 { c.size.width = 1 / CGFloat(max(imageWidth, 1)) }
        if c.height == 0 { c.size.height = 1 / CGFloat(max(imageHeight, 1)) }
        return c
    }

    private static func nineSlice(destination d: CGRect, source s: CGRect, center c: CGRect, natural: CGSize) -> [Piece]
    {
        // Fixed edges keep their natural size; they shrink together when the destination is too small.
        func edges(_ lead: CGFloat, _ trail: CGFloat, _ length: CGFloat) -> (CGFloat, CGFloat) {
            let total = lead + trail
            return total > length && total > 0 ? (lead * length / total, trail * length / total) : (lead, trail)
        }
        let (left, right) = edges(c.minX * natural.width, (1 - c.maxX) * natural.width, d.width)
        let (top, bottom) = edges(c.minY * natural.height, (1 - c.maxY) * natural.height, d.height)
        let xs = [d.minX, d.minX + left, d.maxX - right, d.maxX]
        let ys = [d.minY, d.minY + top, d.maxY - bottom, d.maxY]
        let us = [0, c.minX, c.maxX, 1].map { s.minX + $0 * s.width }
        let vs = [0, c.minY, c.maxY, 1].map { s.minY + $0 * s.height }
        var pieces: [Piece] = []
        for row in 0..<3 {
            for column in 0..<3 where xs[column + 1] > xs[column] && ys[row + 1] > ys[row] {
                pieces.append(
                    Piece(
                        destination: CGRect(
                            x: xs[column], y: ys[row], width: xs[column + 1] - xs[column], height: ys[row + 1] - ys[row]
                        ),
                        source: CGRect(
                            x: us[column], y: vs[row], width: us[column + 1] - us[column], height: vs[row + 1] - vs[row]
                        )))
            }
        }
        return pieces
    }
}
