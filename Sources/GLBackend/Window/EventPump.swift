import CSceneCoreX11
import Foundation
import SceneCore

/// Reads a window's X events on a thread of its own and hands them to the app's run loop
/// (the main dispatch queue), so that handlers run where app code expects them and implicit
/// transactions made there commit at the end of that run-loop turn. Expose and size changes
/// also go straight to the render thread.
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
    private var size: (width: Int, height: Int)
    /// Whether pointer input comes through XInput2, with smooth scrolling.
    var hasSmoothScrolling: Bool { pointer != nil }

    init(
        connection: X11Connection, window: Window, size: (Int, Int), renderThread: RenderThread,
        deliver: @escaping @Sendable (WindowInput) -> Void
    ) {
        self.connection = connection
        self.window = window
        self.size = size
        self.renderThread = renderThread
        self.deliver = deliver
        deleteAtom = connection.atom("WM_DELETE_WINDOW")
        pointer = XInput2Pointer(display: connection.display, window: window)
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
            finished.signal()
        }
        thread.start()
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
                if !handle(&event) { return }
            }
            fds[0].revents = 0
            fds[1].revents = 0
            if poll(&fds, 2, -1) < 0 && errno != EINTR { return }
            if fds[1].revents != 0 { return }
            if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 {
                DisplayConnectionLoss.end(display: connection.name)
            }
        }
    }

    /// Translates one event; returns false once the window is gone.
    private func handle(_ event: inout XEvent) -> Bool {
        if let inputs = pointer?.translate(&event) {
            inputs.forEach(deliver)
            return true
        }
        switch event.type {
        case ButtonPress, ButtonRelease:
            let b = event.xbutton
            let location = CGPoint(x: Int(b.x), y: Int(b.y))
            // A wheel notch is a press and a release of buttons 4 to 7: one scroll, not a click.
            if let scroll = ScrollEvent(button: b.button, location: location) {
                if event.type == ButtonPress { deliver(.scroll(scroll)) }
                return true
            }
            deliver(
                .mouse(
                    MouseEvent(
                        kind: event.type == ButtonPress ? .down : .up, location: location, button: Int(b.button))))
        case MotionNotify:
            let m = event.xmotion
            deliver(.mouse(MouseEvent(kind: .moved, location: CGPoint(x: Int(m.x), y: Int(m.y)), button: 0)))
        case KeyPress, KeyRelease:
            deliver(.key(keyEvent(&event.xkey, down: event.type == KeyPress)))
        case ConfigureNotify:
            let c = event.xconfigure
            let newSize = (Int(c.width), Int(c.height))
            if newSize != size {
                size = newSize
                // The render thread takes the new size from the app side, together with the
                // commit that lays the tree out for it (see LayerWindow), so no frame shows the
                // new size with the old layout.
                deliver(.resized(width: newSize.0, height: newSize.1))
            }
        case Expose:
            renderThread.setNeedsWholeFrame()
        case ClientMessage:
            if Atom(event.xclient.data.l.0) == deleteAtom { deliver(.closeRequested) }
        case DestroyNotify:
            if event.xdestroywindow.window == window {
                deliver(.destroyed)
                return false
            }
        default:
            break
        }
        return true
    }

    private func keyEvent(_ key: inout XKeyEvent, down: Bool) -> KeyEvent {
        var buffer = [CChar](repeating: 0, count: 32)
        var keySym: KeySym = 0
        let length = XLookupString(&key, &buffer, Int32(buffer.count), &keySym, nil)
        let text = String(decoding: buffer.prefix(Int(max(length, 0))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return KeyEvent(kind: down ? .down : .up, characters: text, keySym: UInt(keySym))
    }
}
