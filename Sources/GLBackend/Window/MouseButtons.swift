import CSceneCoreX11

/// The mouse buttons held, as a set: what `MouseEvent.buttons` reports (AppKit reports them as
/// the bits of `NSEvent.pressedMouseButtons`).
public struct MouseButtons: OptionSet, Sendable, Hashable {
    /// The bits of the set: bit n − 1 for X11 button n.
    public let rawValue: UInt

    /// The set of `rawValue`.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The left button (X11 button 1).
    public static let left = MouseButtons(button: 1)
    /// The middle button (X11 button 2).
    public static let middle = MouseButtons(button: 2)
    /// The right button (X11 button 3).
    public static let right = MouseButtons(button: 3)

    /// The set holding X11 button `button` (1 to 32); empty for any other number.
    public init(button: Int) { self.init(rawValue: (1...32).contains(button) ? 1 << UInt(button - 1) : 0) }

    /// The buttons (1 to 5) held in an X event's `state` field.
    init(x11State state: UInt32) {
        let masks = [Button1Mask, Button2Mask, Button3Mask, Button4Mask, Button5Mask]
        var buttons: MouseButtons = []
        for (index, mask) in masks.enumerated() where state & UInt32(mask) != 0 {
            buttons.insert(MouseButtons(button: index + 1))
        }
        self = buttons
    }
}
