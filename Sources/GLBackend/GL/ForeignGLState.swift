import CSceneCoreGL
import SceneCore

/// Puts back the GL state the renderer relies on after code that is not the renderer's has
/// drawn in its context (a `CAOpenGLLayer`'s drawing), whatever that code left enabled or
/// bound; `GLRenderer.prepare` then sets the frame's own state. Reports the GL errors the code
/// raised (once per process) and clears them.
enum ForeignGLState {
    /// Texture units whose texture and sampler bindings are reset (the renderer uses the first two).
    private static let textureUnits: Int32 = 8

    static func restore(after what: String) {
        var errors: [GLenum] = []
        while errors.count < 16 {
            let error = glGetError()
            if error == GL_NO_ERROR.glEnum { break }
            errors.append(error)
        }
        if !errors.isEmpty {
            let codes = errors.map { "0x" + String($0, radix: 16) }.joined(separator: ", ")
            Diagnostics.errorOnce(
                "GLRenderer.foreignGLError",
                "GLRenderer: \(what) raised GL errors \(codes); cleared, the frame is drawn")
        }
        // What the layer's framebuffer draws and reads (the layer may have changed them).
        glDrawBuffer(GL_COLOR_ATTACHMENT0.glEnum)
        glReadBuffer(GL_COLOR_ATTACHMENT0.glEnum)
        for capability in [
            GL_DEPTH_TEST, GL_CULL_FACE, GL_SCISSOR_TEST, GL_STENCIL_TEST, GL_POLYGON_OFFSET_FILL,
            GL_RASTERIZER_DISCARD, GL_SAMPLE_ALPHA_TO_COVERAGE, GL_SAMPLE_COVERAGE, GL_SAMPLE_MASK,
            GL_PRIMITIVE_RESTART, GL_FRAMEBUFFER_SRGB, GL_DEPTH_CLAMP, GL_COLOR_LOGIC_OP,
        ] {
            glDisable(capability.glEnum)
        }
        glEnable(GL_BLEND.glEnum)
        glBlendEquation(GL_FUNC_ADD.glEnum)
        glBlendFunc(GL_ONE.glEnum, GL_ONE_MINUS_SRC_ALPHA.glEnum)
        glBlendColor(0, 0, 0, 0)
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        glDepthMask(GLboolean(GL_TRUE))
        glDepthFunc(GL_LESS.glEnum)
        glDepthRange(0, 1)
        glStencilMask(0xFF)
        glFrontFace(GL_CCW.glEnum)
        glPolygonMode(GL_FRONT_AND_BACK.glEnum, GL_FILL.glEnum)
        glProvokingVertex(GL_LAST_VERTEX_CONVENTION.glEnum)
        glUseProgram(0)
        glBindVertexArray(0)
        for target in [GL_ARRAY_BUFFER, GL_PIXEL_PACK_BUFFER, GL_PIXEL_UNPACK_BUFFER, GL_UNIFORM_BUFFER] {
            glBindBuffer(target.glEnum, 0)
        }
        for (name, value) in [
            (GL_UNPACK_ALIGNMENT, 4), (GL_UNPACK_ROW_LENGTH, 0), (GL_UNPACK_SKIP_ROWS, 0), (GL_UNPACK_SKIP_PIXELS, 0),
            (GL_UNPACK_IMAGE_HEIGHT, 0), (GL_UNPACK_SKIP_IMAGES, 0), (GL_PACK_ALIGNMENT, 4), (GL_PACK_ROW_LENGTH, 0),
            (GL_PACK_SKIP_ROWS, 0), (GL_PACK_SKIP_PIXELS, 0),
        ] {
            glPixelStorei(name.glEnum, GLint(value))
        }
        for unit in 0..<textureUnits {
            glActiveTexture((GL_TEXTURE0 + unit).glEnum)
            glBindTexture(GL_TEXTURE_2D.glEnum, 0)
            glBindSampler(GLuint(unit), 0)
        }
        glActiveTexture(GL_TEXTURE0.glEnum)
    }
}
