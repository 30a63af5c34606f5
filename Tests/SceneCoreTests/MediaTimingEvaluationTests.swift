import Foundation
import Testing

@testable import SceneCore

@Suite struct MediaTimingEvaluationTests {
    private func timing(_ configure: (inout MediaTimingValues) -> Void) -> MediaTimingValues {
        var values = MediaTimingValues()
        values.duration = 1
        configure(&values)
        return values
    }

    @Test func progressRunsLinearlyThroughTheDuration() {
        let t = timing {
            $0.duration = 2
            $0.beginTime = 10
        }
        #expect(t.sample(atParentTime: 10) == TimingSample(progress: 0, cycle: 0))
        #expect(t.sample(atParentTime: 11) == TimingSample(progress: 0.5, cycle: 0))
        #expect(t.sample(atParentTime: 9.9) == nil)  // before, fill removed
        #expect(t.sample(atParentTime: 12) == nil)  // after, fill removed
    }

    @Test func fillModesHoldTheEnds() {
        let forwards = timing {
            $0.fillMode = .forwards
            $0.beginTime = 5
        }
        #expect(forwards.sample(atParentTime: 4) == nil)
        #expect(forwards.sample(atParentTime: 7) == TimingSample(progress: 1, cycle: 0))
        let backwards = timing {
            $0.fillMode = .backwards
            $0.beginTime = 5
        }
        #expect(backwards.sample(atParentTime: 4) == TimingSample(progress: 0, cycle: 0))
        #expect(backwards.sample(atParentTime: 7) == nil)
        let both = timing {
            $0.fillMode = .both
            $0.beginTime = 5
        }
        #expect(both.sample(atParentTime: 4)?.progress == 0 && both.sample(atParentTime: 7)?.progress == 1)
    }

    @Test func speedScalesActiveTime() {
        let t = timing {
            $0.duration = 4
            $0.beginTime = 1
            $0.speed = 2
        }
        #expect(t.sample(atParentTime: 2) == TimingSample(progress: 0.5, cycle: 0))
        let paused = timing {
            $0.speed = 0
            $0.timeOffset = 0.25
        }
        #expect(paused.sample(atParentTime: 100) == TimingSample(progress: 0.25, cycle: 0))
    }

    @Test func fractionalRepeatsEndPartWay() {
        let t = timing {
            $0.repeatCount = 2.5
            $0.fillMode = .forwards
        }
        #expect(t.sample(atParentTime: 1.25) == TimingSample(progress: 0.25, cycle: 1))
        #expect(t.sample(atParentTime: 2.25) == TimingSample(progress: 0.25, cycle: 2))
        #expect(t.sample(atParentTime: 2.75) == TimingSample(progress: 0.5, cycle: 2))  // after 2.5 s: held
        #expect(t.sample(atParentTime: 3) == TimingSample(progress: 0.5, cycle: 2))
        let half = timing {
            $0.repeatCount = 0.5
            $0.fillMode = .forwards
        }
        #expect(half.sample(atParentTime: 10) == TimingSample(progress: 0.5, cycle: 0))
    }

    @Test func integralRepeatsEndAtTheEndOfTheLastCycle() {
        let t = timing {
            $0.repeatCount = 2
            $0.fillMode = .forwards
        }
        #expect(t.sample(atParentTime: 1) == TimingSample(progress: 0, cycle: 1))
        #expect(t.sample(atParentTime: 2) == TimingSample(progress: 1, cycle: 1))
    }

    @Test func autoreversesPlaysBackAndEndsAtTheStart() {
        let t = timing {
            $0.autoreverses = true
            $0.fillMode = .forwards
        }
        #expect(t.sample(atParentTime: 0.25)?.progress == 0.25)
        #expect(t.sample(atParentTime: 1.25)?.progress == 0.75)
        #expect(t.sample(atParentTime: 2) == TimingSample(progress: 0, cycle: 0))
    }

    @Test func timeOffsetShiftsThePhaseAndWrapsWithinTheCycle() {
        // d = 3, timeOffset = 1: the active window stays 3 s long, starting one second in.
        let t = timing {
            $0.duration = 3
            $0.timeOffset = 1
        }
        #expect(abs((t.sample(atParentTime: 0)?.progress ?? -1) - 1.0 / 3) < 1e-12)
        #expect(abs((t.sample(atParentTime: 1.5)?.progress ?? -1) - 2.5 / 3) < 1e-12)
        #expect(abs((t.sample(atParentTime: 2.5)?.progress ?? -1) - 0.5 / 3) < 1e-12)
        #expect(t.sample(atParentTime: 3) == nil)
    }

    @Test func repeatDurationBoundsTheActiveTime() {
        let t = timing {
            $0.repeatDuration = 1.5
            $0.fillMode = .forwards
        }
        #expect(t.sample(atParentTime: 1.25) == TimingSample(progress: 0.25, cycle: 1))
        #expect(t.sample(atParentTime: 9) == TimingSample(progress: 0.5, cycle: 1))
    }

    @Test func infiniteRepeatsNeverEnd() {
        let t = timing { $0.repeatCount = .infinity }
        #expect(t.sample(atParentTime: 1_000_000.25) == TimingSample(progress: 0.25, cycle: 1_000_000))
    }

    @Test func zeroDurationJumpsToTheEnd() {
        let t = timing {
            $0.duration = 0
            $0.fillMode = .forwards
        }
        #expect(t.sample(atParentTime: 0) == TimingSample(progress: 1, cycle: 0))
    }

    @Test func nonFiniteTimesHaveNoEffect() {
        let t = timing { $0.fillMode = .both }
        #expect(t.sample(atParentTime: .nan) == nil)
        #expect(t.sample(atParentTime: .infinity) == nil)
    }
}
