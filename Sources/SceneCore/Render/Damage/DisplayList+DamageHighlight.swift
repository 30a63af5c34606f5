extension DisplayList {
    /// The colour over a highlighted region: translucent magenta, premultiplied.
    static let damageHighlight = SIMD4<Float>(0.35, 0, 0.35, 0.35)

    /// The list with `region` (target pixels, GL's orientation) tinted over everything, to show
    /// where a frame drawn only where it changed was drawn (`LayerWindow.showsDamage`). The
    /// next frame must draw the region again to take the tint away.
    package func highlighting(_ region: PixelRegion) -> DisplayList {
        guard !region.isEmpty else { return self }
        // Target pixels with y down, as the frame builder's quads are placed.
        let rect = SIMD4(
            Float(region.x), Float(height - region.y - region.height), Float(region.width), Float(region.height))
        let tint = QuadInstance.filled(
            transform: ClipSpace.fromWindow(width: width, height: height).float16, rect: rect,
            color: Self.damageHighlight)
        var list = self
        list.instances.append(tint)
        list.commands.append(
            .draw(DrawBatch(first: list.instances.count - 1, count: 1, image: nil, sampling: .init(), isShaped: false)))
        return list
    }
}

extension PixelRegion {
    /// The smallest region holding both (an empty one adds nothing).
    package func union(_ other: PixelRegion) -> PixelRegion {
        guard !other.isEmpty else { return self }
        guard !isEmpty else { return other }
        let (x0, y0) = (min(x, other.x), min(y, other.y))
        let (x1, y1) = (max(x + width, other.x + other.width), max(y + height, other.y + other.height))
        return PixelRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
