import Foundation

/// A `CAShapeLayer`'s shape rasterised by the render side: the anti-aliased pixels of its fill
/// and stroke at one scale, and where they lie in the layer's coordinates.
///
/// The render side draws shapes from committed and animated values (`ShapeRaster.Key`), with
/// the same Cairo drawing (`ShapeDrawing`) the app side would use, so animations of a shape run
/// while the app thread is busy. A raster covers the shape's extent, not the bounds, placed on
/// whole pixels of the layer's pixel grid at its scale.
struct ShapeRaster: Sendable {
    /// The values the raster was drawn from.
    let key: Key
    /// The pixels (premultiplied RGBA).
    let image: CGImage
    /// Where the pixels lie, in the layer's coordinates.
    let rect: CGRect
    /// What the drawing touches (`ShapeDrawing.extent(near:)`), before the budget cuts it.
    let extent: CGRect
    /// The path measured for its trimmed stroke; nil when the stroke is not trimmed.
    let trim: StrokeTrim?

    /// What a shape's pixels depend on: the values shown (animated or committed), the bounds
    /// (huge shapes are drawn near them) and the scale. Paths are compared by their elements
    /// (the same path object at once), so that layers showing equal shapes, each with a path of
    /// its own, share one raster. Hashed by a few of its numbers, which tell most shapes apart.
    struct Key: Hashable, Sendable {
        private let comparedPath: ComparedPath
        let fillColor: RGBA?
        let fillRule: CAShapeLayerFillRule
        let strokeColor: RGBA?
        let lineWidth: CGFloat
        let miterLimit: CGFloat
        let lineCap: CAShapeLayerLineCap
        let lineJoin: CAShapeLayerLineJoin
        let lineDashPhase: CGFloat
        let lineDashPattern: NumberList
        let strokeStart: CGFloat
        let strokeEnd: CGFloat
        let bounds: CGRect
        let scale: CGFloat
        /// The hash of the path and the values that tell most shapes apart, worked out once:
        /// the cache's dictionaries and lock hash a key many times a frame.
        private let digest: Int

        /// The shape shown by a layer with properties `p`, rasterised at `scale` pixels a unit.
        init(_ p: LayerProperties, scale: CGFloat) {
            comparedPath = ComparedPath(path: p.shapePath)
            fillColor = p.shownFillColor
            fillRule = p.fillRule
            strokeColor = p.shownStrokeColor
            lineWidth = p.lineWidth
            miterLimit = p.miterLimit
            lineCap = p.lineCap
            lineJoin = p.lineJoin
            lineDashPhase = p.lineDashPhase
            lineDashPattern = p.lineDashPattern
            strokeStart = p.strokeStart
            strokeEnd = p.strokeEnd
            bounds = p.bounds
            self.scale = scale
            var hasher = Hasher()
            hasher.combine(comparedPath)
            hasher.combine(fillColor)
            hasher.combine(strokeColor)
            hasher.combine(strokeStart)
            hasher.combine(strokeEnd)
            hasher.combine(lineWidth)
            hasher.combine(bounds.width)
            hasher.combine(bounds.height)
            hasher.combine(scale)
            digest = hasher.finalize()
        }

        /// The path drawn.
        var path: CGPath? { comparedPath.path }

        /// The numbers first, the paths' elements last: a dictionary compares a key with the
        /// others its probe meets, most of them different shapes of paths alike. A NaN equals a
        /// NaN here, so that every key equals itself: a shape drawn from NaN values is found
        /// again, and forgotten, like any other.
        static func == (a: Key, b: Key) -> Bool {
            a.digest == b.digest && same(a.strokeEnd, b.strokeEnd) && same(a.strokeStart, b.strokeStart)
                && same(a.strokeColor, b.strokeColor) && same(a.fillColor, b.fillColor)
                && same(a.lineWidth, b.lineWidth) && same(a.scale, b.scale)
                && same(a.bounds.origin.x, b.bounds.origin.x) && same(a.bounds.origin.y, b.bounds.origin.y)
                && same(a.bounds.width, b.bounds.width) && same(a.bounds.height, b.bounds.height)
                && a.fillRule == b.fillRule && same(a.miterLimit, b.miterLimit) && a.lineCap == b.lineCap
                && a.lineJoin == b.lineJoin && same(a.lineDashPhase, b.lineDashPhase)
                && (a.lineDashPattern.values ?? []).elementsEqual(b.lineDashPattern.values ?? [], by: same)
                && (a.lineDashPattern.values == nil) == (b.lineDashPattern.values == nil)
                && a.comparedPath == b.comparedPath
        }

        private static func same<T: FloatingPoint>(_ a: T, _ b: T) -> Bool { a == b || (a.isNaN && b.isNaN) }

        private static func same(_ a: RGBA?, _ b: RGBA?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return same(a.r, b.r) && same(a.g, b.g) && same(a.b, b.b) && same(a.a, b.a)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }

        /// Whether a shape drawn from `other` touches the same area: the same path, bounds and
        /// scale, filled or not alike, and stroked alike but for colour and trim (a trimmed
        /// stroke is measured whole).
        func touchesTheSameArea(as other: Key) -> Bool {
            comparedPath == other.comparedPath && bounds == other.bounds && scale == other.scale
                && (fillColor == nil) == (other.fillColor == nil) && strokes == other.strokes
                && (!strokes
                    || (lineWidth == other.lineWidth && miterLimit == other.miterLimit && lineCap == other.lineCap
                        && lineJoin == other.lineJoin && lineDashPattern == other.lineDashPattern
                        && lineDashPhase == other.lineDashPhase))
        }

