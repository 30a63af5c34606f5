import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `CADisplayLink` without a window: it runs from a timer at the display rate on the run
/// loop it was added to. (With a window it follows presented frames; see WindowTests.)
@Suite(.serialized, .tags(.threads)) struct DisplayLinkTests {
    final class Counter {
        var calls: [(timestamp: Double, target: Double, duration: Double)] = []
        func step(_ link: CADisplayLink) { calls.append((link.timestamp, link.targetTimestamp, link.duration)) }
    }

    @Test func targetSelectorLinkFiresOnItsRunLoopWithTimestamps() {
        let counter = Counter()
        let link = CADisplayLink(target: counter, selector: Counter.step)
        link.preferredFramesPerSecond = 50
        link.add(to: .current, forMode: .default)
        // Run the run loop until five calls came (a loaded machine runs fewer per second), but never
        // faster than 50 Hz: at most one call per 20 ms that passed, plus the first.
        let start = CACurrentMediaTime()
        while counter.calls.count < 5 && CACurrentMediaTime() - start < 10 {
            RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.05))
        }
        link.invalidate()
        let elapsed = CACurrentMediaTime() - start
        let calls = counter.calls
        #expect(calls.count >= 5)
        #expect(Double(calls.count) <= elapsed / 0.02 + 1)
        for call in calls {
            #expect(abs(call.duration - 0.02) < 1e-9)
            #expect(abs(call.target - call.timestamp - 0.02) < 1e-9)
        }
        #expect(zip(calls, calls.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
    }

    @Test func pausedAndInvalidatedLinksDoNotFire() {
        var count = 0
        let link = CADisplayLink { _ in count += 1 }
        link.add(to: .current, forMode: .default)
        link.isPaused = true
        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.15))
        #expect(count == 0)
        link.isPaused = false
        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.15))
        #expect(count > 0)
        link.invalidate()
        let afterInvalidate = count
        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.1))
        #expect(count == afterInvalidate)
        #expect(!link.isRunning)
    }
}
