import CX11

/// An X11 window with an OpenGL context that draws into it. Created on the app thread;
/// `makeCurrent`, `present` and `releaseCurrent` are called on the render thread only.
protocol WindowSurface: AnyObject, Sendable {
    /// The X window.
    var window: Window { get }
    /// Which API presents the frames ("GLX" or "EGL").
    var api: String { get }
    func makeCurrent() -> Bool
    /// Shows the frame just drawn.
    func present()
    func releaseCurrent()
    /// Destroys the context and surface (not the X window). Called after the render thread ended.
    func destroy()
}

/// Which presentation path a window uses.
public enum PresentationAPI: String, Sendable, CaseIterable {
    /// GLX: on Mesa's software rasteriser it hands frames to the X server through MIT-SHM.
    case glx
    /// EGL on the X11 platform.
    case egl
}

/// Creates the X window with attributes shared by both presentation paths.
enum X11WindowFactory {
    static let eventMask = Int(
        ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask
            | KeyPressMask | KeyReleaseMask | StructureNotifyMask)

    /// A top-level window of `visual` and `depth`, not yet mapped.
    static func create(
        _ connection: X11Connection, width: Int, height: Int, visual: UnsafeMutablePointer<Visual>?, depth: Int32
    )
        throws(WindowError) -> Window
    {
        let display = connection.display
        let root = XRootWindow(display, XDefaultScreen(display))
        var attributes = XSetWindowAttributes()
        attributes.colormap = XCreateColormap(display, root, visual, AllocNone)
        attributes.event_mask = eventMask
        attributes.border_pixel = 0
        attributes.background_pixmap = 0
        let window = XCreateWindow(
            display, root, 0, 0, UInt32(max(width, 1)), UInt32(max(height, 1)), 0, depth, UInt32(InputOutput), visual,
            UInt(CWColormap | CWEventMask | CWBorderPixel | CWBackPixmap), &attributes)
        guard window != 0 else { throw .windowCreationFailed("XCreateWindow returned no window") }
        return window
    }
}
