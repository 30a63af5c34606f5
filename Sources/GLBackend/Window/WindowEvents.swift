import Foundation

/// A mouse event in a window, in the window's coordinates (points: origin top-left, y down),
/// which are also the root layer's superlayer coordinates.
///
/// As with AppKit's mouse events, motion with no button held is `.moved` (delivered whether or
/// not a button was ever pressed, so that hover works), motion with a button held is
/// `.dragged`, and the pointer crossing the window's edge is `.entered` or `.exited`. Motion
/// is coalesced: of the motion events the X server has queued at once, only the last reaches
/// the app, as AppKit coalesces mouse-moved and mouse-dragged events.
public struct MouseEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// A button was pressed.
        case down
        /// A button was released.
        case up
        /// The pointer moved with no button held.
        case moved
        /// The pointer moved with one or more buttons held.
        case dragged
        /// The pointer came into the window.
        case entered
        /// The pointer left the window.
        case exited
    }
    /// What happened.
    public let kind: Kind
    /// The pointer's position, in window coordinates (points).
    public let location: CGPoint
    /// The button pressed or released: 1 left, 2 middle, 3 right (X11 numbering); 0 for
    /// motion, entering and leaving.
    public let button: Int
    /// The modifier keys held when the event happened.
    public let modifiers: ModifierFlags
    /// For `.down` and `.up`, the number of presses of this button in a row, each within
    /// `MouseEvent.doubleClickInterval` of the last and `MouseEvent.doubleClickDistance` of the
    /// first: 1 for a single click, 2 for a double click (as AppKit's `clickCount`); 0 for
    /// other kinds.
    public let clickCount: Int
    /// The buttons held once the event has happened: a press includes its button, a release
    /// no longer does (AppKit's `pressedMouseButtons` after the event).
    public let buttons: MouseButtons

    /// The most time between two presses of a button that count as one multiple click:
    /// 0.5 s, AppKit's default `NSEvent.doubleClickInterval`.
    public static let doubleClickInterval: TimeInterval = 0.5
    /// The farthest, in points along either axis, a press may be from the first press of a
    /// multiple click and still count in it: 4 points.
    public static let doubleClickDistance: CGFloat = 4

    /// A mouse event; what the window delivers, or one made by the app (to test its handlers).
    public init(
        kind: Kind, location: CGPoint, button: Int, modifiers: ModifierFlags = [], clickCount: Int = 0,
        buttons: MouseButtons = []
    ) {
        self.kind = kind
        self.location = location
        self.button = button
        self.modifiers = modifiers
        self.clickCount = clickCount
        self.buttons = buttons
    }

    /// The same event with its location divided by `scale` (pixels to points).
    func scaled(by scale: CGFloat) -> MouseEvent {
        guard scale != 1 else { return self }
        return MouseEvent(
            kind: kind, location: CGPoint(x: location.x / scale, y: location.y / scale), button: button,
            modifiers: modifiers, clickCount: clickCount, buttons: buttons)
    }
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

    /// A scroll of `delta` points with the pointer at `location`.
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

    /// The same scroll with its location divided by `scale` (pixels to points); the delta is in
    /// points already.
    func scaled(by scale: CGFloat) -> ScrollEvent {
        scale == 1 ? self : ScrollEvent(location: CGPoint(x: location.x / scale, y: location.y / scale), delta: delta)
    }
}

/// A key event in a window.
///
/// `characters` is the text the key press produced through the X input method, as AppKit's
/// `characters`: a composed character once a compose sequence (Multi_key, then `'` and `e`)
/// or a dead key and its base (`dead_acute`, then `e`) ends, and text an input method such as
/// IBus or Fcitx commits (CJK input), which arrives as a press with `keySym` 0. The presses
/// that an input method takes into a sequence do not reach the app.
public struct KeyEvent: Sendable, Equatable {
    /// Whether the key went down or up.
    public enum Kind: Sendable, Equatable {
        /// The key was pressed (or repeats: `isARepeat`).
        case down
        /// The key was released.
        case up
    }
    /// Whether the key went down or up.
    public let kind: Kind
    /// The text the key produces ("" for keys without text, such as arrows, and for releases
    /// of keys pressed through an input method).
    public let characters: String
    /// The X11 keysym (for example 0xff1b for Escape, 0xff51...0xff54 for the arrows); 0 for
    /// text an input method committed.
    public let keySym: UInt
    /// The modifier keys held when the key went down or up (the key's own not included when
    /// it is itself a modifier going down).
    public let modifiers: ModifierFlags
    /// Whether this press repeats a key held down (auto-repeat), as AppKit's `isARepeat`.
    public let isARepeat: Bool

    /// A key event; what the window delivers, or one made by the app (to test its handlers).
    public init(kind: Kind, characters: String, keySym: UInt, modifiers: ModifierFlags = [], isARepeat: Bool = false) {
        self.kind = kind
        self.characters = characters
        self.keySym = keySym
        self.modifiers = modifiers
        self.isARepeat = isARepeat
    }
}

/// What the event pump hands to the app run loop: positions in points, sizes in pixels.
enum WindowInput: Sendable {
    case mouse(MouseEvent)
    case key(KeyEvent)
    case scroll(ScrollEvent)
    case resized(width: Int, height: Int)
    /// The window's pixels per point changed (`DisplayScale`).
    case scaleChanged(CGFloat)
    /// The window manager put the window into full screen or took it out.
    case fullScreenChanged(Bool)
    case closeRequested
    case destroyed
}
