import CSceneCoreGL

/// Why a headless EGL display or OpenGL context could not be set up or used.
///
/// Every case carries the EGL error code reported by `eglGetError()` at the point of failure.
public enum EGLError: Error, CustomStringConvertible, Equatable {
    /// No EGL display could be initialised; one line per platform that was tried.
    case noDisplay(attempts: [String])
    /// `eglBindAPI(EGL_OPENGL_API)` failed: the EGL implementation offers no desktop OpenGL.
    case openGLUnavailable(code: Int32)
    /// `eglCreateContext` refused an OpenGL 3.3 core profile context.
    case contextCreationFailed(code: Int32)
    /// `eglMakeCurrent` could not bind the context to the calling thread.
    case makeCurrentFailed(code: Int32)

    public var description: String {
        switch self {
        case .noDisplay(let attempts):
            "no headless EGL display could be initialised (" + attempts.joined(separator: "; ") + ")"
        case .openGLUnavailable(let code):
            "eglBindAPI(EGL_OPENGL_API) failed: \(EGLError.describe(code: code))"
        case .contextCreationFailed(let code):
            "eglCreateContext for OpenGL 3.3 core failed: \(EGLError.describe(code: code))"
        case .makeCurrentFailed(let code):
            "eglMakeCurrent failed: \(EGLError.describe(code: code))"
        }
    }

    /// The calling thread's last EGL error code.
    static var lastCode: Int32 { eglGetError() }

    /// An EGL error code in hex with its name, e.g. `EGL error 0x3008 (EGL_BAD_DISPLAY)`.
    static func describe(code: Int32) -> String {
        let names: [Int32: String] = [
            EGL_SUCCESS: "EGL_SUCCESS", EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED",
            EGL_BAD_ACCESS: "EGL_BAD_ACCESS", EGL_BAD_ALLOC: "EGL_BAD_ALLOC",
            EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE", EGL_BAD_CONFIG: "EGL_BAD_CONFIG",
            EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT", EGL_BAD_CURRENT_SURFACE: "EGL_BAD_CURRENT_SURFACE",
            EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY", EGL_BAD_MATCH: "EGL_BAD_MATCH",
            EGL_BAD_NATIVE_PIXMAP: "EGL_BAD_NATIVE_PIXMAP", EGL_BAD_NATIVE_WINDOW: "EGL_BAD_NATIVE_WINDOW",
            EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER", EGL_BAD_SURFACE: "EGL_BAD_SURFACE",
            EGL_CONTEXT_LOST: "EGL_CONTEXT_LOST",
        ]
        let hex = "0x" + String(UInt32(bitPattern: code), radix: 16, uppercase: true)
        return "EGL error \(hex) (\(names[code] ?? "unknown"))"
    }
}
