import Foundation

/// What a shape layer draws, as a plain value: a path filled and stroked with the line settings
/// and stroke range given, holding no layer, so that it can be drawn on any thread.
///
/// `draw(in:scale:)` is the one place a shape's fill, stroke, trim and line settings become
/// drawing; `extent(near:)` says how large a raster the drawing needs.
struct ShapeDrawing: Sendable {
    /// The path's elements, in the coordinates of the context drawn into.
    var path: [CGPathElementKind]
    /// The colour filling the path (straight RGBA); nil fills nothing.
    var fillColor: RGBA?
    /// How the inside of the path is decided when filling.
    var fillRule: CGPathFillRule
    /// The colour stroking the path (straight RGBA); nil strokes nothing.
    var strokeColor: RGBA?
    /// The stroke's width, at least 0.
    var lineWidth: CGFloat
    /// The ends of open subpaths.
    var lineCap: CGLineCap
    /// The corners of the stroke.
    var lineJoin: CGLineJoin
    /// The ratio of a miter's length to the line width beyond which miter joins are bevelled.
    var miterLimit: CGFloat
    /// Alternating painted and unpainted lengths; empty strokes a solid line.
    var dashes: [CGFloat]
    /// How far into `dashes` the stroke starts.
    var dashPhase: CGFloat
    /// Where stroking starts, as a fraction (0...1) of the path's total length.
    var strokeStart: CGFloat
    /// Where stroking ends, as a fraction (0...1) of the path's total length.
    var strokeEnd: CGFloat

    /// A shape with its values made drawable: a negative `lineWidth` is 0, `strokeStart` and
    /// `strokeEnd` are clamped to 0...1, and a dash pattern with a negative length or none
    /// above 0 strokes a solid line.
    init(
        path: [CGPathElementKind], fillColor: RGBA?, fillRule: CGPathFillRule, strokeColor: RGBA?, lineWidth: CGFloat,
        lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat, dashes: [CGFloat], dashPhase: CGFloat,
        strokeStart: CGFloat, strokeEnd: CGFloat
    ) {
        self.path = path
        self.fillColor = fillColor
        self.fillRule = fillRule
        self.strokeColor = strokeColor
        self.lineWidth = max(lineWidth, 0)
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dashes = dashes.contains(where: { $0 > 0 }) && dashes.allSatisfy({ $0 >= 0 }) ? dashes : []
        self.dashPhase = dashPhase
        self.strokeStart = min(max(strokeStart, 0), 1)
        self.strokeEnd = min(max(strokeEnd, 0), 1)
    }

    /// Whether any stroke is drawn.
    var strokes: Bool { strokeColor != nil && lineWidth > 0 && strokeEnd > strokeStart }

    /// The area drawing touches: the fill's and stroke's extents (widened by a point for
    /// anti-aliasing); nil when there is nothing to draw. Measured with the path clipped as
    /// drawing clips it (`PathClipping`) around `bounds`, from whole units near them, so that
    /// huge coordinates are measured where they are, not wrapped.
    func extent(near bounds: CGRect) -> CGRect? {
        var area = CGRect.null
        if !path.isEmpty, fillColor != nil || strokes, let context = CGContext(layerWidth: 1, height: 1, scale: 1) {
            let origin =
                bounds.isFiniteValue
                ? CGPoint(x: bounds.minX.rounded(.down), y: bounds.minY.rounded(.down)) : CGPoint.zero
            context.translateBy(x: -origin.x, y: -origin.y)
            let clipping = PathClipping(
                transform: context.userToDevice,
                store: CGRect(origin: .zero, size: bounds.isFiniteValue ? bounds.size : .zero))
            if fillColor != nil {
                context.addPath(CGPath(elements: clipping.fill(path)))
                area = area.union(context.pathExtents.insetBy(dx: -1, dy: -1))
            }
            if strokes {
                context.beginPath()
                context.addPath(CGPath(elements: clipping.stroke(path)))
                applyLine(to: context, scale: 1)
                area = area.union(context.strokeExtents.insetBy(dx: -1, dy: -1))
            }
        }
        return area.isNull || !area.isFiniteValue ? nil : area
    }

    /// Whether only part of the path is stroked (`strokeStart` above 0 or `strokeEnd` below 1).
    var isTrimmed: Bool { strokeStart > 0 || strokeEnd < 1 }

    /// The path measured for trimming its stroke when drawn at `scale` device pixels a unit:
    /// flattened to within a tenth of a pixel.
    func measuredForTrimming(at scale: CGFloat) -> StrokeTrim {
        StrokeTrim(CGPath(elements: path), tolerance: Self.trimTolerance(at: scale))
    }

    private static func trimTolerance(at scale: CGFloat) -> CGFloat { 0.1 / max(scale, 0.01) }

    /// Fills the whole path, then strokes the part from `strokeStart` to `strokeEnd`, in
    /// `context`'s user space; `scale` (device pixels per unit) sets how finely a trimmed
    /// stroke follows curves, measured by `trim` when it was measured at that scale
    /// (`measuredForTrimming(at:)`, kept by a caller that draws the same path again). A path
    /// reaching beyond what Cairo's fixed point holds is clipped first (`PathClipping`), after
    /// trimming, so that trims and dashes are measured on the whole path.
    func draw(in context: CGContext, scale: CGFloat, trim: StrokeTrim? = nil) {
        guard !path.isEmpty else { return }
        let clipping = context.pathClipping
        if let fillColor {
            context.beginPath()
            context.addPath(CGPath(elements: clipping.fill(path)))
            context.setFillColor(fillColor)
            context.fillPath(using: fillRule)
        }
        guard strokes, let strokeColor else { return }
        context.beginPath()
        let stroked: [CGPathElementKind]
        if isTrimmed {
            let measured = trim.flatMap { $0.tolerance == Self.trimTolerance(at: scale) ? $0 : nil }
            stroked = (measured ?? measuredForTrimming(at: scale)).elements(from: strokeStart, to: strokeEnd)
        } else {
            stroked = path
        }
        // Cairo repeats an odd number of dash lengths twice over.
        let dashLength = dashes.isEmpty ? nil : dashes.reduce(0, +) * (dashes.count % 2 == 0 ? 1 : 2)
        context.addPath(CGPath(elements: clipping.stroke(stroked, dashLength: dashLength)))
        applyLine(to: context, scale: scale)
        context.setStrokeColor(strokeColor)
        context.strokePath()
    }

    /// The widest stroke handed to Cairo, in device pixels: 2^22, half the range of Cairo's
    /// fixed-point coordinates, beyond which it draws nothing. A wider line covers a backing
    /// store (at most 8192 pixels a side) near its path exactly as this one does.
    static let maximumDeviceLineWidth: CGFloat = 4_194_304

    /// Sets the line settings, the width at most `maximumDeviceLineWidth` at `scale` device
    /// pixels a unit.
    private func applyLine(to context: CGContext, scale: CGFloat) {
        context.setLineWidth(min(lineWidth, Self.maximumDeviceLineWidth / max(scale, .leastNormalMagnitude)))
        context.setLineCap(lineCap)
        context.setLineJoin(lineJoin)
        context.setMiterLimit(miterLimit)
        context.setLineDash(phase: dashPhase, lengths: dashes)
    }
}
