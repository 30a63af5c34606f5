import CGL
import SceneCore

/// The shader programs of layer filters and blend modes (`filter.frag.glsl` with `layer.vert`):
/// a colour matrix pass and a blend-mode composite. Made the first time a frame draws a filter
/// or blend mode. Needs a current context.
struct FilterPrograms {
    /// A program with the uniforms every pass sets.
    struct Pass {
        let program: ShaderProgram
        let viewportSize: GLint
        let opacity: GLint

        init(defines: String, textureUnits: [String: GLint]) throws(GLError) {
            program = try ShaderProgram(
                vertexSource: try LayerProgram.source(named: "layer.vert", defines: "#define SHAPED 0\n"),
                fragmentSource: try LayerProgram.source(named: "filter.frag", defines: defines))
            viewportSize = program.uniformLocation("u_viewportSize")
            opacity = program.uniformLocation("u_opacity")
            glUseProgram(program.id)
            for (name, unit) in textureUnits { glUniform1i(program.uniformLocation(name), unit) }
        }

        /// Makes the program current for a `width` x `height` target.
        func use(width: Int, height: Int, opacity value: Float) {
            glUseProgram(program.id)
            glUniform2f(viewportSize, Float(width), Float(height))
            glUniform1f(opacity, value)
        }
    }

    /// Applies a colour matrix to unpremultiplied colour.
    let colorMatrix: Pass
    let matrix: GLint
    let offset: GLint
    /// Composites a group onto a copy of its backdrop by a blend mode.
    let blend: Pass
    let mode: GLint

    init() throws(GLError) {
        colorMatrix = try Pass(defines: "#define COLOR_MATRIX 1\n#define BLEND 0\n", textureUnits: ["u_texture": 0])
        matrix = colorMatrix.program.uniformLocation("u_matrix")
        offset = colorMatrix.program.uniformLocation("u_offset")
        blend = try Pass(
            defines: "#define COLOR_MATRIX 0\n#define BLEND 1\n", textureUnits: ["u_texture": 0, "u_backdrop": 1])
        mode = blend.program.uniformLocation("u_mode")
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
