import Foundation
import Testing

@testable import GLBackend

/// The X11 wheel buttons as scroll events: 4 up, 5 down, 6 left, 7 right, one notch each.
@Suite struct ScrollEventTests {
    @Test func eachWheelButtonIsANotchInItsDirection() {
        let at = CGPoint(x: 12, y: 34)
        #expect(ScrollEvent.pointsPerNotch == 40)
        #expect(ScrollEvent(button: 4, location: at) == ScrollEvent(location: at, delta: CGSize(width: 0, height: -40)))
        #expect(ScrollEvent(button: 5, location: at) == ScrollEvent(location: at, delta: CGSize(width: 0, height: 40)))
        #expect(ScrollEvent(button: 6, location: at) == ScrollEvent(location: at, delta: CGSize(width: -40, height: 0)))
        #expect(ScrollEvent(button: 7, location: at) == ScrollEvent(location: at, delta: CGSize(width: 40, height: 0)))
    }

    @Test func otherButtonsAreNotScrolls() {
        for button: UInt32 in [0, 1, 2, 3, 8, 9] {
            #expect(ScrollEvent(button: button, location: .zero) == nil)
        }
    }
}
