import CSceneCoreGLX
import CSceneCoreX11
import Foundation
import SceneCore

/// A window presented through GLX with an OpenGL 3.3 core context (8-bit stencil for clips).
///
/// The window belongs to the window's connection, which its event thread reads; the context,
/// and so every GL call and present, uses a connection of its own. On one connection each
/// present (Mesa's software path asks the server for the window's size and puts the image)
/// woke the event thread for replies that were not its own, a wake-up and a lock handed over
/// per frame.
final class GLXWindowSurface: WindowSurface, @unchecked Sendable {
    let window: Window
    let api = "GLX"
    /// The connection the context draws and presents through.
    private let connection: X11Connection
    private let context: GLXContext
    /// `glXCopySubBufferMESA` (GLX_MESA_copy_sub_buffer), which copies part of the back buffer
    /// to the window and leaves the back buffer as it was; nil where GLX lacks it.
    private var copySubBuffer: CopySubBuffer?
    private typealias CopySubBuffer = @convention(c) (OpaquePointer?, GLXDrawable, Int32, Int32, Int32, Int32) -> Void

    /// A window of `windowConnection`, drawn through a connection of its own to the same display.
    init(_ windowConnection: X11Connection, width: Int, height: Int) throws(WindowError) {
        let connection = try X11Connection(name: windowConnection.name)
        let display = connection.display
        let screen = XDefaultScreen(display)
        let wanted: [Int32] = [
            GLX_X_RENDERABLE, 1, GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT, GLX_RENDER_TYPE, GLX_RGBA_BIT,
            GLX_X_VISUAL_TYPE, GLX_TRUE_COLOR, GLX_RED_SIZE, 8, GLX_GREEN_SIZE, 8, GLX_BLUE_SIZE, 8,
            GLX_STENCIL_SIZE, 8, GLX_DOUBLEBUFFER, 1, 0,
        ]
        var count: Int32 = 0
        guard let configs = glXChooseFBConfig(display, screen, wanted, &count), count > 0, let config = configs[0]
        else {
            throw .noContext("GLX offers no double-buffered RGB8 config with an 8-bit stencil on \(connection.name)")
        }
        defer { XFree(configs) }
        guard let visual = glXGetVisualFromFBConfig(display, config) else {
            throw .noContext("the GLX config has no X visual")
        }
        defer { XFree(visual) }
        // The window is made by the window's connection, which hears its events (the window
        // manager's close request goes to the client that made the window); a visual is named
        // by its id, the same on both connections.
        window = try X11WindowFactory.create(
            windowConnection, width: width, height: height, visual: visual.pointee.visual, depth: visual.pointee.depth)
        // The window exists on the server before the context's connection draws to it.
        XSync(windowConnection.display, 0)

        typealias CreateContext =
            @convention(c) (
                OpaquePointer?, GLXFBConfig?, GLXContext?, Int32, UnsafePointer<Int32>?
            ) -> GLXContext?
        guard let address = glXGetProcAddressARB("glXCreateContextAttribsARB") else {
            XDestroyWindow(windowConnection.display, window)
            throw .noContext("GLX_ARB_create_context is missing")
        }
        let create = unsafeBitCast(address, to: CreateContext.self)
        let attributes: [Int32] = [
            GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 3,
            GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_CORE_PROFILE_BIT_ARB, 0,
        ]
        guard let context = create(display, config, nil, 1, attributes) else {
            XDestroyWindow(windowConnection.display, window)
            throw .noContext("glXCreateContextAttribsARB could not make a 3.3 core context")
        }
        self.context = context
        self.connection = connection
    }

    func makeCurrent() -> Bool {
        guard glXMakeCurrent(connection.display, window, context) != 0 else { return false }
        let screen = XDefaultScreen(connection.display)
        let extensions = glXQueryExtensionsString(connection.display, screen).map { String(cString: $0) } ?? ""
        if extensions.split(separator: " ").contains("GLX_MESA_copy_sub_buffer"),
            let address = glXGetProcAddressARB("glXCopySubBufferMESA")
        {
            copySubBuffer = unsafeBitCast(address, to: CopySubBuffer.self)
        }
        // Frames are paced by the render thread itself; never block in the swap.
        if let address = glXGetProcAddressARB("glXSwapIntervalEXT") {
            typealias SwapInterval = @convention(c) (OpaquePointer?, GLXDrawable, Int32) -> Void
            unsafeBitCast(address, to: SwapInterval.self)(connection.display, window, 0)
        }
        return true
    }

    /// With GLX_MESA_copy_sub_buffer a frame with a changed region is not swapped: each
    /// rectangle of that region of the back buffer is copied to the window, and the back buffer
    /// keeps the whole frame for the next one to draw into.
    var presentsDamage: Bool { copySubBuffer != nil }

    func present(changed: DamageRegion?) {
        guard let copySubBuffer, let changed else { return glXSwapBuffers(connection.display, window) }
        for rect in changed.rects {
            copySubBuffer(
                connection.display, window, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
    }

    func releaseCurrent() { glXMakeCurrent(connection.display, 0, nil) }

    func destroy() { glXDestroyContext(connection.display, context) }
}
