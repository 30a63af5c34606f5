import CSceneCoreX11
import Foundation

/// Sends a window what a window manager sends when the user clicks its close button: a
/// WM_PROTOCOLS client message carrying WM_DELETE_WINDOW (Xvfb has no window manager).
func requestClose(window: UInt, display name: String) -> Bool {
    guard let display = XOpenDisplay(name) else { return false }
    defer { XCloseDisplay(display) }
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = Window(window)
    event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
    let sent = XSendEvent(display, Window(window), 0, NoEventMask, &event) != 0
    XFlush(display)
    return sent
}
