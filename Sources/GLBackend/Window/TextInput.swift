import CSceneCoreX11
import Foundation
import SceneCore

/// The text a window's key presses produce, through the X input method: the one `XMODIFIERS`
/// names (`@im=ibus`, `@im=fcitx`: CJK input), else Xlib's built-in one, which composes with the
/// locale's Compose table (Multi_key sequences and dead keys). Without an input method the keys
/// are read with `XLookupString` (no composing). Used on the window's event thread only.
///
/// Xlib picks the Compose table and the text's encoding from the process's `LC_CTYPE`, so the
/// first window sets it from the environment (`setlocale(LC_CTYPE, "")`), and to `C.UTF-8`
/// where that names no locale Xlib supports or names the plain C locale, whose encoding is
/// ASCII: Swift's strings are UTF-8.
final class TextInput {
    private let display: OpaquePointer
    private var inputMethod: XIM?
    private var context: XIC?
    /// The keys held down (by keycode), to tell auto-repeated presses (`isARepeat`).
    private var heldKeys: Set<UInt32> = []

    /// The events the input method needs `window` to select, besides the window's own.
    let eventMask: Int

    /// Opens the input method of `display` and an input context on `window`; with none, keys
    /// are still read, without composing.
    init(display: OpaquePointer, window: Window) {
        Self.prepareLocale
        self.display = display
        // Key repeats come as presses alone, without the release X sends between them otherwise.
        var supported: Int32 = 0
        XkbSetDetectableAutoRepeat(display, 1, &supported)
        var method = XOpenIM(display, nil, nil, nil)
        if method == nil {
            // The input method XMODIFIERS names is not running: Xlib's own, which composes.
            XSetLocaleModifiers("@im=none")
            method = XOpenIM(display, nil, nil, nil)
        }
        inputMethod = method
        context = method.flatMap { scenecore_create_ic($0, window) }
        eventMask = context.map { scenecore_ic_filter_events($0) } ?? 0
        if inputMethod == nil || context == nil {
            Diagnostics.warningOnce(
                "TextInput.noInputMethod", "window: no X input method; keys give text without composing")
        }
        if let context { XSetICFocus(context) }
    }

    /// Destroys the input context and closes the input method, while the display is still
    /// open: the event thread calls it as it ends. Left to `deinit`, it could run after the
    /// display closed (the window's connection is freed with whatever holds it last), and Xlib
    /// would unregister the context's filter from a freed display (a crash seen in
    /// `_XUnregisterFilter`). Keys are read without composing afterwards.
    func close() {
        if let context { XDestroyIC(context) }
        if let inputMethod { XCloseIM(inputMethod) }
        (context, inputMethod) = (nil, nil)
    }

    deinit { close() }

    /// Whether the input method takes `event` (a key press inside a compose sequence): then the
    /// window does not handle it.
    func filter(_ event: inout XEvent) -> Bool { XFilterEvent(&event, 0) != 0 }

    /// Tells the input context the window gained or lost the keyboard focus.
    func setFocused(_ focused: Bool) {
        guard let context else { return }
        if focused { XSetICFocus(context) } else { XUnsetICFocus(context) }
    }

    /// The key event of an X key press or release.
    func keyEvent(_ key: inout XKeyEvent, down: Bool) -> KeyEvent {
        let modifiers = ModifierFlags(x11State: key.state)
        guard down else {
            heldKeys.remove(key.keycode)
            let (text, keySym) = Self.plainLookup(&key)
            return KeyEvent(kind: .up, characters: text, keySym: keySym, modifiers: modifiers)
        }
        let isARepeat = key.keycode != 0 && !heldKeys.insert(key.keycode).inserted
        let (text, keySym) = context.map { composedLookup(&key, in: $0) } ?? Self.plainLookup(&key)
        return KeyEvent(kind: .down, characters: text, keySym: keySym, modifiers: modifiers, isARepeat: isARepeat)
    }

    /// The text and keysym of a press through the input context (`Xutf8LookupString`).
    private func composedLookup(_ key: inout XKeyEvent, in context: XIC) -> (String, UInt) {
        var buffer = [CChar](repeating: 0, count: 64)
        var keySym: KeySym = 0
        var status: Int32 = 0
        var length = Xutf8LookupString(context, &key, &buffer, Int32(buffer.count), &keySym, &status)
        if status == XBufferOverflow {
            buffer = [CChar](repeating: 0, count: Int(length) + 1)
            length = Xutf8LookupString(context, &key, &buffer, Int32(buffer.count), &keySym, &status)
        }
        let hasText = status == XLookupChars || status == XLookupBoth
        let hasKeySym = status == XLookupKeySym || status == XLookupBoth
        let text = hasText ? Self.string(buffer, length: Int(length)) : ""
        return (text, hasKeySym ? UInt(keySym) : 0)
    }

    /// The text and keysym of a key with no input method (`XLookupString`: Latin-1 text).
    private static func plainLookup(_ key: inout XKeyEvent) -> (String, UInt) {
        var buffer = [CChar](repeating: 0, count: 32)
        var keySym: KeySym = 0
        let length = Int(max(XLookupString(&key, &buffer, Int32(buffer.count), &keySym, nil), 0))
        let text = String(buffer.prefix(length).map { Character(Unicode.Scalar(UInt8(bitPattern: $0))) })
        return (text, UInt(keySym))
    }

    private static func string(_ buffer: [CChar], length: Int) -> String {
        String(decoding: buffer.prefix(max(length, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Sets `LC_CTYPE` once per process (see the class's description).
    private static let prepareLocale: Void = {
        let chosen = setlocale(LC_CTYPE, "").map { String(cString: $0) }
        if chosen == nil || chosen == "C" || chosen == "POSIX" || XSupportsLocale() == 0 {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        XSetLocaleModifiers("")
    }()
}
