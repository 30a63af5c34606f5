import Foundation
import SceneCore

/// What happens when the connection to an X server is lost (the server ended or crashed, or
/// closed the connection): the program ends with a clear message, after running the app's
/// `LayerWindow.onDisplayConnectionLost` handler on the main thread when it set one.
///
/// Whichever thread notices first (the event thread seeing the socket hang up, or any thread
/// inside Xlib through its I/O error handler) calls `end(display:)`, which never returns. A
/// thread other than the main one hands the handler to the main queue and waits; the main
/// thread runs it in place. The process ends when the handler returns, or after
/// `handlerTimeout` seconds if it has not, so a busy or blocked main thread cannot hang it.
/// It ends with `_exit` after flushing standard I/O: `exit` runs the libraries' exit handlers
/// while a thread stopped here inside Xlib may hold the display's lock, and with `exit` the
/// demo hung on the way out after a killed server.
enum DisplayConnectionLoss {
    typealias Handler = @MainActor @Sendable (_ display: String) -> Void

    /// Seconds the handler has before the program ends without it.
    static let handlerTimeout: Double = 10

    private struct State {
        var handler: Handler?
        var noticed = false
        var handlerStarted = false
    }
    private static let state = Locked(State())

    /// The app's handler (see `LayerWindow.onDisplayConnectionLost`).
    static var handler: Handler? {
        get { state.withLock { $0.handler } }
        set { state.withLock { $0.handler = newValue } }
    }

    /// Reports the loss of the connection to `display` and ends the program.
    static func end(display: String) -> Never {
        let (first, handler) = state.withLock { s in
            defer { s.noticed = true }
            return (!s.noticed, s.handler)
        }
        if first {
            FileHandle.standardError.write(
                Data("SceneCore: lost the connection to the X server \(display); the application ends.\n".utf8))
        }
        guard let handler else { terminate() }
        if Thread.isMainThread {
            MainActor.assumeIsolated { runOnce(handler, display) }
            terminate()
        }
        if first {
            DispatchQueue.main.async {
                MainActor.assumeIsolated { runOnce(handler, display) }
                terminate()
            }
        }
        Thread.sleep(forTimeInterval: handlerTimeout)
        FileHandle.standardError.write(
            Data("SceneCore: the display-loss handler did not return within \(Int(handlerTimeout)) s.\n".utf8))
        terminate()
    }

    /// Ends the process with status 1, as Xlib does on a lost connection.
    private static func terminate() -> Never {
        fflush(nil)
        _exit(1)
    }

    /// Runs the handler unless it has started already (a handler that touches a window on the
    /// lost connection comes back here, and the program then ends at once).
    @MainActor private static func runOnce(_ handler: Handler, _ display: String) {
        let start = state.withLock { s in
            defer { s.handlerStarted = true }
            return !s.handlerStarted
        }
        if start { handler(display) }
    }
}
