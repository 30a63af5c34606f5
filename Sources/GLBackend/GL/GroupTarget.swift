import CGL

/// An offscreen target for group opacity: a framebuffer object with an RGBA8 colour texture
/// (sampled when the group is composited) and a DEPTH24_STENCIL8 renderbuffer for the clips
/// pushed inside the group. Needs a current context.
struct GroupTarget {
    let framebuffer: GLuint
    let colorTexture: GLuint
    let depthStencil: GLuint
    let width: Int
    let height: Int

    /// Creates the target, or throws and deletes what it made when the framebuffer is incomplete.
    init(width: Int, height: Int) throws(GLError) {
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GL_TEXTURE_2D.glEnum, texture)
        glTexImage2D(
            GL_TEXTURE_2D.glEnum, 0, GL_RGBA8.glInt, GLsizei(width), GLsizei(height), 0,
            GL_RGBA.glEnum, GL_UNSIGNED_BYTE.glEnum, nil)
        var renderbuffer: GLuint = 0
        glGenRenderbuffers(1, &renderbuffer)
        glBindRenderbuffer(GL_RENDERBUFFER.glEnum, renderbuffer)
        glRenderbufferStorage(GL_RENDERBUFFER.glEnum, GL_DEPTH24_STENCIL8.glEnum, GLsizei(width), GLsizei(height))
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GL_FRAMEBUFFER.glEnum, framebuffer)
        glFramebufferTexture2D(
            GL_FRAMEBUFFER.glEnum, GL_COLOR_ATTACHMENT0.glEnum, GL_TEXTURE_2D.glEnum, texture, 0)
        glFramebufferRenderbuffer(
            GL_FRAMEBUFFER.glEnum, GL_DEPTH_STENCIL_ATTACHMENT.glEnum, GL_RENDERBUFFER.glEnum, renderbuffer)
        (self.framebuffer, colorTexture, depthStencil) = (framebuffer, texture, renderbuffer)
        (self.width, self.height) = (width, height)
        let status = glCheckFramebufferStatus(GL_FRAMEBUFFER.glEnum)
        guard status == GL_FRAMEBUFFER_COMPLETE.glEnum else {
            delete()
            throw .framebufferIncomplete(status: status)
        }
    }

    /// Deletes the framebuffer, texture and renderbuffer.
    func delete() {
        var framebuffer = framebuffer
        var texture = colorTexture
        var renderbuffer = depthStencil
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteTextures(1, &texture)
        glDeleteRenderbuffers(1, &renderbuffer)
    }
}
