import Foundation

/// Where a `CAOpenGLLayer` draws: the Linux stand-in for the `CGLContextObj` and pixel format
/// Core Animation passes to `canDraw(inCGLContext:…)` and `draw(inCGLContext:…)`.
///
/// When the layer's methods are called, the renderer's OpenGL 3.3 core context is current on
/// the calling thread (the render thread), so the layer's GL objects are shared with the
/// renderer; `framebuffer` is bound as the draw and read framebuffer, with an RGBA8 colour
/// texture and a 24-bit depth, 8-bit stencil buffer, and the viewport covers it.
public struct CAOpenGLContext: Sendable, Equatable {
    /// Identifies the GL context the layer draws in (one per window and per headless renderer),
    /// unique in the process, as the `CGLContextObj` does on macOS: GL objects the layer made
    /// while drawing with one identifier belong to that context and cannot be used with another.
    public var contextIdentifier: UInt64
    /// The GL name of the framebuffer object the layer draws into.
    public var framebuffer: UInt32
    /// The framebuffer's width in pixels: the layer's bounds width times `contentsScale`,
    /// rounded up (at least 1, and at most `CAOpenGLLayer.maximumDrawableSize`).
    public var width: Int
    /// The framebuffer's height in pixels, as `width`.
    public var height: Int
    /// Framebuffer pixels per point of the layer's bounds on each axis (`width / bounds.width`
    /// and `height / bounds.height`, the layer's `contentsScale` unless the size was limited).
    public var scale: CGSize

    /// A description of a framebuffer; the renderer makes these.
    public init(contextIdentifier: UInt64, framebuffer: UInt32, width: Int, height: Int, scale: CGSize) {
        self.contextIdentifier = contextIdentifier
        (self.framebuffer, self.width, self.height, self.scale) = (framebuffer, width, height, scale)
    }
}
