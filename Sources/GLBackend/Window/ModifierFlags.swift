import CSceneCoreX11

/// The modifier keys held during an event, as AppKit's `NSEvent.ModifierFlags`.
///
/// Read from the X event's state: Shift, Lock (Caps Lock), Control, Mod1 (Alt, which AppKit
/// calls Option) and Mod4 (Super, the Windows key, which stands for Command), the usual
/// mapping of XKB's keymaps.
public struct ModifierFlags: OptionSet, Sendable, Hashable {
    /// The bits of the flags.
    public let rawValue: UInt

    /// The flags of `rawValue`.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Caps Lock is on.
    public static let capsLock = ModifierFlags(rawValue: 1 << 16)
    /// A Shift key is held.
    public static let shift = ModifierFlags(rawValue: 1 << 17)
    /// A Control key is held.
    public static let control = ModifierFlags(rawValue: 1 << 18)
    /// An Alt key (Option on Apple keyboards) is held.
    public static let option = ModifierFlags(rawValue: 1 << 19)
    /// A Super key (Command on Apple keyboards, the Windows key elsewhere) is held.
    public static let command = ModifierFlags(rawValue: 1 << 20)

    /// The modifiers of an X event's `state` field.
    init(x11State state: UInt32) {
        var flags: ModifierFlags = []
        if state & UInt32(LockMask) != 0 { flags.insert(.capsLock) }
        if state & UInt32(ShiftMask) != 0 { flags.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { flags.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { flags.insert(.option) }
        if state & UInt32(Mod4Mask) != 0 { flags.insert(.command) }
        self = flags
    }
}
