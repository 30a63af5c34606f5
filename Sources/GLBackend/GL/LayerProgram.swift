import CGL
import Shaders

/// The layer shader pair from `Shaders/` with its uniform locations. Needs a current context.
struct LayerProgram {
    let program: ShaderProgram
    let viewportSize: GLint
    let textured: GLint
    let clipMask: GLint
    let opacity: GLint

    /// Loads, compiles and links `layer.vert.glsl` and `layer.frag.glsl`, and points the
    /// `u_texture` sampler at texture unit 0.
    init() throws(GLError) {
        program = try ShaderProgram(
            vertexSource: try Self.source(named: "layer.vert"),
            fragmentSource: try Self.source(named: "layer.frag"))
        viewportSize = program.uniformLocation("u_viewportSize")
        textured = program.uniformLocation("u_textured")
        clipMask = program.uniformLocation("u_clipMask")
        opacity = program.uniformLocation("u_opacity")
        glUseProgram(program.id)
        glUniform1i(program.uniformLocation("u_texture"), 0)
    }

    private static func source(named name: String) throws(GLError) -> String {
        do {
            return try ShaderLibrary.source(named: name)
        } catch {
            throw .shaderSourceMissing(name)
        }
    }
}
