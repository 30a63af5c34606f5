import CSceneCoreCairo
import Foundation

/// A bitmap drawing context with Core Graphics' calls, drawn by Cairo.
///
/// `CGContext(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)` makes a
/// bitmap context as in Core Graphics: its user space has the origin at the bottom left and y
/// growing upwards. The context a layer gives `draw(in:)` instead uses the layer's own
/// coordinates (origin top left, y down, scaled by `contentsScale`), as on iOS.
///
/// The graphics state (CTM, clip, line settings, colours, alpha, blend mode) is saved and
/// restored with `saveGState()` and `restoreGState()`. Path calls build the current path in
/// user space at the CTM of each call; fill, stroke and clip consume it.
public final class CGContext {
    /// The bitmap's width in pixels.
    public let width: Int
    /// The bitmap's height in pixels.
    public let height: Int
    /// The bits of each colour or alpha component of a pixel: 8.
    public let bitsPerComponent: Int
    /// The bits of a whole pixel: 32 for RGBA or BGRA, 8 for gray.
    public let bitsPerPixel: Int
    /// The length of a row of the bitmap in bytes, padding included.
    public let bytesPerRow: Int
    /// The colour space the bitmap's pixels are in (device RGB or gray).
    public let colorSpace: CGColorSpace?
    /// The bitmap's layout as it was given: a `CGImageAlphaInfo` raw value in the low bits, ORed
    /// with a byte order (`CGBitmapInfo`).
    public let bitmapInfo: UInt32

    let surface: OpaquePointer
    let cairo: OpaquePointer
    /// A caller's buffer in a layout Cairo does not draw (RGBA, gray): the drawing is copied
    /// into it by `flush()`.
    private let external: (pointer: UnsafeMutableRawPointer, layout: PixelLayout)?
    /// User space to device space before any call: a flip for Core Graphics' y-up bitmap contexts.
    private let base: cairo_matrix_t

    private struct State {
        var fill = RGBA(r: 0, g: 0, b: 0, a: 1)
        var stroke = RGBA(r: 0, g: 0, b: 0, a: 1)
        var alpha: Float = 1
    }
    private var state = State()
    /// How images are sampled when drawn scaled. Default `.default` (bilinear).
    public var interpolationQuality = CGInterpolationQuality.default
    private var savedStates: [State] = []
    /// The transparency layers begun and not yet ended: the graphics state at each
    /// `beginTransparencyLayer(auxiliaryInfo:)` and how many states were saved then.
    private var transparencyLayers: [(state: State, savedStates: Int)] = []

    enum PixelLayout { case bgraPremultiplied, rgbaPremultiplied, gray }

