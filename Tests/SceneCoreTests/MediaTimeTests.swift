import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Layer time: t_L = (t_parent − beginTime)·speed + timeOffset from the root down (Apple's CAMediaTiming documentation).
@Suite struct MediaTimeTests {
    private typealias T = LayerTest

    /// root (defaults) → a (beginTime 10, speed 2, timeOffset 3) → b (beginTime 1, speed 2).
    private func tree() -> (root: CALayer, a: CALayer, b: CALayer) {
        let root = CALayer()
        let a = CALayer()
        let b = CALayer()
        a.beginTime = 10
        a.speed = 2
        a.timeOffset = 3
        b.beginTime = 1
        b.speed = 2
        root.addSublayer(a)
        a.addSublayer(b)
        return (root, a, b)
    }

    @Test func fromAbsoluteTimeThroughTwoLevels() {
        let (root, a, b) = tree()
        #expect(root.convertTime(100, from: nil) == 100)
        #expect(a.convertTime(100, from: nil) == 183)  // (100 − 10)·2 + 3
        #expect(b.convertTime(100, from: nil) == 364)  // (183 − 1)·2
    }

    @Test func toAbsoluteTimeIsTheInverse() {
        let (root, a, b) = tree()
        #expect(b.convertTime(364, to: nil) == 100)
        #expect(a.convertTime(183, to: nil) == 100)
        #expect(root.convertTime(100, to: nil) == 100)
    }

    @Test func betweenLayers() {
        let (root, a, b) = tree()
        #expect(b.convertTime(183, from: a) == 364)
        #expect(a.convertTime(364, from: b) == 183)
        #expect(b.convertTime(364, to: a) == 183)
        #expect(a.convertTime(183, to: b) == 364)
        #expect(b.convertTime(100, from: root) == 364)
        #expect(root.convertTime(364, from: b) == 100)
        // Across trees, through absolute time.
        let other = CALayer()
        other.timeOffset = -50
        #expect(other.convertTime(364, from: b) == 50)
    }

    @Test func effectiveRatesMultiply() {
        let parent = CALayer()
        let child = CALayer()
        parent.speed = 2
        child.speed = 2
        parent.addSublayer(child)
        // A 10 s span of the child's time passes in 2.5 s of absolute time.
        let start = child.convertTime(1000, from: nil)
        #expect(child.convertTime(1002.5, from: nil) - start == 10)
        #expect(child.convertTime(start + 10, to: nil) - child.convertTime(start, to: nil) == 2.5)
    }

    @Test func aPausedLayerStopsItsSublayersTime() {
        let parent = CALayer()
        let child = CALayer()
        parent.addSublayer(child)
        parent.speed = 0
        parent.timeOffset = 42
        child.beginTime = 2
        #expect(parent.convertTime(10, from: nil) == 42)
        #expect(parent.convertTime(99, from: nil) == 42)
        #expect(child.convertTime(99, from: nil) == 40)
    }

    /// Technical Q&A QA1673: pausing and resuming a layer's time.
    @Test func pauseAndResumeRecipeGivesContinuousTime() {
        let layer = CALayer()
        layer.beginTime = 3
        layer.speed = 1
        let pauseAt: CFTimeInterval = 500
        // Pause.
        let pausedTime = layer.convertTime(pauseAt, from: nil)
        #expect(pausedTime == 497)
        layer.speed = 0
        layer.timeOffset = pausedTime
        #expect(layer.convertTime(pauseAt, from: nil) == 497)
        #expect(layer.convertTime(pauseAt + 60, from: nil) == 497)
        // Resume 60 s later.
        let resumeAt = pauseAt + 60
        let p = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        layer.beginTime = layer.convertTime(resumeAt, from: nil) - p
        #expect(layer.convertTime(resumeAt, from: nil) == 497)
        #expect(layer.convertTime(resumeAt + 2, from: nil) == 499)
    }

    @Test func pauseAndResumeWithTheMediaClock() {
        let layer = CALayer()
        let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = pausedTime
        // The media clock must move on while the layer is paused, or nothing shows that the pause
        // is skipped: wait until it is 20 ms on.
        let pausedAt = CACurrentMediaTime()
        #expect(waitUntilBlocking { CACurrentMediaTime() >= pausedAt + 0.02 })
        #expect(layer.convertTime(CACurrentMediaTime(), from: nil) == pausedTime)
        let resumeStart = CACurrentMediaTime()
        let p = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - p
        let resumed = layer.convertTime(CACurrentMediaTime(), from: nil)
        let sinceResume = CACurrentMediaTime() - resumeStart
        // The paused 20 ms are skipped: time goes on from where it stopped.
        #expect(resumed >= pausedTime && resumed - pausedTime <= sinceResume + 1e-9)
    }

    @Test func mediaTimeIsMonotonicAndInSeconds() {
        var last = CACurrentMediaTime()
        for _ in 0..<1000 {
            let now = CACurrentMediaTime()
            #expect(now >= last)
            last = now
        }
        let start = CACurrentMediaTime()
        // A sleep, not a condition: the interval the thread sleeps is the yardstick the media
        // clock is measured against (at least 50 ms pass, and far less than a second).
        Thread.sleep(forTimeInterval: 0.05)
        let elapsed = CACurrentMediaTime() - start
        #expect(elapsed >= 0.049 && elapsed < 1)
        // Like mach_absolute_time on Apple platforms: seconds since boot, the clock of systemUptime.
        #expect(abs(CACurrentMediaTime() - ProcessInfo.processInfo.systemUptime) < 0.5)
    }

    @Test func timingPropertiesAreStoredAndCommitted() {
        let layer = CALayer()
        layer.duration = 4
        layer.repeatCount = 2.5
        layer.repeatDuration = 7
        layer.autoreverses = true
        layer.fillMode = .both
        #expect(layer.duration == 4 && layer.repeatCount == 2.5 && layer.repeatDuration == 7)
        #expect(layer.autoreverses && layer.fillMode == .both)
        #expect(
            layer.pendingChanges
                == [
                    LayerChanges(.duration), LayerChanges(.repeatCount), LayerChanges(.repeatDuration),
                    LayerChanges(.autoreverses), LayerChanges(.fillMode),
                ])
    }
}