        /// Whether a stroke is drawn.
        private var strokes: Bool { strokeColor != nil && lineWidth > 0 && strokeEnd > strokeStart }

        /// Whether the shape draws anything: a path with a fill colour or a visible stroke.
        var drawsSomething: Bool {
            guard let path, !path.isEmpty else { return false }
            let fills = (fillColor?.a ?? 0) > 0
            let strokes = (strokeColor?.a ?? 0) > 0 && lineWidth > 0 && strokeEnd > strokeStart
            return fills || strokes
        }

        /// The drawing these values describe.
        var drawing: ShapeDrawing {
            let cap: CGLineCap =
                switch lineCap {
                case .round: .round
                case .square: .square
                default: .butt
                }
            let join: CGLineJoin =
                switch lineJoin {
                case .round: .round
                case .bevel: .bevel
                default: .miter
                }
            return ShapeDrawing(
                path: path?.elements ?? [], fillColor: fillColor, fillRule: fillRule == .evenOdd ? .evenOdd : .winding,
                strokeColor: strokeColor, lineWidth: lineWidth, lineCap: cap, lineJoin: join, miterLimit: miterLimit,
                dashes: (lineDashPattern.values ?? []).map { CGFloat($0) }, dashPhase: lineDashPhase,
                strokeStart: strokeStart, strokeEnd: strokeEnd)
        }
    }

    /// This raster as it follows `previous`, the layer's raster before it: where both cover the
    /// same pixels, with `previous`'s image when no pixel differs, or with an image naming the
    /// rectangle that does, so that a renderer holding `previous`'s texture uploads only that
    /// (a stroke drawing itself changes a few pixels a frame).
    func following(_ previous: ShapeRaster?) -> ShapeRaster {
        guard let previous, previous.rect == rect, previous.image.width == image.width,
            previous.image.height == image.height
        else { return self }
        guard let region = image.differingRegion(from: previous.image) else {
            return ShapeRaster(key: key, image: previous.image, rect: rect, extent: extent, trim: trim)
        }
        return ShapeRaster(key: key, image: image.updating(region), rect: rect, extent: extent, trim: trim)
    }

    /// Rasterises the shape `key` describes: its extent (at most a square of 4096 pixels centred
    /// on the bounds, `BackingStoreBudget.shapeArea`) at the key's scale, or at a lower one where
    /// that is over the backing-store budget (logged once). The extent is `previous`'s when that
    /// touched the same area (measuring it strokes the path once more), and so is its path's
    /// measure for trimming when drawn from the same path at the same scale. Nil when nothing is
    /// drawn: no path, no fill and no stroke, a zero or non-finite scale, or an extent too large
    /// to measure.
    static func rasterize(_ key: Key, after previous: ShapeRaster? = nil) -> ShapeRaster? {
        guard key.drawsSomething, key.scale.isFinite, key.scale > 0 else { return nil }
        let drawing = key.drawing
        let known = previous.flatMap { $0.key.touchesTheSameArea(as: key) ? $0.extent : nil }
        guard let extent = known ?? drawing.extent(near: key.bounds) else { return nil }
        let area = BackingStoreBudget.shapeArea(extent, around: key.bounds, at: key.scale)
        guard area.width > 0, area.height > 0 else { return nil }
        // Placed on whole pixels, the raster can take one more pixel a side.
        let scale = BackingStoreBudget.scale(for: area.size, at: key.scale, margin: 1)
        if scale < key.scale {
            Diagnostics.errorOnce(
                "render.shapeScale",
                "render: a CAShapeLayer's shape of \(area.size) points is over the budget of \(BackingStoreBudget.maximumPixelCount) pixels at scale \(key.scale); drawn at scale \(scale)"
            )
        }
        // Whole pixels from the layer's origin, so the shape lands on the layer's pixel grid.
        let x0 = (area.minX * scale).rounded(.down)
        let y0 = (area.minY * scale).rounded(.down)
        let x1 = (area.maxX * scale).rounded(.up)
        let y1 = (area.maxY * scale).rounded(.up)
        let largest = CGFloat(Int32.max)
        guard x1 - x0 <= largest, y1 - y0 <= largest else {
            Diagnostics.errorOnce(
                "render.shapeExtent", "render: a CAShapeLayer's shape too large to measure in pixels is not drawn")
            return nil
        }
        let rect = CGRect(x: x0 / scale, y: y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale)
        guard let context = CGContext(layerWidth: Int(x1 - x0), height: Int(y1 - y0), scale: scale) else { return nil }
        context.translateBy(x: -rect.minX, y: -rect.minY)
        var trim: StrokeTrim?
        if drawing.isTrimmed {
            let same = previous.flatMap { $0.key.path == key.path && $0.key.scale == key.scale ? $0.trim : nil }
            trim = same ?? drawing.measuredForTrimming(at: scale)
        }
        drawing.draw(in: context, scale: scale, trim: trim)
        guard let image = context.makeImage() else { return nil }
        return ShapeRaster(key: key, image: image, rect: rect, extent: extent, trim: trim)
    }
}

/// A path compared by its elements (`CGPath ==`: the same object at once), hashed by their
/// count and where the first and the last begin or end: a few numbers, whatever the length.
private struct ComparedPath: Hashable, Sendable {
    let path: CGPath?

    func hash(into hasher: inout Hasher) {
        guard let elements = path?.elements else { return hasher.combine(-1) }
        hasher.combine(elements.count)
        let first = elements.first?.endPoint
        // The last element is often a close, which names no point.
        let last = elements.last?.endPoint ?? elements.dropLast().last?.endPoint
        hasher.combine(first?.x)
        hasher.combine(first?.y)
        hasher.combine(last?.x)
        hasher.combine(last?.y)
    }
}
