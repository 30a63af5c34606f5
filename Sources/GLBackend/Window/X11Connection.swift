import CSceneCoreX11
import Foundation
import SceneCore

/// One connection to the X server. Each window opens its own, so windows are independent,
/// and a GLX window's context another (`GLXWindowSurface`); Xlib is used thread-safely
/// (`XInitThreads`) because an EGL window's render thread presents on the connection that the
/// event thread reads. The first connection to a server also opens
/// the process's held connection to it (`X11ServerHold`), so that closing the last window
/// does not make the server reset under the next.
final class X11Connection: @unchecked Sendable {
    let display: OpaquePointer
    let name: String

    /// Opens `DISPLAY` (or `name`).
    /// - Throws: `WindowError.noDisplay` naming the display and the headless alternative.
    init(name requested: String? = nil) throws(WindowError) {
        X11Connection.prepareXlib
        let name = requested ?? ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        guard !name.isEmpty else { throw .noDisplay("(DISPLAY is not set)") }
        guard let display = XOpenDisplay(name) else { throw .noDisplay("\(name) (it could not be opened)") }
        self.display = display
        self.name = name
        X11ServerHold.hold(name)
    }

    deinit { XCloseDisplay(display) }

    /// The file descriptor of the connection, for `poll`.
    var fileDescriptor: Int32 { XConnectionNumber(display) }

    /// Interns an atom.
    func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    /// Makes Xlib thread-safe and routes its errors to SceneCore's diagnostics: a protocol
    /// error is logged and drawing goes on; a lost connection ends the program through
    /// `DisplayConnectionLoss` (a clear message, the app's handler if it set one, never a hang).
    private static let prepareXlib: Void = {
        XInitThreads()
        XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            var text = [CChar](repeating: 0, count: 256)
            XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
            let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            Diagnostics.error(
                "X11 error: \(message) (request \(event.pointee.request_code), resource 0x\(String(event.pointee.resourceid, radix: 16)))"
            )
            return 0
        }
        XSetIOErrorHandler { display in
            DisplayConnectionLoss.end(display: display.flatMap { XDisplayString($0) }.map { String(cString: $0) } ?? "")
        }
    }()
}
