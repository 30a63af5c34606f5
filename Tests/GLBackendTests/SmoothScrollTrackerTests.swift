import Foundation
import Testing

@testable import GLBackend

/// XInput2 scroll valuators turned into scroll distances: a change of one increment is one
/// notch of 40 points, and a first value only sets the baseline.
@Suite struct SmoothScrollTrackerTests {
    private let touchpad = [
        SmoothScrollTracker.Axis(number: 2, direction: .vertical, increment: 15),
        SmoothScrollTracker.Axis(number: 3, direction: .horizontal, increment: 15),
    ]

    @Test func aChangeOfOneIncrementIsOneNotch() {
        var tracker = SmoothScrollTracker()
        tracker.setAxes(touchpad, of: 11)
        #expect(tracker.scroll(device: 11, values: [0: 100, 1: 80, 2: 300, 3: 45]) == nil)
        #expect(tracker.scroll(device: 11, values: [2: 315]) == CGSize(width: 0, height: 40))
        #expect(tracker.scroll(device: 11, values: [2: 307.5, 3: 60]) == CGSize(width: 40, height: -20))
        #expect(tracker.scroll(device: 11, values: [3: 56.25]) == CGSize(width: -10, height: 0))
    }

    @Test func motionWithoutScrollValuatorsIsNoScroll() {
        var tracker = SmoothScrollTracker()
        tracker.setAxes(touchpad, of: 11)
        _ = tracker.scroll(device: 11, values: [2: 0])
        #expect(tracker.scroll(device: 11, values: [0: 5, 1: 6]) == nil)
        #expect(tracker.scroll(device: 11, values: [2: 0]) == nil)
    }

    @Test func aResetStartsNewBaselines() {
        var tracker = SmoothScrollTracker()
        tracker.setAxes(touchpad, of: 11)
        _ = tracker.scroll(device: 11, values: [2: 0])
        tracker.reset()
        #expect(tracker.scroll(device: 11, values: [2: 900]) == nil)
        #expect(tracker.scroll(device: 11, values: [2: 930]) == CGSize(width: 0, height: 80))
    }

    @Test func devicesKeepTheirOwnAxesAndValues() {
        var tracker = SmoothScrollTracker()
        tracker.setAxes(touchpad, of: 11)
        tracker.setAxes([.init(number: 2, direction: .vertical, increment: -120)], of: 12)
        #expect(!tracker.knows(device: 13))
        #expect(tracker.knows(device: 12))
        _ = tracker.scroll(device: 11, values: [2: 0])
        _ = tracker.scroll(device: 12, values: [2: 0])
        // A negative increment scrolls the other way.
        #expect(tracker.scroll(device: 12, values: [2: 60]) == CGSize(width: 0, height: -20))
        #expect(tracker.scroll(device: 11, values: [2: 30]) == CGSize(width: 0, height: 80))
    }

    @Test func unusableIncrementsAndValuesAreIgnored() {
        var tracker = SmoothScrollTracker()
        tracker.setAxes(
            [
                .init(number: 0, direction: .vertical, increment: 0),
                .init(number: 1, direction: .vertical, increment: .nan),
            ],
            of: 4)
        _ = tracker.scroll(device: 4, values: [0: 1, 1: 1])
        #expect(tracker.scroll(device: 4, values: [0: 2, 1: 2]) == nil)
        tracker.setAxes(touchpad, of: 4)
        _ = tracker.scroll(device: 4, values: [2: 0])
        #expect(tracker.scroll(device: 4, values: [2: .infinity]) == nil)
        #expect(tracker.scroll(device: 4, values: [2: 15]) == CGSize(width: 0, height: 40))
        #expect(tracker.scroll(device: 7, values: [2: 15]) == nil)
    }
}
