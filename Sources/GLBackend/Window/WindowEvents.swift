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

/// A scroll-wheel or touchpad scroll in a window: how far the user asked to scroll, in points,
/// and where the pointer was.
///
/// The delta is the distance to move the view over the content: `dy` positive scrolls down
/// (towards larger y, as growing a `CAScrollLayer`'s `bounds.origin.y` does), `dx` positive
/// scrolls right. X11 reports a wheel as buttons 4 (up), 5 (down), 6 (left) and 7 (right), one
/// press per notch; each notch is `pointsPerNotch` points, and is delivered as a scroll instead
/// of a mouse down and up.
public struct ScrollEvent: Sendable, Equatable {
    /// The points one wheel notch scrolls: 40, about three lines of 13-point text.
    public static let pointsPerNotch: CGFloat = 40
    /// The pointer's position, in window coordinates (origin top-left, y down).
    public let location: CGPoint
    /// The distance to scroll, in points (see above for the signs).
    public let delta: CGSize

    public init(location: CGPoint, delta: CGSize) {
        self.location = location
        self.delta = delta
    }

    /// The scroll an X11 wheel button (4 to 7) stands for; nil for any other button.
    init?(button: UInt32, location: CGPoint) {
        let notch = Self.pointsPerNotch
        switch button {
        case 4: delta = CGSize(width: 0, height: -notch)
        case 5: delta = CGSize(width: 0, height: notch)
        case 6: delta = CGSize(width: -notch, height: 0)
        case 7: delta = CGSize(width: notch, height: 0)
        default: return nil
        }
        self.location = location
    }
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
    case scroll(ScrollEvent)
    case resized(width: Int, height: Int)
    case closeRequested
    case destroyed
}
