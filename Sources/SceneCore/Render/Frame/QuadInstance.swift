/// One quad as the GL renderer draws it: exactly the per-instance vertex data of
/// `Shaders/layer.vert.glsl` (attribute locations 0...8, in this order; `QuadInstanceTests` pins its size
/// and offsets).
///
/// All rectangles are in the layer's own coordinate space (its bounds space). The transform
/// maps that space to clip space (row-vector convention, `[x y 0 1] · M`), so perspective
/// from `sublayerTransform.m34` ends up in `w` and the GPU interpolates perspective-correctly.
/// Points of a quad have z = 0, so the transform's third row never counts and is not stored.
package struct QuadInstance: Sendable, Equatable {
    /// The transform's first row (m11...m14): what a layer unit along x adds in clip space.
    package var transformX: SIMD4<Float>
    /// The transform's second row (m21...m24): what a layer unit along y adds in clip space.
    package var transformY: SIMD4<Float>
    /// The transform's fourth row (m41...m44): where the layer's origin goes in clip space.
    package var transformOrigin: SIMD4<Float>
    /// The quad's rectangle: x, y, width, height.
    package var rect: SIMD4<Float>
    /// Texture coordinates at the rect's (minX, minY) and (maxX, maxY) corners: u0, v0, u1, v1.
    /// v = 0 is the image's top row. A gradient quad holds the index of its first texel in the
    /// frame's gradient texture in u0 and u1 (see `GradientTexels`).
    package var uv: SIMD4<Float>
    /// Premultiplied colour. Untextured quads fill with it; textured and gradient quads multiply
    /// the texel or the gradient's colour by it.
    package var color: SIMD4<Float>
    /// The rounded rectangle that coverage is computed against: x, y, width, height.
    package var shapeRect: SIMD4<Float>
    /// Corner radii of `shapeRect`: minX/minY, maxX/minY, maxX/maxY, minX/maxY corners. A
    /// negative radius asks for a continuous corner (`CALayerCornerCurve.continuous`) of that
    /// magnitude; zero is a square corner.
    package var radii: SIMD4<Float>
    /// How the quad is painted and cut to its shape (`a_params`).
    ///
    /// Clip instances (`DisplayCommand.pushClip`) always clip to their filled shape (within their
    /// `rect`); their colour, texture and border are not used. The renderer grows the quad by about
    /// a pixel on the sides where `rect` reaches an anti-aliased straight edge of the shape, so the
    /// outer half of the edge's ramp is drawn too.
    package var parameters: QuadParameters

    package init(
        transform: SIMD16<Float>, rect: SIMD4<Float>, uv: SIMD4<Float> = .zero, color: SIMD4<Float>,
        shapeRect: SIMD4<Float>, radii: SIMD4<Float> = .zero, parameters: QuadParameters
    ) {
        transformX = transform.lowHalf.lowHalf
        transformY = transform.lowHalf.highHalf
        transformOrigin = transform.highHalf.highHalf
        self.rect = rect
        self.uv = uv
        self.color = color
        self.shapeRect = shapeRect
        self.radii = radii
        self.parameters = parameters
    }

    /// Layer space → clip space, entries in row order m11...m44, the third row zero (the
    /// stored rows in the layout of a `CATransform3D.float16`).
    package var transform: SIMD16<Float> {
        get {
            SIMD16(
                lowHalf: SIMD8(lowHalf: transformX, highHalf: transformY),
                highHalf: SIMD8(lowHalf: .zero, highHalf: transformOrigin))
        }
        set {
            transformX = newValue.lowHalf.lowHalf
            transformY = newValue.lowHalf.highHalf
            transformOrigin = newValue.highHalf.highHalf
        }
    }

    /// Whether every number of the quad is finite in single precision: false for a layer whose
    /// geometry overflows `Float` (a transform, bounds or position past ±3.4e38 once its
    /// ancestors' transforms apply), whose corners the GPU could only place at NaN.
    package var isFinite: Bool {
        // `v * 0` is 0 for a finite `v` and NaN otherwise, so the sum is 0 exactly when all are
        // finite (vector code: checked for every quad drawn).
        var sum = transformX * 0 + transformY * 0
        sum += transformOrigin * 0 + rect * 0
        sum += uv * 0 + color * 0
        sum += shapeRect * 0 + radii * 0
        sum += parameters.packed * 0
        return sum == .zero
    }

    /// A quad that covers nothing: what a clip shape that is not finite clips to.
    package static let empty = QuadInstance(
        transform: .zero, rect: .zero, color: .zero, shapeRect: .zero, parameters: QuadParameters(paint: .color))

    /// Whether the quad's transform is `m`, whose third row a quad does not keep.
    package func hasTransform(_ m: SIMD16<Float>) -> Bool {
        transformX == m.lowHalf.lowHalf && transformY == m.lowHalf.highHalf && transformOrigin == m.highHalf.highHalf
    }

    /// Whether the quad's coverage comes from its shape (a ring, or clipped to the shape);
    /// otherwise it fills `rect`.
    package var isShaped: Bool { parameters.borderWidth > 0 || parameters.clipsToShape }

    /// How much of the layer shader's coverage code the quad's shape needs (for a shaped quad).
    package var shapeCoverage: ShapeCoverage {
        let edges = Int(parameters.edges + 0.5)
        if radii.min() < 0 || (edges != 0 && edges & 15 != 15) { return .general }
        // No perspective: w is the same over the whole quad (m14 and m24 are 0).
        let isAffine = transformX.w == 0 && transformY.w == 0 && transformOrigin.w > 0
        if parameters.borderWidth > 0 || !isAffine { return .simple }
        let isUniform = edges & 15 == 15 && parameters.clipsToShape && radii == SIMD4(repeating: radii.x)
        return isUniform ? .uniformAffineFill : .affineFill
    }

    /// Whether the quad draws a gradient, read from the frame's gradient texture.
    package var isGradient: Bool { gradientShading != .none }

    /// How the quad's gradient is shaded; `.none` for a quad that draws no gradient.
    package var gradientShading: GradientShading {
        switch parameters.paint {
        case .color, .texture: .none
        case .interpolatedGradient: .interpolated
        case .axialTwoStopGradient: .axialTwoStops
        case .gradient: .any
        }
    }

    /// Bytes per instance in the vertex buffer.
    package static let stride = MemoryLayout<QuadInstance>.stride
}

/// How much of the layer shader's coverage code a shaped quad needs. A software rasteriser runs
/// every branch of a shader, so each level is a variant of its own, and a batch takes the
/// variant of the most demanding quad in it. Every level computes the same coverage.
package enum ShapeCoverage: Int, Comparable, Sendable, CaseIterable {
    /// An affine fill (see `affineFill`) clipped to its shape, with one radius at every corner and
    /// every straight edge anti-aliased: the usual rounded layer. Its coverage takes the fewest
    /// operations a pixel.
    case uniformAffineFill
    /// A fill (no border) with circular corners, straight edges all anti-aliased or none, and no
    /// perspective: a pixel's footprint in the layer is the same over the whole quad, so it is
    /// worked out once per quad, and the distance to the shape needs no branches.
    case affineFill
    /// Circular corners, and straight edges all anti-aliased or none (borders and perspective allowed).
    case simple
    /// Anything: continuous corners (a negative radius), or some straight edges anti-aliased and
    /// others not (`QuadParameters.edges` neither 0 nor 15).
    case general

    package static func < (a: ShapeCoverage, b: ShapeCoverage) -> Bool { a.rawValue < b.rawValue }
}
