import CSceneCoreCairo
import Foundation

extension TextDrawing {
    /// The text shaped by Pango exactly as `draw(in:)` lays it out into a backing store of
    /// `scale` pixels per point, as the glyphs the render side draws from its atlas; nil for no
    /// text.
    ///
    /// The layout is made for a context scaled by `scale`, so that fonts are hinted as they are
    /// when Pango draws into such a backing store, and each run keeps the scaled font that
    /// draws it. A run takes its attributed colour; `color` is left to the render side (nil)
    /// for plain text, and is the colour of attributed runs without one. Glyphs Pango draws as
    /// boxes (characters no font has) and empty glyphs are left out.
    func glyphRuns(scale: CGFloat, attributed: Bool) -> GlyphRuns? {
        TextEngine.withLock { shapedRuns(scale: scale, attributed: attributed) }
    }

    private func shapedRuns(scale: CGFloat, attributed: Bool) -> GlyphRuns? {
        guard scale.isFinite, scale > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else {
            return nil
        }
        defer { cairo_surface_destroy(surface) }
        guard let cairo = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cairo) }
        cairo_scale(cairo, Double(scale), Double(scale))
        guard let (layout, origin) = laidOut(cairo: cairo, visibleHeight: box.height) else { return nil }
        let runs = layout.glyphRuns(
            from: CGPoint(x: origin.x - box.minX, y: origin.y - box.minY), scale: Double(scale),
            picture: SIMD2(Double(box.width), Double(box.height)) * Double(scale), content: content,
            defaultColor: attributed ? color : nil)
        return GlyphRuns(runs: runs, bounds: box, scale: Double(scale))
    }
}

extension TextLayout {
    /// The largest pixel coordinate a placed glyph may have (`PlacedGlyph.pixel` is 32-bit).
    static let largestPixel = Double(Int32.max / 2)

    /// The layout's runs as placed glyphs, its top left at `origin` (points from the box's top
    /// left), on the whole pixels at `scale` cairo draws them at (`PlacedGlyph`), leaving out
    /// glyphs too far outside the `picture` (the box in pixels) to show. A run's colour is that
    /// of the attributed run of `content` it starts in, else `defaultColor`.
    func glyphRuns(
        from origin: CGPoint, scale: Double, picture: SIMD2<Double>, content: TextContent, defaultColor: RGBA?
    ) -> [GlyphRuns.Run] {
        guard let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        let unit = Double(PANGO_SCALE)
        let reach = Double(GlyphAtlas.maximumGlyphSide)
        var runs: [GlyphRuns.Run] = []
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
                let glyphs = run.pointee.glyphs, let pangoFont = item.pointee.analysis.font,
                let font = GlyphFont(retaining: pangoFont)
            else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &logical)
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) / unit
            var penX = Double(logical.x) / unit
            var placed: [PlacedGlyph] = []
            placed.reserveCapacity(Int(glyphs.pointee.num_glyphs))
            for index in 0..<Int(glyphs.pointee.num_glyphs) {
                let info = glyphs.pointee.glyphs[index]
                defer { penX += Double(info.geometry.width) / unit }
                // PANGO_GLYPH_EMPTY draws nothing; a character no font has (PANGO_GLYPH_UNKNOWN_FLAG
                // and its code point) is kept: the atlas draws Pango's box for it.
                guard info.glyph != GlyphRasterizer.emptyGlyph else { continue }
                let x = (Double(origin.x) + penX + Double(info.geometry.x_offset) / unit) * scale
                let y = (Double(origin.y) + baseline + Double(info.geometry.y_offset) / unit) * scale
                // Glyphs whose origin is farther outside the picture than a glyph reaches cannot show.
                guard x > -reach, y > -reach, x < picture.x + reach, y < picture.y + reach else { continue }
                // A picture too large for 32-bit pixels (bounds of 1e300 points) keeps those that fit.
                guard x < Self.largestPixel, y < Self.largestPixel else { continue }
                // Rounded as cairo's image backend rounds a glyph's position (half up).
                let pixel = SIMD2(Int32((x + 0.5).rounded(.down)), Int32((y + 0.5).rounded(.down)))
                placed.append(PlacedGlyph(id: info.glyph, pixel: pixel))
            }
            guard !placed.isEmpty else { continue }
            let offset = Int(item.pointee.offset)
            let color = content.run(atByte: offset)?.color?.value ?? defaultColor
            runs.append(GlyphRuns.Run(font: font, color: color, glyphs: placed))
        } while pango_layout_iter_next_run(iterator) != 0
        return runs
    }
}
