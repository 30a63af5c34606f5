import CSceneCoreGL

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
        let color = try ColorTarget(width: width, height: height)
        var renderbuffer: GLuint = 0
        glGenRenderbuffers(1, &renderbuffer)
        glBindRenderbuffer(GL_RENDERBUFFER.glEnum, renderbuffer)
        glRenderbufferStorage(GL_RENDERBUFFER.glEnum, GL_DEPTH24_STENCIL8.glEnum, GLsizei(width), GLsizei(height))
        glBindFramebuffer(GL_FRAMEBUFFER.glEnum, color.framebuffer)
        glFramebufferRenderbuffer(
            GL_FRAMEBUFFER.glEnum, GL_DEPTH_STENCIL_ATTACHMENT.glEnum, GL_RENDERBUFFER.glEnum, renderbuffer)
        (framebuffer, colorTexture, depthStencil) = (color.framebuffer, color.texture, renderbuffer)
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
