extension DisplayList {
    /// The colour over a highlighted region: translucent magenta, premultiplied.
    static let damageHighlight = SIMD4<Float>(0.35, 0, 0.35, 0.35)

    /// The list with each rectangle of `region` (target pixels, GL's orientation) tinted over
    /// everything, to show where a frame drawn only where it changed was drawn
    /// (`LayerWindow.showsDamage`). The next frame must draw the region again to take the tint away.
    package func highlighting(_ region: DamageRegion) -> DisplayList {
        guard !region.isEmpty else { return self }
        let transform = ClipSpace.fromWindow(width: width, height: height).float16
        var list = self
        let first = list.instances.count
        for rect in region.rects {
            // Target pixels with y down, as the frame builder's quads are placed.
            let placed = SIMD4(
                Float(rect.x), Float(height - rect.y - rect.height), Float(rect.width), Float(rect.height))
            list.instances.append(.filled(transform: transform, rect: placed, color: Self.damageHighlight))
        }
        list.commands.append(
            .draw(
                DrawBatch(
                    first: first, count: region.rects.count, image: nil, sampling: .init(), isShaped: false)))
        return list
    }
}
