import CSceneCoreGL

/// The render target of a headless surface: a framebuffer object with an RGBA8 colour
/// renderbuffer and a DEPTH24_STENCIL8 renderbuffer. Needs a current context.
struct SurfaceFramebuffer {
    let framebuffer: GLuint
    let color: GLuint
    let depthStencil: GLuint
    private(set) var width = 0
    private(set) var height = 0

    /// Creates the framebuffer with storage for `width` x `height` pixels.
    /// - Throws: `GLError.invalidSize` beyond `GL_MAX_RENDERBUFFER_SIZE`, or
    ///   `.framebufferIncomplete`.
    init(width: Int, height: Int) throws(GLError) {
        var ids: [GLuint] = [0, 0]
        glGenRenderbuffers(2, &ids)
        (color, depthStencil) = (ids[0], ids[1])
        // A renderbuffer name becomes an object when first bound; only objects can be attached.
        for id in ids { glBindRenderbuffer(GL_RENDERBUFFER.glEnum, id) }
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        self.framebuffer = framebuffer
        glBindFramebuffer(GL_FRAMEBUFFER.glEnum, framebuffer)
        glFramebufferRenderbuffer(GL_FRAMEBUFFER.glEnum, GL_COLOR_ATTACHMENT0.glEnum, GL_RENDERBUFFER.glEnum, color)
        glFramebufferRenderbuffer(
            GL_FRAMEBUFFER.glEnum, GL_DEPTH_STENCIL_ATTACHMENT.glEnum, GL_RENDERBUFFER.glEnum, depthStencil)
        try resize(width: width, height: height)
    }

    /// Reallocates the renderbuffers for a new size (a no-op when the size is unchanged).
    /// - Throws: `GLError.invalidSize` before anything is reallocated when a side is outside
    ///   1...`GL_MAX_RENDERBUFFER_SIZE`; `.framebufferIncomplete` if the driver refuses the storage.
    mutating func resize(width: Int, height: Int) throws(GLError) {
        guard width != self.width || height != self.height else { return }
        let limit = GLQuery.integer(GL_MAX_RENDERBUFFER_SIZE)
        guard width >= 1, width <= limit, height >= 1, height <= limit else {
            throw .invalidSize(width: width, height: height, limit: limit)
        }
        glBindRenderbuffer(GL_RENDERBUFFER.glEnum, color)
        glRenderbufferStorage(GL_RENDERBUFFER.glEnum, GL_RGBA8.glEnum, GLsizei(width), GLsizei(height))
        glBindRenderbuffer(GL_RENDERBUFFER.glEnum, depthStencil)
        glRenderbufferStorage(GL_RENDERBUFFER.glEnum, GL_DEPTH24_STENCIL8.glEnum, GLsizei(width), GLsizei(height))
        glBindFramebuffer(GL_FRAMEBUFFER.glEnum, framebuffer)
        let status = glCheckFramebufferStatus(GL_FRAMEBUFFER.glEnum)
        guard status == GL_FRAMEBUFFER_COMPLETE.glEnum else { throw .framebufferIncomplete(status: status) }
        (self.width, self.height) = (width, height)
    }

    /// The colour attachment's premultiplied RGBA8 pixels, bottom row first (GL's origin).
    func readPixels() -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        glBindFramebuffer(GL_READ_FRAMEBUFFER.glEnum, framebuffer)
        glReadBuffer(GL_COLOR_ATTACHMENT0.glEnum)
        glPixelStorei(GL_PACK_ALIGNMENT.glEnum, 1)
        glPixelStorei(GL_PACK_ROW_LENGTH.glEnum, 0)
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GL_RGBA.glEnum, GL_UNSIGNED_BYTE.glEnum, &pixels)
        return pixels
    }
}
