import Foundation

/// Turns XInput2 scroll valuators into scroll distances.
///
/// A touchpad or a high-resolution wheel reports scrolling as valuators whose values only grow
/// or shrink; the distance of one scroll is the change since the device's last event. Each
/// scroll valuator names its axis and its increment, the change that equals one wheel notch, so
/// a change of one increment scrolls `ScrollEvent.pointsPerNotch` points, as a notch does.
///
/// The first value seen for a valuator, and the first after `reset()`, only sets the baseline:
/// the server does not track the values while the pointer is in another window, so a jump
/// there must not scroll.
struct SmoothScrollTracker {
    /// One scroll valuator of a device.
    struct Axis: Equatable {
        enum Direction: Equatable { case vertical, horizontal }
        /// The valuator's number in the device's events.
        var number: Int
        var direction: Direction
        /// The change of value that equals one wheel notch; a negative increment scrolls the
        /// other way.
        var increment: Double
    }

    private var axes: [Int: [Axis]] = [:]
    private var lastValues: [Int: [Int: Double]] = [:]

    /// Whether the scroll valuators of `device` are known.
    func knows(device: Int) -> Bool { axes[device] != nil }

    /// Sets the scroll valuators of `device` (none when it has no smooth scrolling), forgetting
    /// its last values.
    mutating func setAxes(_ deviceAxes: [Axis], of device: Int) {
        axes[device] = deviceAxes.filter { $0.increment.isFinite && $0.increment != 0 }
        lastValues[device] = nil
    }

    /// Forgets every device's last values, so that the next event of each sets a new baseline.
    mutating func reset() { lastValues.removeAll() }

    /// The scroll that `values` (valuator number → value) of `device` stand for, in points with
    /// `ScrollEvent`'s signs; nil when none of its scroll valuators moved.
    mutating func scroll(device: Int, values: [Int: Double]) -> CGSize? {
        guard let deviceAxes = axes[device], !deviceAxes.isEmpty else { return nil }
        var delta = CGSize.zero
        var moved = false
        var last = lastValues[device] ?? [:]
        for axis in deviceAxes {
            guard let value = values[axis.number], value.isFinite else { continue }
            defer { last[axis.number] = value }
            guard let previous = last[axis.number], previous != value else { continue }
            let points = (value - previous) / axis.increment * ScrollEvent.pointsPerNotch
            switch axis.direction {
            case .vertical: delta.height += points
            case .horizontal: delta.width += points
            }
            moved = true
        }
        lastValues[device] = last
        return moved ? delta : nil
    }
}
