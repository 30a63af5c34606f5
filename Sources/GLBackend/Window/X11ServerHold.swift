import CSceneCoreX11
import SceneCore

/// One idle connection to each X server this process has opened a window on, kept until the
/// process ends.
///
/// An X server started without `-noreset` (plain `Xvfb :1`, for one) resets when its last
/// client disconnects and refuses connections while it does. Each window has a connection of
/// its own, so closing a process's last window disconnected its last client, and a window
/// opened a few milliseconds later found the server resetting: about 30 % of such windows
/// failed with `WindowError.noDisplay`. Holding one connection for the life of the process,
/// as toolkits that share one connection among their windows do, keeps the server from
/// resetting under the program.
enum X11ServerHold {
    /// A connection nothing reads or writes: it only stays open.
    private struct Held: @unchecked Sendable { let display: OpaquePointer }
    private static let held = Locked<[String: Held]>([:])

    /// Opens the held connection to `name` unless there is one already. A server that refuses
    /// it is left alone: the window's own connection has just succeeded, and a later window
    /// tries again.
    static func hold(_ name: String) {
        held.withLock { connections in
            guard connections[name] == nil, let display = XOpenDisplay(name) else { return }
            connections[name] = Held(display: display)
        }
    }
}
