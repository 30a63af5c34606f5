/// Why a window could not be opened or drawn into.
public enum WindowError: Error, CustomStringConvertible, Equatable {
    /// No X server could be reached (DISPLAY unset, or the named display refused).
    case noDisplay(String)
    /// No usable GL configuration or context for a window on this display.
    case noContext(String)
    /// The X window could not be created.
    case windowCreationFailed(String)

    /// The error in a sentence: what failed and what to do (for `noDisplay`, the display to
    /// start or the headless renderer to use instead).
    public var description: String {
        switch self {
        case .noDisplay(let name):
            "no X display \(name): set DISPLAY to a running X server (for example start `Xvfb :1` and use DISPLAY=:1), "
                + "or render without a display through OffscreenRenderer (headless EGL), as `demo-window --headless` does"
        case .noContext(let reason): "no OpenGL 3.3 context for an X11 window: \(reason)"
        case .windowCreationFailed(let reason): "the X11 window could not be created: \(reason)"
        }
    }
}
