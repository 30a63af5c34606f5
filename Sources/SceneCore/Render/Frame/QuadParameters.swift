/// How a quad is painted and cut to its shape: typed, and packed as `layer.vert.glsl`'s
/// `a_params` reads it (x the border width, y the paint, z the anti-aliased edges, w whether
/// coverage outside the shape is zero). The one place that layout is written.
package struct QuadParameters: Sendable, Equatable {
    /// The four floats the shader reads.
    package private(set) var packed: SIMD4<Float>

    /// Parameters painting with `paint`; `edges` are the anti-aliased parts of the shape's edge
    /// (a sum of `EdgeAntialiasing` bits); with `clipsToShape` coverage outside the shape is
    /// zero (otherwise a fill covers the whole rect); with a `borderWidth` above 0 only a ring
    /// that wide inside the shape's edge is drawn, whether or not it clips.
    package init(paint: QuadPaint, edges: Float = 0, clipsToShape: Bool = false, borderWidth: Float = 0) {
        packed = SIMD4(borderWidth, Float(paint.rawValue), edges, clipsToShape ? 1 : 0)
    }

    /// 0 fills; above 0, the width of the ring drawn inside the shape's edge.
    package var borderWidth: Float { packed.x }

    /// What colours the quad's pixels.
    package var paint: QuadPaint {
        get { QuadPaint(rawValue: Int(packed.y + 0.5)) ?? .color }
        set { packed.y = Float(newValue.rawValue) }
    }

    /// The parts of the shape's edge that are anti-aliased, a sum of `EdgeAntialiasing` bits
    /// (0: every edge hard, a pixel covered when its centre is inside).
    package var edges: Float { packed.z }

    /// Whether coverage outside the shape is zero; otherwise a fill covers the whole rect.
    package var clipsToShape: Bool { packed.w == 1 }

    /// Whether the quad is the inside of a shaped fill, drawn without coverage: every pixel of
    /// it lies inside the shape (`QuadInstance.splitInterior(in:)`).
    package var isInterior: Bool { packed.w == 2 }

    /// These parameters for the inside of their shaped fill (`isInterior`).
    package var interior: QuadParameters {
        var interior = self
        interior.packed.w = 2
        return interior
    }
}

/// What colours a quad's pixels (`QuadParameters.paint`); the raw value is what the shader reads.
package enum QuadPaint: Int, Sendable, CaseIterable {
    /// The quad's colour.
    case color = 0
    /// The batch's texture at the quad's texture coordinates, times its colour.
    case texture = 1
    /// An axial gradient of two stops from the frame's gradient texture (`GradientShading.axialTwoStops`),
    /// times its colour; its first texel's index is in `uv`.
    case axialTwoStopGradient = 2
    /// Any other gradient (`GradientShading.any`).
    case gradient = 3
    /// An axial gradient of two stops, as `axialTwoStopGradient`, on a quad whose corners all
    /// lie between the stops and with no shape to grow it (`GradientShading.interpolated`).
    case interpolatedGradient = 4
}

extension QuadInstance {
    /// A quad painting `rect` with `color`, no shape.
    package static func filled(transform: SIMD16<Float>, rect: SIMD4<Float>, color: SIMD4<Float>) -> QuadInstance {
        QuadInstance(transform: transform, rect: rect, color: color, shapeRect: rect, parameters: .init(paint: .color))
    }

    /// A quad painting `rect` with the texels at `uv` (u0, v0 at its minX, minY corner; u1, v1
    /// at maxX, maxY) times `color`, no shape.
    package static func textured(
        transform: SIMD16<Float>, rect: SIMD4<Float>, uv: SIMD4<Float>, color: SIMD4<Float>
    ) -> QuadInstance {
        QuadInstance(
            transform: transform, rect: rect, uv: uv, color: color, shapeRect: rect,
            parameters: .init(paint: .texture))
    }
}
