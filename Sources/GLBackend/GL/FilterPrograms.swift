import CSceneCoreGL
import SceneCore

/// One of the shader programs of layer filters and blend modes (`filter.frag.glsl` with
/// `layer.vert`), with the uniforms every pass sets. Needs a current context.
struct FilterProgram: VariantProgram {
    /// What a variant's fragment shader does (its `COLOR_MATRIX` and `BLEND`).
    enum Variant: CaseIterable {
        /// Applies a colour matrix to unpremultiplied colour.
        case colorMatrix
        /// Composites a group onto a copy of its backdrop by a blend mode.
        case blend

        var defines: String {
            "#define COLOR_MATRIX \(self == .colorMatrix ? 1 : 0)\n#define BLEND \(self == .blend ? 1 : 0)\n"
        }

        /// The texture unit of each sampler: the pass's input on unit 0, and the blend's backdrop on unit 1.
        var textureUnits: [String: GLint] {
            switch self {
            case .colorMatrix: ["u_texture": 0]
            case .blend: ["u_texture": 0, "u_backdrop": 1]
            }
        }
    }

    let program: ShaderProgram
    let viewportSize: GLint
    let opacity: GLint
    /// The colour matrix variant's matrix and offset (-1 in the blend variant).
    let matrix: GLint
    let offset: GLint
    /// The blend variant's blend mode (`shaderMode(_:)`; -1 in the colour matrix variant).
    let mode: GLint

    /// Compiles and links the variant, and points its samplers at their texture units.
    init(_ variant: Variant) throws(GLError) {
        program = try ShaderProgram(
            vertexSource: try LayerProgram.source(named: "layer.vert", defines: "#define SHAPED 0\n"),
            fragmentSource: try LayerProgram.source(named: "filter.frag", defines: variant.defines))
        viewportSize = program.uniformLocation("u_viewportSize")
        opacity = program.uniformLocation("u_opacity")
        matrix = program.uniformLocation("u_matrix")
        offset = program.uniformLocation("u_offset")
        mode = program.uniformLocation("u_mode")
        glUseProgram(program.id)
        for (name, unit) in variant.textureUnits { glUniform1i(program.uniformLocation(name), unit) }
    }

    /// Makes the program current for a `width` x `height` target.
    func use(width: Int, height: Int, opacity value: Float) {
        glUseProgram(program.id)
        glUniform2f(viewportSize, Float(width), Float(height))
        glUniform1f(opacity, value)
    }

    /// The `u_mode` of the blend modes the blend program draws; nil for the modes fixed-function
    /// blending draws exactly (source-over, screen, plus-lighter).
    static func shaderMode(_ mode: BlendMode) -> GLint? {
        switch mode {
        case .multiply: 1
        case .overlay: 2
        case .darken: 3
        case .lighten: 4
        case .difference: 5
        case .sourceOver, .screen, .plusLighter: nil
        }
    }

    /// Sets the colour matrix program's matrix (it must be current).
    func setMatrix(_ m: CAColorMatrix) {
        // Column-major: column k holds the coefficients of input component k for each output row.
        let columns: [Float] = [
            m.m11, m.m21, m.m31, m.m41, m.m12, m.m22, m.m32, m.m42,
            m.m13, m.m23, m.m33, m.m43, m.m14, m.m24, m.m34, m.m44,
        ]
        columns.withUnsafeBufferPointer { glUniformMatrix4fv(matrix, 1, GLboolean(GL_FALSE), $0.baseAddress) }
        glUniform4f(offset, m.m15, m.m25, m.m35, m.m45)
    }
}
