import CSceneCoreX11
import SceneCore

/// An X11 window with an OpenGL context that draws into it. Created on the app thread;
/// `makeCurrent`, `present` and `releaseCurrent` are called on the render thread only.
protocol WindowSurface: AnyObject, Sendable {
    /// The X window.
    var window: Window { get }
    /// Which API presents the frames ("GLX" or "EGL").
    var api: String { get }
    func makeCurrent() -> Bool
    /// Whether the surface can show part of a frame and keep the frame it drew: then the
    /// renderer draws only what changed into the last frame's pixels (`FrameDamage`) and
    /// `present(changed:)` shows only that. Known after `makeCurrent()`.
    var presentsDamage: Bool { get }
    /// Shows the frame just drawn: where `presentsDamage` and `changed` is given, only that
    /// region, rectangle by rectangle (nothing for an empty one), keeping the frame for the next to draw into; else
    /// all of it by swapping buffers, after which the next frame must be drawn whole (a swap
    /// also makes the driver take a new window size).
    func present(changed: DamageRegion?)
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
    /// The events a window selects: pointer (crossings included, for hover), keys, focus (for the
    /// input method), structure, exposure, and its properties (the window manager's state).
    static let eventMask = Int(
        ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask | EnterWindowMask | LeaveWindowMask
            | KeyPressMask | KeyReleaseMask | FocusChangeMask | StructureNotifyMask | PropertyChangeMask)

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
