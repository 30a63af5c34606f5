import CSceneCoreX11
import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

extension WindowTests {
    /// Keys, the mouse and the window manager's requests of a window opened in the test's own
    /// process, driven by xdotool through XTEST as a user's devices are (Xvfb has no window
    /// manager: the keyboard goes to the window under the pointer). Nested in `WindowTests`, so
    /// they run one at a time with the other window tests.
    @MainActor @Suite struct WindowInputTests {
        /// A 200x100 window at the screen's top-left corner on `server`, once it is shown.
        private func openWindow(on server: XvfbFixture) throws -> LayerWindow {
            let window = try LayerWindow(width: 200, height: 100, display: server.display)
            try #require(waitUntilBlocking(polling: .milliseconds(20)) { server.isViewable(window.windowID) })
            return window
        }

        /// Typed ASCII, a character composed with the Compose key (Right Alt, as `setxkbmap
        /// -option compose:ralt` makes it: Compose a e gives æ, from the locale's Compose table
        /// through Xlib's input method), one composed with a dead key (the US international
        /// layout's ', dead_acute: ' e gives é) and a shifted letter reach `onKey` as text, with
        /// the modifiers held; the presses inside the sequences do not.
        @Test func typedTextReachesTheAppComposedCharactersIncluded() async throws {
            let server = try XvfbFixture()
            defer { server.stop() }
            try #require(
                try server.run("setxkbmap", ["-layout", "us", "-variant", "intl", "-option", "compose:ralt"]) == 0)
            let window = try openWindow(on: server)
            defer { window.close() }
            var presses: [KeyEvent] = []
            window.onKey = { if $0.kind == .down { presses.append($0) } }
            try server.run("xdotool", ["mousemove", "--window", String(window.windowID), "50", "50"])
            try server.run("xdotool", ["type", "--delay", "20", "hi"])
            try server.run("xdotool", ["key", "--delay", "20", "Multi_key", "a", "e", "dead_acute", "e", "shift+a"])
            let typed = { presses.map(\.characters).joined() }
            #expect(await waitOnMainActor { typed() == "hiæéA" }, "typed \(typed().debugDescription)")
            let composed = try #require(presses.first { $0.characters == "é" })
            #expect(composed.keySym == 0xe9, "XK_eacute")
            #expect(presses.first { $0.characters == "æ" }?.keySym == 0xe6, "XK_ae")
            #expect(presses.count == 6, "the sequences' presses reach the app: \(presses)")
            let shifted = try #require(presses.last)
            #expect(shifted.characters == "A" && shifted.modifiers == [.shift] && !shifted.isARepeat)
        }

        /// The pointer coming in, moving with no button held (hover), a shifted double click, a
        /// single click 30 points away, a drag from 110 points away from that and the pointer
        /// leaving reach `onMouse` as AppKit would report them.
        @Test func mouseEventsCarryHoverModifiersButtonsAndClickCounts() async throws {
            let server = try XvfbFixture()
            defer { server.stop() }
            let window = try openWindow(on: server)
            defer { window.close() }
            var events: [MouseEvent] = []
            window.onMouse = { events.append($0) }
            func kinds(_ kind: MouseEvent.Kind) -> [MouseEvent] { events.filter { $0.kind == kind } }
            try server.run("xdotool", ["mousemove", "100", "50"])
            try #require(await waitOnMainActor { !kinds(.entered).isEmpty }, "\(events)")
            try server.run("xdotool", ["mousemove", "120", "60"])
            #expect(
                await waitOnMainActor { kinds(.moved).contains { $0.location == CGPoint(x: 120, y: 60) } }, "\(events)")
            try server.run(
                "xdotool", ["keydown", "shift", "click", "--repeat", "2", "--delay", "60", "1", "keyup", "shift"])
            try server.run("xdotool", ["mousemove", "150", "60", "click", "1"])
            try server.run(
                "xdotool", ["mousemove", "40", "60", "mousedown", "1", "mousemove", "60", "80", "mouseup", "1"])
            try server.run("xdotool", ["mousemove", "600", "400"])
            try #require(await waitOnMainActor { !kinds(.exited).isEmpty }, "\(events)")