    /// A bitmap context drawing into `data` (or into memory of its own when nil).
    ///
    /// Supported: 8 bits per component with premultiplied alpha, first (BGRA in memory with
    /// `byteOrder32Little`) or last (RGBA), in sRGB; and 8-bit device gray without alpha. Other
    /// layouts return nil with a logged error, as Core Graphics returns nil for unsupported
    /// parameter combinations. A `bytesPerRow` of 0 means `width` pixels tightly packed; a negative
    /// one, one shorter than a row, or sizes whose bytes do not fit in Cairo's 32-bit counts (at
    /// most 32,767 pixels a side) are refused the same way.
    ///
    /// Unlike a layer's backing store, which `display()` keeps within 64 MiB, a context made
    /// here takes what it is asked for: 4 bytes a pixel (at most 2 GiB) of its own unless it
    /// draws into `data` in BGRA, and the caller's buffer besides for RGBA or gray `data`.
    public init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) {
        let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue)
        let little = bitmapInfo & CGBitmapInfo.byteOrderMask.rawValue == CGBitmapInfo.byteOrder32Little.rawValue
        let layout: PixelLayout
        switch (space.numberOfComponents, alpha, little) {
        case (3, .premultipliedFirst?, true), (3, .noneSkipFirst?, true): layout = .bgraPremultiplied
        case (3, .premultipliedLast?, false), (3, .noneSkipLast?, false): layout = .rgbaPremultiplied
        case (1, CGImageAlphaInfo.none?, _): layout = .gray
        default:
            Diagnostics.error(
                "CGContext: unsupported bitmap layout (\(space.numberOfComponents) components, bitmapInfo \(bitmapInfo)); use premultiplied first + byteOrder32Little, premultiplied last, or 8-bit gray"
            )
            return nil
        }
        let pixelBytes = layout == .gray ? 1 : 4
        // Checked arithmetic throughout: huge sizes and row lengths are refused, not an overflow trap.
        let (minimumRow, rowOverflow) = width.multipliedReportingOverflow(by: pixelBytes)
        let rowBytes = bytesPerRow == 0 ? minimumRow : bytesPerRow
        let (totalBytes, totalOverflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard bitsPerComponent == 8, width > 0, height > 0, width <= 32_767, height <= 32_767, !rowOverflow,
            rowBytes >= minimumRow, rowBytes <= Int(Int32.max), !totalOverflow, totalBytes <= Int(Int32.max)
        else {
            Diagnostics.error(
                "CGContext: refused \(width)x\(height), \(bitsPerComponent) bits per component, \(bytesPerRow) bytes per row"
            )
            return nil
        }
        let native = layout == .bgraPremultiplied && data != nil && rowBytes % 4 == 0
        let surface =
            native
            ? cairo_image_surface_create_for_data(
                data!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                Int32(width), Int32(height), Int32(rowBytes))
            : cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cairo = cairo_create(surface)
        else {
            Diagnostics.error("CGContext: Cairo could not make a \(width)x\(height) surface")
            return nil
        }
        self.width = width
        self.height = height
        self.bitsPerComponent = 8
        self.bitsPerPixel = pixelBytes * 8
        self.bytesPerRow = rowBytes
        self.colorSpace = space
        self.bitmapInfo = bitmapInfo
        self.surface = surface
        self.cairo = cairo
        self.external = (native || data == nil) ? nil : (data!, layout)
        // Core Graphics bitmap contexts are y-up: flip once, below every call.
        cairo_translate(cairo, 0, Double(height))
        cairo_scale(cairo, 1, -1)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        base = matrix
    }

    /// A context of `width` x `height` pixels in the y-down space of a layer scaled by `scale`
    /// (what `draw(in:)` receives), cleared to transparent; nil for a size outside
    /// `BackingStoreBudget`, which every backing store is first fitted to.
    /// With `recording`, the calls are recorded instead of drawn (`recordedDrawing()` hands
    /// them over), and the context has no pixels of its own.
    init?(layerWidth width: Int, height: Int, scale: CGFloat, recording: Bool = false) {
        var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(width), height: Double(height))
        guard width > 0, height > 0, BackingStoreBudget.fits(CGSize(width: width, height: height), at: 1),
            let surface = recording
                ? cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)
                : cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cairo = cairo_create(surface)
        else { return nil }
        self.width = width
        self.height = height
        bitsPerComponent = 8
        bitsPerPixel = 32
        bytesPerRow = recording ? width * 4 : Int(cairo_image_surface_get_stride(surface))
        colorSpace = CGColorSpace.srgb
        bitmapInfo = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        self.surface = surface
        self.cairo = cairo
        external = nil
        cairo_scale(cairo, Double(scale), Double(scale))
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        base = matrix
    }

    deinit {
        flush()
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// The calls recorded so far by a recording context; nil for a context with pixels.
    func recordedDrawing() -> RecordedDrawing? {
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_RECORDING else { return nil }
        cairo_surface_flush(surface)
        return RecordedDrawing(recording: surface, width: width, height: height)
    }

    /// Finishes drawing: for a caller's buffer in RGBA or gray layout, copies the pixels there.
    public func flush() {
        cairo_surface_flush(surface)
        guard let (pointer, layout) = external else { return }
        let source = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            let row = source + y * stride
            let out = pointer.advanced(by: y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let (b, g, r, a) = (row[x * 4], row[x * 4 + 1], row[x * 4 + 2], row[x * 4 + 3])
                switch layout {
                case .rgbaPremultiplied: (out[x * 4], out[x * 4 + 1], out[x * 4 + 2], out[x * 4 + 3]) = (r, g, b, a)
                case .gray:
                    // Composited over black, as a context without alpha shows it.
                    let luma: Int = Int(r) * 2126 + Int(g) * 7152 + Int(b) * 722
                    out[x] = UInt8((luma + 5000) / 10000)
                case .bgraPremultiplied: break
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// The pixels drawn so far, as an image (premultiplied RGBA, rows top to bottom).
    public func makeImage() -> CGImage? { makeImage(updating: nil) }

    /// Copies `image` (of the context's size) into the pixels, below any drawing to come.
    func copyPixels(from image: CGImage) {
        guard image.width == width, image.height == height, let data = cairo_image_surface_get_data(surface) else {
            return
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                let row = data + y * stride
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    (row[x * 4], row[x * 4 + 1], row[x * 4 + 2], row[x * 4 + 3]) = (
                        pixels[i + 2], pixels[i + 1], pixels[i], pixels[i + 3]
                    )
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// The pixels as an image that records which region differs from an earlier image.
    func makeImage(updating region: UpdatedRegion?) -> CGImage? {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = data + y * stride
                for x in 0..<width {
                    let o = (y * width + x) * 4
                    (out[o], out[o + 1], out[o + 2], out[o + 3]) = (
                        row[x * 4 + 2], row[x * 4 + 1], row[x * 4], row[x * 4 + 3]
                    )
                }
            }
        }
        return CGImage(premultipliedRGBA: pixels, width: width, height: height, updating: region)
    }

    // MARK: - Graphics state

    /// Pushes a copy of the graphics state.
    public func saveGState() {
        cairo_save(cairo)
        savedStates.append(state)
    }

    /// Pops the graphics state saved last; an unmatched restore is ignored, and so is one
    /// inside a transparency layer of a state saved before the layer began.
    public func restoreGState() {
        guard savedStates.count > (transparencyLayers.last?.savedStates ?? 0), let saved = savedStates.popLast()
        else { return }
        cairo_restore(cairo)
        state = saved
    }

    /// The current transformation from user space to device space (the surface's pixels, y down).
    var userToDevice: CGAffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(cairo, &m)
        return CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }

    /// Clipping for paths drawn with the current transformation onto this context's surface.
    var pathClipping: PathClipping {
        PathClipping(transform: userToDevice, store: CGRect(x: 0, y: 0, width: width, height: height))
    }

    /// The current transformation from user space, relative to the context's starting space.
    public var ctm: CGAffineTransform {
        var m = cairo_matrix_t()
        var inverse = base
        cairo_get_matrix(cairo, &m)
        cairo_matrix_invert(&inverse)
        var relative = cairo_matrix_t()
        cairo_matrix_multiply(&relative, &m, &inverse)
        return CGAffineTransform(
            a: relative.xx, b: relative.yx, c: relative.xy, d: relative.yy, tx: relative.x0, ty: relative.y0)
    }

    /// Moves the origin of user space by `x` and `y` (in the current user space).
    public func translateBy(x: CGFloat, y: CGFloat) { cairo_translate(cairo, Double(x), Double(y)) }
    /// Scales user space by `x` and `y`: later drawing is that many times larger on each axis.
    public func scaleBy(x: CGFloat, y: CGFloat) { cairo_scale(cairo, Double(x), Double(y)) }
    /// Rotates user space by `angle` radians (counter-clockwise in a y-up space).
    public func rotate(by angle: CGFloat) { cairo_rotate(cairo, Double(angle)) }

    /// Applies `transform` to user space (it acts before the current CTM).
    public func concatenate(_ transform: CGAffineTransform) {
        var m = cairo_matrix_t(
            xx: Double(transform.a), yx: Double(transform.b), xy: Double(transform.c),
            yy: Double(transform.d), x0: Double(transform.tx), y0: Double(transform.ty))
        cairo_transform(cairo, &m)
    }

    /// Sets the width of stroked lines, in user space units (negative widths are taken as 0).
    /// Default 1.
    public func setLineWidth(_ width: CGFloat) { cairo_set_line_width(cairo, Double(max(width, 0))) }
    /// Sets how the ends of stroked open subpaths are drawn. Default `.butt`.
    public func setLineCap(_ cap: CGLineCap) { cairo_set_line_cap(cairo, cap.cairo) }
    /// Sets how stroked segments meet at corners. Default `.miter`.
    public func setLineJoin(_ join: CGLineJoin) { cairo_set_line_join(cairo, join.cairo) }
    /// Sets the ratio of a miter's length to the line width beyond which a mitered corner is drawn
    /// beveled. Default 10.
    public func setMiterLimit(_ limit: CGFloat) { cairo_set_miter_limit(cairo, Double(limit)) }

    /// Dashes strokes with `lengths` (on, off, on, ...) starting `phase` into the pattern; an
    /// empty list draws solid lines.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let dashes = lengths.map { Double(max($0, 0)) }
        guard !dashes.isEmpty, dashes.contains(where: { $0 > 0 }) else { return cairo_set_dash(cairo, nil, 0, 0) }
        cairo_set_dash(cairo, dashes, Int32(dashes.count), Double(phase))
    }

    /// Sets the colour that fills paths and rectangles.
    public func setFillColor(_ color: CGColor) { state.fill = color.value }
    /// Sets the colour that strokes paths and rectangles.
    public func setStrokeColor(_ color: CGColor) { state.stroke = color.value }
    /// Sets the fill colour from straight (not premultiplied) sRGB components, 0...1.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fill = RGBA(r: Float(red), g: Float(green), b: Float(blue), a: Float(alpha))
    }
    /// Sets the stroke colour from straight (not premultiplied) sRGB components, 0...1.
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.stroke = RGBA(r: Float(red), g: Float(green), b: Float(blue), a: Float(alpha))
    }
    /// Sets the fill colour to a gray level and alpha, 0...1.
    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        state.fill = RGBA(r: Float(gray), g: Float(gray), b: Float(gray), a: Float(alpha))
    }
    /// Sets the stroke colour to a gray level and alpha, 0...1.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        state.stroke = RGBA(r: Float(gray), g: Float(gray), b: Float(gray), a: Float(alpha))
    }
    /// Sets the fill colour from straight RGBA components.
    func setFillColor(_ color: RGBA) { state.fill = color }
    /// Sets the stroke colour from straight RGBA components.
    func setStrokeColor(_ color: RGBA) { state.stroke = color }

    /// A constant opacity applied to everything drawn, 0...1.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = Float(min(max(alpha, 0), 1)) }

    /// The opacity `setAlpha(_:)` set, in effect now.
    var alpha: CGFloat { CGFloat(state.alpha) }

    /// Begins a transparency layer, as in Core Graphics: until the matching
    /// `endTransparencyLayer()`, drawing goes into a fully transparent offscreen layer (the
    /// size of the clip), with the alpha reset to 1 and the blend mode to normal; ending it
    /// composites the layer as one image with the alpha, blend mode and clip in effect when it
    /// began. Transparency layers nest. `auxiliaryInfo` is ignored, as Core Graphics documents
    /// no keys for it.
    public func beginTransparencyLayer(auxiliaryInfo: CFDictionary?) {
        transparencyLayers.append((state, savedStates.count))
        // cairo_push_group saves Cairo's state (operator, clip, CTM) and cairo_pop_group restores it.
        cairo_push_group(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        state.alpha = 1
    }

    /// Begins a transparency layer bounded by `rect` (user space): as
    /// `beginTransparencyLayer(auxiliaryInfo:)`, with drawing outside `rect` left out.
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: CFDictionary?) {
        beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo)
        clip(to: rect)
    }

    /// Ends the transparency layer begun last and composites it (see
    /// `beginTransparencyLayer(auxiliaryInfo:)`); graphics states saved inside it and not
    /// restored are dropped. Without a layer begun, does nothing.
    public func endTransparencyLayer() {
        guard let (outer, depth) = transparencyLayers.popLast() else { return }
        while savedStates.count > depth { restoreGState() }
        cairo_pop_group_to_source(cairo)
        state = outer
        cairo_paint_with_alpha(cairo, Double(state.alpha))
        // Leave no pattern as the source: the next fill or stroke sets its colour.
        cairo_set_source_rgba(cairo, 0, 0, 0, 0)
    }

    /// How drawing combines with the pixels already there.
    public func setBlendMode(_ mode: CGBlendMode) { cairo_set_operator(cairo, mode.cairo) }

    /// Whether edges are anti-aliased. Default true.
    public func setShouldAntialias(_ flag: Bool) {
        cairo_set_antialias(cairo, flag ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
    }

    // MARK: - Paths

    /// Discards the current path and starts an empty one.
    public func beginPath() { cairo_new_path(cairo) }
    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { cairo_move_to(cairo, Double(point.x), Double(point.y)) }
    /// Adds a straight line from the current point to `point`, which becomes the current point.
    public func addLine(to point: CGPoint) { cairo_line_to(cairo, Double(point.x), Double(point.y)) }

    /// Adds a cubic Bézier curve from the current point to `end`, shaped by two control points.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        cairo_curve_to(
            cairo, Double(control1.x), Double(control1.y), Double(control2.x), Double(control2.y),
            Double(end.x), Double(end.y))
    }

    /// Adds a quadratic Bézier curve from the current point to `end`, shaped by one control point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        let path = CGMutablePath()
        path.move(to: currentPointOrZero)
        path.addQuadCurve(to: end, control: control)
        replay(path.elements.dropFirst())
    }

    /// An arc as `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:)` makes it.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        let path = CGMutablePath()
        if cairo_has_current_point(cairo) != 0 { path.move(to: currentPointOrZero) }
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        replay(cairo_has_current_point(cairo) != 0 ? path.elements.dropFirst() : path.elements[...])
    }

    /// Adds `rect` as a closed subpath of its own.
    public func addRect(_ rect: CGRect) {
        let r = rect.standardized
        cairo_rectangle(cairo, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
    }

    /// Adds each rectangle as a closed subpath of its own.
    public func addRects(_ rects: [CGRect]) { for rect in rects { addRect(rect) } }

    /// Adds the ellipse that fits `rect` as a closed subpath of its own.
    public func addEllipse(in rect: CGRect) {
        let path = CGMutablePath()
        path.addEllipse(in: rect)
        replay(path.elements[...])
    }

    /// Adds a subpath that starts at the first point and joins the others with straight lines.
    public func addLines(between points: [CGPoint]) {
        let path = CGMutablePath()
        path.addLines(between: points)
        replay(path.elements[...])
    }

    /// Adds `path`'s elements to the current path, in user space.
    public func addPath(_ path: CGPath) { replay(path.elements[...]) }

    /// Closes the current subpath with a straight line back to its starting point.
    public func closePath() { cairo_close_path(cairo) }

    /// Whether the current path is empty.
    public var isPathEmpty: Bool {
        var x0 = 0.0
        var y0 = 0.0
        var x1 = 0.0
        var y1 = 0.0
        cairo_path_extents(cairo, &x0, &y0, &x1, &y1)
        return cairo_has_current_point(cairo) == 0 && x0 == x1 && y0 == y1
    }

    /// The box around the current path's points in user space, curves by their extremes (as
    /// Cairo measures it, whether or not the path encloses any area).
    var pathExtents: CGRect {
        var x0 = 0.0
        var y0 = 0.0
        var x1 = 0.0
        var y1 = 0.0
        cairo_path_extents(cairo, &x0, &y0, &x1, &y1)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The box in user space that stroking the current path with the line settings would
    /// cover, caps, joins and miters included.
    var strokeExtents: CGRect {
        var x0 = 0.0
        var y0 = 0.0
        var x1 = 0.0
        var y1 = 0.0
        cairo_stroke_extents(cairo, &x0, &y0, &x1, &y1)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    // MARK: - Drawing

    /// Fills the current path (and clears it).
    public func fillPath(using rule: CGPathFillRule = .winding) {
        setFillRule(rule)
        setSource(state.fill)
        cairo_fill(cairo)
    }

    /// Strokes the current path with the line settings (and clears it).
    public func strokePath() {
        setSource(state.stroke)
        cairo_stroke(cairo)
    }

    /// Fills and/or strokes the current path.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: fillPath(using: .winding)
        case .eoFill: fillPath(using: .evenOdd)
        case .stroke: strokePath()
        case .fillStroke, .eoFillStroke:
            setFillRule(mode == .fillStroke ? .winding : .evenOdd)
            setSource(state.fill)
            cairo_fill_preserve(cairo)
            setSource(state.stroke)
            cairo_stroke(cairo)
        }
    }

    /// Fills `rect` with the fill colour. The current path is replaced, then cleared.
    public func fill(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        fillPath()
    }
    /// Fills each rectangle with the fill colour. The current path is replaced, then cleared.
    public func fill(_ rects: [CGRect]) {
        beginPath()
        addRects(rects)
        fillPath()
    }
    /// Strokes the outline of `rect` with the stroke colour and line settings. The current path is
    /// replaced, then cleared.
    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }
    /// Strokes the outline of `rect` with a line `width` wide, leaving the context's line width as
    /// it was.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }
    /// Fills the ellipse that fits `rect`. The current path is replaced, then cleared.
    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }
    /// Strokes the ellipse that fits `rect`. The current path is replaced, then cleared.
    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes a line between each pair of points.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        for pair in stride(from: 0, to: points.count - 1, by: 2) {
            move(to: points[pair])
            addLine(to: points[pair + 1])
        }
        strokePath()
    }

    /// Makes `rect` transparent.
    public func clear(_ rect: CGRect) {
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        beginPath()
        addRect(rect)
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    /// Intersects the clip with the current path (and clears the path).
    public func clip(using rule: CGPathFillRule = .winding) {
        setFillRule(rule)
        cairo_clip(cairo)
    }

    /// Intersects the clip with `rect`: later drawing appears only inside it (until
    /// `restoreGState()`).
    public func clip(to rect: CGRect) {
        beginPath()
        addRect(rect)
        clip()
    }
    /// Intersects the clip with the union of `rects`: later drawing appears only inside them (until
    /// `restoreGState()`).
    public func clip(to rects: [CGRect]) {
        beginPath()
        addRects(rects)
        clip()
    }

    /// The clip's bounding box in user space.
    public var boundingBoxOfClipPath: CGRect {
        var x0 = 0.0
        var y0 = 0.0
        var x1 = 0.0
        var y1 = 0.0
        cairo_clip_extents(cairo, &x0, &y0, &x1, &y1)
        return CGRect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
    }

    /// Draws `image` scaled into `rect`. As in Core Graphics, the image's top row goes to
    /// `rect.maxY`: upright in a y-up context, upside down in a layer's y-down one.
    public func draw(_ image: CGImage, in rect: CGRect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, let source = ImageSurface(image) else { return }
        cairo_save(cairo)
        cairo_translate(cairo, Double(r.minX), Double(r.maxY))
        cairo_scale(cairo, Double(r.width) / Double(image.width), -Double(r.height) / Double(image.height))
        cairo_set_source_surface(cairo, source.surface, 0, 0)
        cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(cairo_get_source(cairo), interpolationQuality.cairo)
        cairo_rectangle(cairo, 0, 0, Double(image.width), Double(image.height))
        cairo_clip(cairo)
        cairo_paint_with_alpha(cairo, Double(state.alpha))
        cairo_restore(cairo)
    }

    // MARK: - Internals

    private var currentPointOrZero: CGPoint {
        var x = 0.0
        var y = 0.0
        if cairo_has_current_point(cairo) != 0 { cairo_get_current_point(cairo, &x, &y) }
        return CGPoint(x: x, y: y)
    }

    private func replay(_ elements: ArraySlice<CGPathElementKind>) {
        for element in elements {
            switch element {
            case .moveToPoint(let p): move(to: p)
            case .addLineToPoint(let p): addLine(to: p)
            case .addQuadCurveToPoint(let c, let p):
                let start = currentPointOrZero
                addCurve(
                    to: p,
                    control1: CGPoint(x: start.x + 2 / 3 * (c.x - start.x), y: start.y + 2 / 3 * (c.y - start.y)),
                    control2: CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y)))
            case .addCurveToPoint(let c1, let c2, let p): addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath: closePath()
            }
        }
    }

    private func setFillRule(_ rule: CGPathFillRule) {
        cairo_set_fill_rule(cairo, rule == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD)
    }

    func setSource(_ color: RGBA) {
        cairo_set_source_rgba(cairo, Double(color.r), Double(color.g), Double(color.b), Double(color.a * state.alpha))
    }

    /// The fill colour in effect (text and shapes draw with it).
    var fillColor: RGBA { state.fill }
}

/// A Cairo surface holding a copy of a `CGImage`'s pixels (converted to Cairo's BGRA order).
final class ImageSurface {
    let surface: OpaquePointer

    init?(_ image: CGImage) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                let row = data + y * stride
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 4
                    (row[x * 4], row[x * 4 + 1], row[x * 4 + 2], row[x * 4 + 3]) = (
                        pixels[i + 2], pixels[i + 1], pixels[i], pixels[i + 3]
                    )
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        self.surface = surface
    }

    deinit { cairo_surface_destroy(surface) }
}
