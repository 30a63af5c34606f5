import CSceneCoreGL

/// One variant of the blur shader pair from `Shaders/` (`blur.vert`, `blur.frag`), with its
/// uniform locations. Needs a current context.
struct BlurProgram: VariantProgram {
    /// What a variant's fragment shader does (its `PASS`, `ALPHA_TINT` and `SHAPE_CLIP`).
    enum Variant: CaseIterable {
        /// Draws the texture times a tint.
        case draw
        /// Draws the texture times a tint where a pixel's centre lies inside a layer's shape.
        case clippedDraw
        /// Draws the texture's alpha times a tint (a shadow).
        case alphaDraw
        /// Averages 2x2 texels with one bilinear tap.
        case downsample
        /// One direction of the separable blur.
        case blur

        var defines: String {
            let pass =
                switch self {
                case .draw, .clippedDraw, .alphaDraw: 0
                case .downsample: 1
                case .blur: 2
                }
            return "#define PASS \(pass)\n#define ALPHA_TINT \(self == .alphaDraw ? 1 : 0)\n"
                + "#define SHAPE_CLIP \(self == .clippedDraw ? 1 : 0)\n#define SIMPLE_SHAPES 0\n"
        }
    }

    let program: ShaderProgram
    let transform: GLint
    let rect: GLint
    let uv: GLint
    let tint: GLint
    let step: GLint
    let sigma: GLint
    let taps: GLint
    let layerX: GLint
    let layerY: GLint
    let shapeRect: GLint
    let shapeRadii: GLint

    /// Compiles and links the variant, and points `u_texture` at texture unit 0.
    init(_ variant: Variant) throws(GLError) {
        program = try ShaderProgram(
            vertexSource: try LayerProgram.source(named: "blur.vert", defines: variant.defines),
            fragmentSource: try LayerProgram.source(named: "blur.frag", defines: variant.defines))
        transform = program.uniformLocation("u_transform")
        rect = program.uniformLocation("u_rect")
        uv = program.uniformLocation("u_uv")
        tint = program.uniformLocation("u_tint")
        step = program.uniformLocation("u_step")
        sigma = program.uniformLocation("u_sigma")
        taps = program.uniformLocation("u_taps")
        layerX = program.uniformLocation("u_layerX")
        layerY = program.uniformLocation("u_layerY")
        shapeRect = program.uniformLocation("u_shapeRect")
        shapeRadii = program.uniformLocation("u_shapeRadii")
        glUseProgram(program.id)
        glUniform1i(program.uniformLocation("u_texture"), 0)
    }

    /// Sets the quad: `rect` in the space `transform` maps to clip space (row-vector
    /// convention, as `QuadInstance.transform`), with texture coordinates `uv` at its
    /// (minX, minY) and (maxX, maxY) corners.
    func setQuad(transform matrix: SIMD16<Float>, rect r: SIMD4<Float>, uv t: SIMD4<Float>) {
        withUnsafeBytes(of: matrix) {
            glUniformMatrix4fv(transform, 1, GLboolean(GL_FALSE), $0.bindMemory(to: GLfloat.self).baseAddress)
        }
        glUniform4f(rect, r.x, r.y, r.z, r.w)
        glUniform4f(uv, t.x, t.y, t.z, t.w)
    }

    /// Sets the shape a `clippedDraw` draws inside: `clip`'s rounded rectangle, in the layer
    /// space that `clip` maps the target's pixels to.
    func setClip(_ clip: ShapeClip) {
        glUniform3f(layerX, clip.layerX.x, clip.layerX.y, clip.layerX.z)
        glUniform3f(layerY, clip.layerY.x, clip.layerY.y, clip.layerY.z)
        glUniform4f(shapeRect, clip.rect.x, clip.rect.y, clip.rect.z, clip.rect.w)
        glUniform4f(shapeRadii, clip.radii.x, clip.radii.y, clip.radii.z, clip.radii.w)
    }
}
