import Foundation

/// A mouse event in a window, in the window's coordinates (points: origin top-left, y down),
/// which are also the root layer's superlayer coordinates.
public struct MouseEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case down, up, moved }
    public let kind: Kind
    public let location: CGPoint
    /// 1 left, 2 middle, 3 right (X11 numbering); 0 for motion.
    public let button: Int
}

/// A key event in a window.
public struct KeyEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case down, up }
    public let kind: Kind
    /// The text the key produces ("" for keys without text, such as arrows).
    public let characters: String
    /// The X11 keysym (for example 0xff1b for Escape, 0xff51...0xff54 for the arrows).
    public let keySym: UInt
}

/// What the event pump hands to the app run loop.
enum WindowInput: Sendable {
    case mouse(MouseEvent)
    case key(KeyEvent)
    case resized(width: Int, height: Int)
    case closeRequested
    case destroyed
}
