import CSceneCoreGL
import CSceneCoreX11
import Foundation
import SceneCore

/// A window presented through EGL on the X11 platform with an OpenGL 3.3 core context.
final class EGLWindowSurface: WindowSurface, @unchecked Sendable {
    let window: Window
    let api = "EGL"
    private let connection: X11Connection
    private let display: EGLDisplay
    private let surface: EGLSurface
    private let context: EGLContext

    init(_ connection: X11Connection, width: Int, height: Int) throws(WindowError) {
        guard
            let display = eglGetPlatformDisplay(
                EGLenum(EGL_PLATFORM_X11_KHR), UnsafeMutableRawPointer(connection.display), nil)
        else {
            throw .noContext("EGL has no X11 platform display (error 0x\(String(eglGetError(), radix: 16)))")
        }
        var major: EGLint = 0
        var minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) != 0, eglBindAPI(EGLenum(EGL_OPENGL_API)) != 0 else {
            throw .noContext("eglInitialize failed on \(connection.name) (error 0x\(String(eglGetError(), radix: 16)))")
        }
        let wanted: [EGLint] = [
            EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_STENCIL_SIZE, 8, EGL_NONE,
        ]
        var config: EGLConfig?
        var count: EGLint = 0
        guard eglChooseConfig(display, wanted, &config, 1, &count) != 0, count > 0, let config else {
            throw .noContext("EGL offers no RGB8 window config with an 8-bit stencil")
        }
        var visualID: EGLint = 0
        eglGetConfigAttrib(display, config, EGL_NATIVE_VISUAL_ID, &visualID)
        var template = XVisualInfo()
        template.visualid = VisualID(visualID)
        var matches: Int32 = 0
        guard let info = XGetVisualInfo(connection.display, Int(VisualIDMask), &template, &matches), matches > 0 else {
            throw .noContext("the EGL config's visual 0x\(String(visualID, radix: 16)) is not on the X server")
        }
        defer { XFree(info) }
        window = try X11WindowFactory.create(
            connection, width: width, height: height, visual: info.pointee.visual, depth: info.pointee.depth)
        var nativeWindow = window
        guard let surface = eglCreatePlatformWindowSurface(display, config, &nativeWindow, nil) else {
            XDestroyWindow(connection.display, window)
            throw .noContext("eglCreatePlatformWindowSurface failed (error 0x\(String(eglGetError(), radix: 16)))")
        }
        let attributes: [EGLint] = [
            EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE,
        ]
        guard let context = eglCreateContext(display, config, nil, attributes) else {
            eglDestroySurface(display, surface)
            XDestroyWindow(connection.display, window)
            throw .noContext(
                "eglCreateContext could not make a 3.3 core context (error 0x\(String(eglGetError(), radix: 16)))")
        }
        (self.connection, self.display, self.surface, self.context) = (connection, display, surface, context)
    }

    func makeCurrent() -> Bool {
        guard eglMakeCurrent(display, surface, surface, context) != 0 else { return false }
        eglSwapInterval(display, 0)
        return true
    }

    /// Swapping leaves the back buffer undefined (this surface asks for no preserved or aged
    /// buffers), so every frame is drawn and shown whole.
    let presentsDamage = false

    func present(changed: DamageRegion?) { eglSwapBuffers(display, surface) }

    func releaseCurrent() { eglMakeCurrent(display, nil, nil, nil) }

    /// Also terminates the EGL display: it belongs to this window's own X connection, which
    /// closes next, and a later connection at the same address must not find it initialised.
    func destroy() {
        eglDestroyContext(display, context)
        eglDestroySurface(display, surface)
        eglTerminate(display)
    }
}
