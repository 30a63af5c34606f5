import CSceneCoreX11
import Foundation
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

    /// Opens the held connection to `name` unless there is one already to a server still
    /// running. A server that refuses it is left alone: the window's own connection has just
    /// succeeded, and a later window tries again.
    ///
    /// A held connection whose server has ended (a new server may take its name, as a test's
    /// Xvfb takes the lowest free display number) is replaced: its socket is closed, and its
    /// Xlib display, which Xlib cannot close without reporting the lost connection, is left
    /// behind (a few kilobytes).
    static func hold(_ name: String) {
        held.withLock { connections in
            if let old = connections[name], hasEnded(old.display) {
                close(XConnectionNumber(old.display))
                connections[name] = nil
            }
            guard connections[name] == nil, let display = XOpenDisplay(name) else { return }
            connections[name] = Held(display: display)
        }
    }

    /// Whether the server at the other end of `display` has closed the connection: its socket
    /// has hung up, or reads end of file (a running server may have sent events, which are
    /// data, not an end).
    private static func hasEnded(_ display: OpaquePointer) -> Bool {
        var socket = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
        guard poll(&socket, 1, 0) > 0 else { return false }
        if socket.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return true }
        var byte: UInt8 = 0
        return recv(socket.fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
    }
}