            #expect(events.first?.kind == .entered && events.last?.kind == .exited, "\(events)")
            let downs = kinds(.down)
            #expect(downs.map(\.clickCount) == [1, 2, 1, 1], "\(downs)")
            #expect(downs.prefix(2).allSatisfy { $0.modifiers == [.shift] && $0.buttons == .left && $0.button == 1 })
            #expect(downs.dropFirst(2).allSatisfy { $0.modifiers.isEmpty })
            #expect(kinds(.up).map(\.clickCount) == [1, 2, 1, 1])
            #expect(kinds(.up).allSatisfy { $0.buttons.isEmpty })
            #expect(kinds(.moved).allSatisfy { $0.buttons.isEmpty })
            let drag = try #require(kinds(.dragged).last, "\(events)")
            #expect(drag.location == CGPoint(x: 60, y: 80) && drag.buttons == .left)
        }

        /// The title (in UTF-8), the minimum size and a full-screen request reach the window
        /// manager as EWMH says; there being none on Xvfb, the test plays it: it reads the
        /// properties, receives the `_NET_WM_STATE` request and sets the state, which the window
        /// then reports.
        @Test func titleMinimumSizeAndFullScreenGoToTheWindowManager() async throws {
            let server = try XvfbFixture()
            defer { server.stop() }
            let manager = try #require(XOpenDisplay(server.display))
            defer { XCloseDisplay(manager) }
            let root = XDefaultRootWindow(manager)
            XSelectInput(manager, root, SubstructureNotifyMask)
            XSync(manager, 0)
            let window = try openWindow(on: server)
            defer { window.close() }
            let id = Window(window.windowID)
            let atom = { (name: String) in XInternAtom(manager, name, 0) }

            window.title = "Café — 喫茶"
            window.minimumSize = CGSize(width: 120, height: 80)
            var changes: [Bool] = []
            window.onFullScreenChange = { changes.append($0) }
            window.toggleFullScreen()
            XSync(manager, 0)

            #expect(property(id, atom("_NET_WM_NAME"), of: manager) == Array("Café — 喫茶".utf8))
            var hints = XSizeHints()
            var supplied = 0
            XGetWMNormalHints(manager, id, &hints, &supplied)
            #expect(hints.flags & PMinSize != 0 && hints.min_width == 120 && hints.min_height == 80)
            var request: XClientMessageEvent?
            _ = waitUntilBlocking {
                while XPending(manager) > 0 {
                    var event = XEvent()
                    XNextEvent(manager, &event)
                    if event.type == ClientMessage && event.xclient.message_type == atom("_NET_WM_STATE") {
                        request = event.xclient
                    }
                }
                return request != nil
            }
            let message = try #require(request, "no _NET_WM_STATE request reached the root window")
            #expect(
                message.window == id && message.data.l.0 == 1
                    && Atom(message.data.l.1) == atom("_NET_WM_STATE_FULLSCREEN"))
            let state = [atom("_NET_WM_STATE_FULLSCREEN")]
            state.withUnsafeBytes { bytes in
                _ = XChangeProperty(
                    manager, id, atom("_NET_WM_STATE"), atom("ATOM"), 32, PropModeReplace,
                    bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
            }
            XSync(manager, 0)
            #expect(await waitOnMainActor { window.isFullScreen }, "the window did not take the state the manager set")
            #expect(changes == [true])
        }

        /// The bytes of `property` of `window`, nil when it has none.
        private func property(_ window: Window, _ property: Atom, of display: OpaquePointer) -> [UInt8]? {
            var type: Atom = 0
            var format: Int32 = 0
            var count: UInt = 0
            var remaining: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            guard
                XGetWindowProperty(
                    display, window, property, 0, 1024, 0, Atom(AnyPropertyType), &type, &format, &count, &remaining,
                    &data) == Success, let data
            else { return nil }
            defer { XFree(data) }
            return Array(UnsafeBufferPointer(start: data, count: Int(count)))
        }
    }
}
