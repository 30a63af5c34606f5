import CSceneCoreX11
import Foundation
import SceneCore

/// Reads a window's X events on a thread of its own and hands them to the app's run loop
/// (the main dispatch queue), so that handlers run where app code expects them and implicit
/// transactions made there commit at the end of that run-loop turn. Expose and size changes
/// also go straight to the render thread. Key presses go through the input method first
/// (`TextInput`), and pointer motion is coalesced: of the motion events read in one go, only
/// the last is handed on (a click, a key or a crossing between them hands on the motion before it).
/// Positions are handed on in points: the pump keeps the window's `DisplayScale`, reads it again
/// when the X resources change (`Xft.dpi`) or the window moves (to another monitor), and hands
/// on a change before the events that follow it.
final class EventPump: @unchecked Sendable {
    private let connection: X11Connection
    private let window: Window
    private let deleteAtom: Atom
    private let wake: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)
    private let deliver: @Sendable (WindowInput) -> Void
    private let renderThread: RenderThread
    /// Pointer input through XInput2 where the server has it (for smooth scrolling); nil keeps
    /// the core events.
    private let pointer: XInput2Pointer?
    private let textInput: TextInput
    private let wmState: Atom
    private let fullScreenAtom: Atom
    private var clicks = ClickCounter()
    /// The last motion read and not handed on yet.
    private var pendingMotion: MouseEvent?
    private var isFullScreen = false
    private var displayScale: DisplayScale
    private let resourceManager: Atom
    /// The window's size in pixels.
    private var size: (width: Int, height: Int)
    /// Whether pointer input comes through XInput2, with smooth scrolling.
    var hasSmoothScrolling: Bool { pointer != nil }

    init(
        connection: X11Connection, window: Window, size: (Int, Int), scale: DisplayScale, renderThread: RenderThread,
        deliver: @escaping @Sendable (WindowInput) -> Void
    ) {
        self.connection = connection
        self.window = window
        self.size = size
        displayScale = scale
        resourceManager = connection.atom("RESOURCE_MANAGER")
        self.renderThread = renderThread
        self.deliver = deliver
        deleteAtom = connection.atom("WM_DELETE_WINDOW")
        wmState = connection.atom("_NET_WM_STATE")
        fullScreenAtom = connection.atom("_NET_WM_STATE_FULLSCREEN")
        pointer = XInput2Pointer(display: connection.display, window: window)
        pointer?.scale = scale.scale
        textInput = TextInput(display: connection.display, window: window)
        XSelectInput(connection.display, window, X11WindowFactory.eventMask | textInput.eventMask)
        // The root window's RESOURCE_MANAGER (Xft.dpi) changing.
        XSelectInput(connection.display, XDefaultRootWindow(connection.display), PropertyChangeMask)
        var fds: [Int32] = [0, 0]
        pipe(&fds)
        wake = (fds[0], fds[1])
    }

    func start() {
        let thread = Thread { [self] in
            // Named from inside: Foundation on Linux applies a name set before `start()` to
            // `Thread.name` only, not to the system thread; the system keeps 15 bytes at most.
            Thread.current.name = "SceneCoreEvents"
            run()
            // While the connection is surely open: `stop()` waits for this signal.
            textInput.close()
            finished.signal()
        }
        thread.start()
    }

    /// Wakes the pump to look at Xlib's event queue again: an Xlib call on another thread (a
    /// flush, a resize) may have read the pump's events off the connection into the queue,
    /// where `poll` does not see them.
    func nudge() {
        var byte: UInt8 = 0
        _ = write(wake.write, &byte, 1)
    }

    /// Ends the pump and waits for its thread.
    func stop() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        finished.wait()
        close(wake.read)
        close(wake.write)
    }

    private func run() {
        var fds = [
            pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            while XPending(connection.display) > 0 {
                var event = XEvent()
                XNextEvent(connection.display, &event)
                // A press the input method takes (inside a compose sequence) is not the app's.
                if textInput.filter(&event) { continue }
                if !handle(&event) {
                    flushMotion()
                    return
                }
            }
            flushMotion()
            fds[0].revents = 0
            fds[1].revents = 0
            if poll(&fds, 2, -1) < 0 && errno != EINTR { return }
            if fds[1].revents != 0 {
                // A nudge (0) looks at the queue again; a stop (1) ends the pump.
                var bytes = [UInt8](repeating: 0, count: 64)
                let count = read(wake.read, &bytes, bytes.count)
                if count <= 0 || bytes[..<count].contains(1) { return }
            }
            if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 {
                DisplayConnectionLoss.end(display: connection.name)
            }
        }
    }

    /// Translates one event; returns false once the window is gone.
    private func handle(_ event: inout XEvent) -> Bool {
        if let inputs = pointer?.translate(&event) {
            inputs.forEach(send)
            return true
        }
        switch event.type {
        case ButtonPress, ButtonRelease:
            let b = event.xbutton
            let location = CGPoint(x: Int(b.x), y: Int(b.y))
            // A wheel notch is a press and a release of buttons 4 to 7: one scroll, not a click.
            if let scroll = ScrollEvent(button: b.button, location: location) {
                if event.type == ButtonPress { send(.scroll(scroll)) }
                return true
            }
            send(.mouse(buttonEvent(b, down: event.type == ButtonPress)))
        case MotionNotify:
            let m = event.xmotion
            let buttons = MouseButtons(x11State: m.state)
            send(
                .mouse(
                    MouseEvent(
                        kind: buttons.isEmpty ? .moved : .dragged, location: CGPoint(x: Int(m.x), y: Int(m.y)),
                        button: 0,
                        modifiers: ModifierFlags(x11State: m.state), buttons: buttons)))
        case EnterNotify, LeaveNotify:
            let c = event.xcrossing
            // A grab starting (a button pressed outside, then the pointer brought in) is no crossing.
            guard c.mode != NotifyGrab else { return true }
            send(
                .mouse(
                    MouseEvent(
                        kind: event.type == EnterNotify ? .entered : .exited,
                        location: CGPoint(x: Int(c.x), y: Int(c.y)), button: 0,
                        modifiers: ModifierFlags(x11State: c.state), buttons: MouseButtons(x11State: c.state))))
        case KeyPress, KeyRelease:
            send(.key(textInput.keyEvent(&event.xkey, down: event.type == KeyPress)))
        case FocusIn, FocusOut:
            textInput.setFocused(event.type == FocusIn)
        case MappingNotify:
            // A tool such as xdotool mapped a keysym to a spare keycode: read the new keymap.
            XRefreshKeyboardMapping(&event.xmapping)
        case PropertyNotify:
            if event.xproperty.window == window && event.xproperty.atom == wmState { readFullScreen() }
            if event.xproperty.atom == resourceManager && displayScale.source != .environment { readScale() }
        case ConfigureNotify:
            let c = event.xconfigure
            let newSize = (Int(c.width), Int(c.height))
            if newSize != size {
                size = newSize
                // The render thread takes the new size from the app side, together with the
                // commit that lays the tree out for it (see LayerWindow), so no frame shows the
                // new size with the old layout.
                send(.resized(width: newSize.0, height: newSize.1))
            }
            // Moved, perhaps to another monitor.
            if displayScale.source == .monitor || displayScale.source == .none { readScale() }
        case Expose:
            renderThread.setNeedsWholeFrame()
        case ClientMessage:
            if Atom(event.xclient.data.l.0) == deleteAtom { send(.closeRequested) }
        case DestroyNotify:
            if event.xdestroywindow.window == window {
                send(.destroyed)
                return false
            }
        default:
            break
        }
        return true
    }

    /// Hands `input` to the app, holding motion back until the events read in one go are
    /// handled or something other than motion comes.
    private func send(_ input: WindowInput) {
        let scale = displayScale.scale
        switch input {
        case .mouse(let event) where event.kind == .moved || event.kind == .dragged:
            pendingMotion = event.scaled(by: scale)
            return
        case .mouse(let event):
            flushMotion()
            deliver(.mouse(event.scaled(by: scale)))
        case .scroll(let event):
            flushMotion()
            deliver(.scroll(event.scaled(by: scale)))
        default:
            flushMotion()
            deliver(input)
        }
    }

    /// Reads the window's scale again, and hands a change on.
    private func readScale() {
        let display = connection.display
        var x: Int32 = 0
        var y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(
            display, window, XDefaultRootWindow(display), Int32(size.width / 2), Int32(size.height / 2), &x, &y, &child)
        let scale = DisplayScale.read(display, centre: CGPoint(x: Int(x), y: Int(y)))
        let changed = scale.scale != displayScale.scale
        displayScale = scale
        guard changed else { return }
        pointer?.scale = scale.scale
        send(.scaleChanged(scale.scale))
    }

    private func flushMotion() {
        guard let motion = pendingMotion else { return }
        pendingMotion = nil
        deliver(.mouse(motion))
    }

    /// The mouse event of a core button press or release (not a wheel's).
    private func buttonEvent(_ b: XButtonEvent, down: Bool) -> MouseEvent {
        let location = CGPoint(x: Int(b.x), y: Int(b.y))
        let button = Int(b.button)
        // The event's state holds the buttons held before it.
        var buttons = MouseButtons(x11State: b.state)
        if down { buttons.insert(MouseButtons(button: button)) } else { buttons.remove(MouseButtons(button: button)) }
        let scale = displayScale.scale
        let points = CGPoint(x: location.x / scale, y: location.y / scale)
        let count =
            down
            ? clicks.press(button: button, at: points, time: TimeInterval(b.time) / 1000)
            : clicks.release(button: button)
        return MouseEvent(
            kind: down ? .down : .up, location: location, button: button, modifiers: ModifierFlags(x11State: b.state),
            clickCount: count, buttons: buttons)
    }

    /// Reads whether the window manager shows the window full screen (`_NET_WM_STATE` holding
    /// `_NET_WM_STATE_FULLSCREEN`), and tells the app when that changed.
    private func readFullScreen() {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            connection.display, window, wmState, 0, 64, 0, Atom(AnyPropertyType), &type, &format, &count, &remaining,
            &data)
        defer { if let data { XFree(data) } }
        var fullScreen = false
        if status == Success, format == 32, let data {
            // Format-32 properties come as longs.
            let atoms = UnsafeRawPointer(data).assumingMemoryBound(to: UInt.self)
            fullScreen = (0..<Int(count)).contains { Atom(atoms[$0]) == fullScreenAtom }
        }
        guard fullScreen != isFullScreen else { return }
        isFullScreen = fullScreen
        send(.fullScreenChanged(fullScreen))
    }
}
