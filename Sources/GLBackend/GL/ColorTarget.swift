import CSceneCoreGL

/// A colour texture with a framebuffer to draw into it (RGBA8, no stencil): the intermediate
/// and final images of a `GaussianBlur`, and the colour of a `GroupTarget`. Needs a current context.
struct ColorTarget {
    let framebuffer: GLuint
    let texture: GLuint
    let width: Int
    let height: Int

    /// Creates the texture and its framebuffer, or throws and deletes them when the
    /// framebuffer is incomplete.
    init(width: Int, height: Int) throws(GLError) {
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GL_TEXTURE_2D.glEnum, texture)
        glTexImage2D(
            GL_TEXTURE_2D.glEnum, 0, GL_RGBA8.glInt, GLsizei(width), GLsizei(height), 0,
            GL_RGBA.glEnum, GL_UNSIGNED_BYTE.glEnum, nil)
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GL_FRAMEBUFFER.glEnum, framebuffer)
        glFramebufferTexture2D(
            GL_FRAMEBUFFER.glEnum, GL_COLOR_ATTACHMENT0.glEnum, GL_TEXTURE_2D.glEnum, texture, 0)
        (self.framebuffer, self.texture, self.width, self.height) = (framebuffer, texture, width, height)
        let status = glCheckFramebufferStatus(GL_FRAMEBUFFER.glEnum)
        guard status == GL_FRAMEBUFFER_COMPLETE.glEnum else {
            delete()
            throw .framebufferIncomplete(status: status)
        }
    }

    /// Deletes the framebuffer and texture.
    func delete() {
        var framebuffer = framebuffer
        var texture = texture
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteTextures(1, &texture)
    }
}
