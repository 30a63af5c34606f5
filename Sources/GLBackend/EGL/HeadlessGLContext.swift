import CSceneCoreGL
import Foundation

/// An OpenGL 3.3 core profile context on the shared headless EGL display, with no surface:
/// it renders into framebuffer objects only.
///
/// A context may be current on one thread at a time, so every use goes through
/// `withCurrent(_:)`, which holds the context's lock. Never keep it current across an `await`:
/// call `withCurrent` from synchronous code.
final class HeadlessGLContext: @unchecked Sendable {
    private let display: EGLDisplayHandle
    private let context: EGLContext
    /// Guards `depth` and the context's binding; recursive so `withCurrent` may nest.
    private let lock = NSRecursiveLock()
    /// How many `withCurrent` calls are running on the lock holder's thread.
    private var depth = 0

    /// Creates a context on the shared display.
    /// - Throws: `EGLError` when no display can be initialised or EGL refuses the context.
    package init() throws(EGLError) {
        display = try SharedEGLDisplay.display()
        guard eglBindAPI(EGLenum(EGL_OPENGL_API)) == EGL_TRUE else {
            throw .openGLUnavailable(code: EGLError.lastCode)
        }
        let attributes: [EGLint] = [
            EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
            EGL_NONE,
        ]
        // EGL_KHR_no_config_context and EGL_KHR_surfaceless_context: no config, no surface.
        guard let context = eglCreateContext(display.raw, nil, nil, attributes) else {
            throw .contextCreationFailed(code: EGLError.lastCode)
        }
        self.context = context
    }

    deinit {
        eglDestroyContext(display.raw, context)
    }

    /// Runs `body` with this context current on the calling thread, then restores whatever
    /// context the thread had before. Other threads wait for the context meanwhile.
    /// - Throws: `EGLError.makeCurrentFailed`, or what `body` throws.
    func withCurrent<Result>(_ body: () throws -> Result) throws -> Result {
        lock.lock()
        defer { lock.unlock() }
        if depth > 0 {
            depth += 1
            defer { depth -= 1 }
            return try body()
        }
        let previous = (
            display: eglGetCurrentDisplay(), context: eglGetCurrentContext(),
            draw: eglGetCurrentSurface(EGL_DRAW), read: eglGetCurrentSurface(EGL_READ)
        )
        // The bound client API is per thread, and eglMakeCurrent acts on it.
        eglBindAPI(EGLenum(EGL_OPENGL_API))
        guard eglMakeCurrent(display.raw, nil, nil, context) == EGL_TRUE else {
            throw EGLError.makeCurrentFailed(code: EGLError.lastCode)
        }
        depth = 1
        defer {
            depth = 0
            if let previousDisplay = previous.display, previous.context != nil {
                eglMakeCurrent(previousDisplay, previous.draw, previous.read, previous.context)
            } else {
                eglMakeCurrent(display.raw, nil, nil, nil)
            }
        }
        return try body()
    }
}
