import Foundation

/// Counts the presses of a button in a row, as AppKit's `clickCount`: a press of the same
/// button within `MouseEvent.doubleClickInterval` of the last press and within
/// `MouseEvent.doubleClickDistance` points of the first adds one; any other press starts again
/// at 1. A release carries the count of its press. Used on the window's event thread.
struct ClickCounter {
    private var button = 0
    private var lastTime: TimeInterval = -.infinity
    private var origin = CGPoint.zero
    private var count = 0

    /// The count of a press of `button` at `location` (points) at `time` (seconds, any origin).
    mutating func press(button: Int, at location: CGPoint, time: TimeInterval) -> Int {
        let near =
            abs(location.x - origin.x) <= MouseEvent.doubleClickDistance
            && abs(location.y - origin.y) <= MouseEvent.doubleClickDistance
        if button == self.button && near && time - lastTime <= MouseEvent.doubleClickInterval && time >= lastTime {
            count += 1
        } else {
            (self.button, origin, count) = (button, location, 1)
        }
        lastTime = time
        return count
    }

    /// The count of a release of `button`: that of its press (1 for a release without one).
    func release(button: Int) -> Int { button == self.button ? max(count, 1) : 1 }
}
