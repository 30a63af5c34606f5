import Foundation

/// `CATextLayer`s drawn from the tree's `GlyphAtlas`: one quad per glyph, textured from the
/// atlas page that holds it and coloured on the GPU, so that text in many layers shares a draw
/// call per page and `foregroundColor` animates without the app thread.
extension FrameBuilder {
    /// Draws the glyphs of `runs` (text layer `p`'s) where its backing store would have shown
    /// them: the text is a picture of `bounds` x `scale` pixels as it was shaped, placed in the
    /// current bounds by `contentsGravity` as contents are, and cut off at that picture's edges;
    /// clipped to the rounded shape with `masksToBounds`. A run without a colour of its own takes
    /// the `foregroundColor` shown (animated or not); nil draws it not at all. Colour glyphs
    /// (emoji) keep their colours, with the text colour's alpha.
    mutating func drawGlyphs(_ runs: GlyphRuns, properties p: LayerProperties, in draw: ContentsDraw, alpha: Float) {
        let scale = runs.scale
        let picture = SIMD2(
            Float((runs.bounds.width * scale).rounded(.up)), Float((runs.bounds.height * scale).rounded(.up)))
        guard picture.x > 0, picture.y > 0 else { return }
        // A layer too large for a backing store (its picture beyond Float's range) draws no text,
        // as no backing store could be made for it.
        guard picture.x.isFinite, picture.y.isFinite else {
            Diagnostics.errorOnce(
                "render.glyphs.huge",
                "render: a text layer of \(runs.bounds.size) points at scale \(scale) is too large to draw its text")
            return
        }
        let colors = runs.runs.map { run in (run.color ?? p.shownForegroundColor).map { $0.premultiplied * alpha } }
        guard colors.contains(where: { ($0?.w ?? 0) > 0 }) else { return }
        let destination = ContentsLayout.place(
            CGSize(width: CGFloat(picture.x) / scale, height: CGFloat(picture.y) / scale), in: p.bounds,
            gravity: p.contentsGravity)
        let origin = SIMD2(Float(destination.minX), Float(destination.minY))
        let perPixel = SIMD2(Float(destination.width), Float(destination.height)) / picture
        for (r, drawables) in tree.glyphAtlas.drawables(for: runs).enumerated() {
            guard let color = colors[r], color.w > 0 else { continue }
            for (g, drawable) in drawables.enumerated() {
                guard let drawable else { continue }
                let placed = runs.runs[r].glyphs[g].pixel
                let corner = SIMD2<Float>(SIMD2(placed.x &+ drawable.pixels.x, placed.y &+ drawable.pixels.y))
                let size = SIMD2<Float>(Float(drawable.pixels.z), Float(drawable.pixels.w))
                // The glyph's pixels within the picture, and the part of its texels they show.
                let low = pointwiseMax(corner, .zero)
                let high = pointwiseMin(corner + size, picture)
                guard low.x < high.x, low.y < high.y else { continue }
                let uvSize = SIMD2(drawable.uv.z - drawable.uv.x, drawable.uv.w - drawable.uv.y) / size
                let uvLow = SIMD2(drawable.uv.x, drawable.uv.y) + (low - corner) * uvSize
                let uvHigh = SIMD2(drawable.uv.x, drawable.uv.y) + (high - corner) * uvSize
                // A colour glyph keeps its own colours: only the text colour's alpha applies.
                let tint = drawable.isColor ? SIMD4(repeating: color.w) : color
                let from = origin + low * perPixel
                let quad = draw.texture(
                    color: tint, rect: SIMD4(lowHalf: from, highHalf: (high - low) * perPixel),
                    uv: SIMD4(lowHalf: uvLow, highHalf: uvHigh))
                batcher.add(quad, image: drawable.image, sampling: TextureSampling())
            }
        }
    }
}
