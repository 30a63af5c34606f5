import Testing

@testable import GLBackend
@testable import SceneCore

/// Builds display lists by hand for a `width` x `height` target: layer space → window pixels
/// (origin top-left, y down) → clip space, `clip = (2x/W − 1, 1 − 2y/H)`.
struct TestCanvas {
    let width: Int
    let height: Int

    /// The `QuadInstance.transform` of a layer whose space maps to window pixels by
    /// `layerToWindow` (row-vector convention). Depth is flattened after any perspective has
    /// been applied, so nothing is clipped against the near or far plane.
    func transform(_ layerToWindow: CATransform3D) -> SIMD16<Float> {
        let windowToClip = ClipSpace.fromWindow(width: width, height: height)
        let entries = layerToWindow.concatenating(windowToClip).entries.map { Float($0) }
        return SIMD16(entries[0..<16])
    }

    /// The transform of an axis-aligned layer whose origin sits at window pixel `(x, y)`.
    func transform(x: Float, y: Float) -> SIMD16<Float> {
        transform(CATransform3DMakeTranslation(CGFloat(x), CGFloat(y), 0))
    }

    /// A filled (or, with `border > 0`, ringed) rounded rectangle covering window pixels
    /// `x..<x+w`, `y..<y+h`, clipped to its shape.
    func shape(
        x: Float, y: Float, w: Float, h: Float, color: SIMD4<Float>, radii: SIMD4<Float> = .zero,
        border: Float = 0, antialiased: Bool = true
    ) -> QuadInstance {
        let rect = SIMD4<Float>(0, 0, w, h)
        return QuadInstance(
            transform: transform(x: x, y: y), rect: rect, color: color, shapeRect: rect, radii: radii,
            parameters: .init(
                paint: .color, edges: antialiased ? EdgeAntialiasing.all : 0, clipsToShape: true, borderWidth: border))
    }

    /// A plain axis-aligned rectangle that ignores the shape.
    func rect(x: Float, y: Float, w: Float, h: Float, color: SIMD4<Float>) -> QuadInstance {
        let rect = SIMD4<Float>(0, 0, w, h)
        return QuadInstance(
            transform: transform(x: x, y: y), rect: rect, color: color, shapeRect: rect,
            parameters: .init(paint: .color, edges: EdgeAntialiasing.all))
    }

    /// A textured rectangle sampling `uv`, tinted by `color` (premultiplied).
    func textured(
        x: Float, y: Float, w: Float, h: Float, uv: SIMD4<Float> = SIMD4(0, 0, 1, 1),
        color: SIMD4<Float> = SIMD4(repeating: 1), radii: SIMD4<Float> = .zero, clipsToShape: Bool = false
    ) -> QuadInstance {
        let rect = SIMD4<Float>(0, 0, w, h)
        return QuadInstance(
            transform: transform(x: x, y: y), rect: rect, uv: uv, color: color, shapeRect: rect, radii: radii,
            parameters: .init(paint: .texture, edges: EdgeAntialiasing.all, clipsToShape: clipsToShape))
    }

    /// A display list for this canvas.
    func list(
        clear: SIMD4<Float> = SIMD4(1, 1, 1, 1), _ instances: [QuadInstance], _ commands: [DisplayCommand]
    ) -> DisplayList {
        DisplayList(width: width, height: height, clearColor: clear, instances: instances, commands: commands)
    }

    /// A list that draws `instances` untextured, one batch of all of them.
    func list(clear: SIMD4<Float> = SIMD4(1, 1, 1, 1), drawing instances: [QuadInstance]) -> DisplayList {
        list(clear: clear, instances, [batch(0, instances.count)])
    }

    /// Renders `list` on a fresh surface of this canvas's size.
    func render(_ list: DisplayList, options: GLRendererOptions = GLRendererOptions()) throws -> RenderedImage {
        try HeadlessSurface(width: width, height: height, options: options).render(list)
    }
}

/// An untextured batch.
func batch(_ first: Int, _ count: Int) -> DisplayCommand {
    .draw(DrawBatch(first: first, count: count, image: nil, sampling: TextureSampling()))
}

/// A batch sampling `image`.
func batch(_ first: Int, _ count: Int, image: CGImage, filter: CALayerContentsFilter = .nearest) -> DisplayCommand {
    .draw(
        DrawBatch(
            first: first, count: count, image: image,
            sampling: TextureSampling(minification: filter, magnification: filter)))
}

/// Premultiplies a straight colour.
func premultiplied(_ r: Float, _ g: Float, _ b: Float, _ a: Float = 1) -> SIMD4<Float> {
    SIMD4(r * a, g * a, b * a, a)
}

let red = premultiplied(1, 0, 0)
let green = premultiplied(0, 1, 0)
let blue = premultiplied(0, 0, 1)
let white = premultiplied(1, 1, 1)
let black = premultiplied(0, 0, 0)
let transparent = SIMD4<Float>.zero

/// A CGImage from straight RGBA rows.
func makeImage(width: Int, height: Int, _ pixels: [UInt8]) throws -> CGImage {
    try #require(CGImage(rgbaPixels: pixels, width: width, height: height))
}
