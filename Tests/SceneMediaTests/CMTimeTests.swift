import Foundation
import Testing

@testable import SceneMedia

@Suite struct CMTimeTests {
    /// The exact fields of a time: value, timescale, and whether it was rounded.
    private func fields(_ time: CMTime) -> [Int64] {
        [time.value, Int64(time.timescale), time.hasBeenRounded ? 1 : 0, time.epoch]
    }

    @Test func makingTimes() {
        #expect(fields(CMTimeMake(value: 3, timescale: 600)) == [3, 600, 0, 0])
        #expect(CMTimeMake(value: 3, timescale: 600).flags == .valid)
        #expect(fields(CMTime(seconds: 0.1, preferredTimescale: 600)) == [60, 600, 0, 0])
        #expect(fields(CMTime(seconds: 0.1234, preferredTimescale: 1000)) == [123, 1000, 1, 0])
        #expect(fields(CMTime(seconds: 0.0125, preferredTimescale: 100)) == [1, 100, 1, 0])
        #expect(fields(CMTime(seconds: -0.625, preferredTimescale: 4)) == [-3, 4, 1, 0])
        // Too large for the timescale: halved until the value fits.
        #expect(
            fields(CMTime(seconds: 1e12, preferredTimescale: 1_000_000_000)) == [
                7_812_500_000_000_000_000, 7_812_500, 1, 0,
            ])
        #expect(CMTime(seconds: 1e20, preferredTimescale: 600).isPositiveInfinity)
        #expect(CMTime(seconds: -.infinity, preferredTimescale: 600).isNegativeInfinity)
        #expect(!CMTime(seconds: .nan, preferredTimescale: 600).isValid)
    }

    @Test func kindsAndSeconds() {
        #expect(CMTime.zero.isNumeric && CMTime.zero.seconds == 0)
        #expect(!CMTime.invalid.isValid && CMTimeGetSeconds(.invalid).isNaN)
        #expect(CMTime.indefinite.isValid && CMTime.indefinite.isIndefinite && !CMTime.indefinite.isNumeric)
        #expect(CMTime.indefinite.seconds.isNaN)
        #expect(CMTime.positiveInfinity.seconds == .infinity && CMTime.negativeInfinity.seconds == -.infinity)
        #expect(CMTimeMake(value: 1, timescale: 4).seconds == 0.25)
    }

    @Test func addingAndSubtracting() {
        #expect(fields(CMTimeMake(value: 1, timescale: 600) + CMTimeMake(value: 2, timescale: 600)) == [3, 600, 0, 0])
        #expect(fields(CMTimeMake(value: 1, timescale: 3) + CMTimeMake(value: 1, timescale: 2)) == [5, 6, 0, 0])
        #expect(fields(CMTimeMake(value: 1, timescale: 30) + CMTimeMake(value: 1, timescale: 25)) == [11, 150, 0, 0])
        #expect(
            fields(CMTimeSubtract(CMTimeMake(value: 1, timescale: 2), CMTimeMake(value: 1, timescale: 3))) == [
                1, 6, 0, 0,
            ])
        #expect(fields(CMTimeMake(value: 1, timescale: 3) - CMTimeMake(value: 1, timescale: 2)) == [-1, 6, 0, 0])
        // The common timescale past kCMTimeMaxTimescale: rounded at the largest.
        let lcmTooLarge = CMTimeAdd(
            CMTimeMake(value: 1, timescale: kCMTimeMaxTimescale),
            CMTimeMake(value: 1, timescale: kCMTimeMaxTimescale - 1))
        #expect(fields(lcmTooLarge) == [2, Int64(kCMTimeMaxTimescale), 1, 0])
        // A value that overflows halves the timescale; past a timescale of 1, infinity.
        #expect(
            fields(CMTimeMake(value: .max, timescale: 2) + CMTimeMake(value: .max, timescale: 2)) == [.max, 1, 0, 0])
        #expect((CMTimeMake(value: .max, timescale: 1) + CMTimeMake(value: 1, timescale: 1)).isPositiveInfinity)
        #expect((CMTimeMake(value: .min, timescale: 1) - CMTimeMake(value: 1, timescale: 1)).isNegativeInfinity)
        // A rounded operand makes a rounded result.
        #expect((CMTime(seconds: 0.1234, preferredTimescale: 1000) + .zero).hasBeenRounded)
        var sum = CMTimeMake(value: 1, timescale: 10)
        sum += CMTimeMake(value: 2, timescale: 10)
        sum -= CMTimeMake(value: 1, timescale: 5)
        #expect(fields(sum) == [1, 10, 0, 0])
    }

    @Test func nonNumericOperands() {
        let one = CMTimeMake(value: 1, timescale: 1)
        #expect(!(CMTime.invalid + one).isValid)
        #expect(!(CMTime.positiveInfinity + .negativeInfinity).isValid)
        #expect((CMTime.positiveInfinity + .positiveInfinity).isPositiveInfinity)
        #expect((CMTime.positiveInfinity + one).isPositiveInfinity)
        #expect((one - .positiveInfinity).isNegativeInfinity)
        #expect(!(CMTime.positiveInfinity - .positiveInfinity).isValid)
        #expect((CMTime.positiveInfinity - .negativeInfinity).isPositiveInfinity)
        #expect((CMTime.indefinite + one).isIndefinite)
        #expect((CMTime.positiveInfinity + .indefinite).isPositiveInfinity)
        #expect(!(CMTime.invalid + .positiveInfinity).isValid)
    }

    @Test func epochs() {
        let first = CMTime(value: 1, timescale: 1, flags: .valid, epoch: 1)
        let second = CMTime(value: 2, timescale: 1, flags: .valid, epoch: 2)
        #expect(!(first + second).isValid)
        #expect(fields(first + CMTime(value: 3, timescale: 1, flags: .valid, epoch: 1)) == [4, 1, 0, 0])
        #expect(fields(CMTimeMake(value: 5, timescale: 1) + second) == [7, 1, 0, 2])
        #expect(fields(second - CMTimeMake(value: 1, timescale: 1)) == [1, 1, 0, 2])
        #expect(CMTimeMake(value: 5, timescale: 1) < first)
    }

    @Test func multiplying() {
        #expect(fields(CMTimeMake(value: 1, timescale: 3) * Int32(3)) == [3, 3, 0, 0])
        #expect(fields(Int32(2) * CMTimeMake(value: 7, timescale: 600)) == [14, 600, 0, 0])
        #expect(
            fields(CMTimeMultiply(CMTimeMake(value: 4_611_686_018_427_387_904, timescale: 10), multiplier: 2))
                == [4_611_686_018_427_387_904, 5, 0, 0])
        #expect(CMTimeMultiply(CMTimeMake(value: .max, timescale: 1), multiplier: 2).isPositiveInfinity)
        #expect(CMTimeMultiply(.positiveInfinity, multiplier: -1).isNegativeInfinity)
        #expect(CMTimeMultiply(.indefinite, multiplier: 2).isIndefinite)
        #expect(!CMTimeMultiply(.invalid, multiplier: 2).isValid)
        #expect(fields(CMTimeMultiplyByFloat64(CMTimeMake(value: 10, timescale: 3), multiplier: 1.5)) == [15, 3, 0, 0])
        #expect(fields(CMTimeMake(value: 1, timescale: 3) * 0.5) == [1, 3, 1, 0])
        #expect(fields(CMTimeMake(value: -1, timescale: 3) * 0.5) == [-1, 3, 1, 0])
        #expect(!(CMTimeMake(value: 1, timescale: 3) * Float64.nan).isValid)
        var time = CMTimeMake(value: 5, timescale: 10)
        time *= Int32(3)
        #expect(fields(time) == [15, 10, 0, 0])
    }

    @Test func convertingScale() {
        let third = CMTimeMake(value: 1, timescale: 3)
        #expect(fields(CMTimeConvertScale(third, timescale: 10, method: .default)) == [3, 10, 1, 0])
        #expect(fields(third.convertScale(10, method: .roundAwayFromZero)) == [4, 10, 1, 0])
        #expect(fields(third.convertScale(10, method: .roundTowardZero)) == [3, 10, 1, 0])
        #expect(fields(third.convertScale(10, method: .quickTime)) == [4, 10, 1, 0])
        #expect(fields(CMTimeMake(value: 10, timescale: 30).convertScale(4, method: .quickTime)) == [1, 4, 1, 0])
        #expect(fields(CMTimeMake(value: -1, timescale: 30).convertScale(1, method: .quickTime)) == [-1, 1, 1, 0])
        #expect(
            fields(CMTimeMake(value: -1, timescale: 3).convertScale(10, method: .roundTowardNegativeInfinity))
                == [-4, 10, 1, 0])
        #expect(
            fields(CMTimeMake(value: -1, timescale: 3).convertScale(10, method: .roundTowardPositiveInfinity))
                == [-3, 10, 1, 0])
        #expect(fields(CMTimeMake(value: 1, timescale: 4).convertScale(2, method: .default)) == [1, 2, 1, 0])
        #expect(fields(CMTimeMake(value: -1, timescale: 4).convertScale(2, method: .default)) == [-1, 2, 1, 0])
        #expect(fields(CMTimeMake(value: 30, timescale: 600).convertScale(20, method: .default)) == [1, 20, 0, 0])
        #expect(!CMTimeMake(value: 1, timescale: 3).convertScale(0, method: .default).isValid)
        #expect(CMTimeConvertScale(.positiveInfinity, timescale: 10, method: .default).isPositiveInfinity)
        #expect(CMTimeMake(value: .max, timescale: 1).convertScale(2, method: .default).isPositiveInfinity)
    }

    @Test func comparing() {
        #expect(CMTimeMake(value: 1, timescale: 2) == CMTimeMake(value: 2, timescale: 4))
        #expect(
            CMTimeCompare(CMTimeMake(value: 1, timescale: 3), CMTimeMake(value: 333_334, timescale: 1_000_000)) == -1)
        #expect(CMTimeCompare(CMTimeMake(value: 2, timescale: 6), CMTimeMake(value: 1, timescale: 3)) == 0)
        let ordered: [CMTime] = [
            .invalid, .negativeInfinity, CMTimeMake(value: -1, timescale: 1), .zero, .indefinite, .positiveInfinity,
        ]
        #expect(ordered == ordered.shuffled().sorted())
        #expect(CMTime.invalid == CMTime.invalid && CMTime.indefinite == CMTime.indefinite)
        #expect(CMTimeMinimum(.zero, CMTimeMake(value: 1, timescale: 1)) == .zero)
        #expect(CMTimeMaximum(.zero, .positiveInfinity).isPositiveInfinity)
    }

    @Test func ranges() {
        let range = CMTimeRange(start: CMTimeMake(value: 1, timescale: 1), duration: CMTimeMake(value: 2, timescale: 1))
        #expect(range.end == CMTimeMake(value: 3, timescale: 1))
        #expect(range.containsTime(CMTimeMake(value: 1, timescale: 1)))
        #expect(range.containsTime(CMTimeMake(value: 2_999, timescale: 1000)))
        #expect(!range.containsTime(CMTimeMake(value: 3, timescale: 1)))
        #expect(!range.containsTime(CMTimeMake(value: 999, timescale: 1000)))
        let fromTo = CMTimeRange(start: CMTimeMake(value: 1, timescale: 2), end: CMTimeMake(value: 3, timescale: 2))
        #expect(fields(fromTo.duration) == [2, 2, 0, 0])
        #expect(!CMTimeRange.invalid.isValid && !CMTimeRange.invalid.containsTime(.zero))
        #expect(!CMTimeRange(start: .zero, duration: CMTimeMake(value: -1, timescale: 1)).isValid)
        #expect(CMTimeRange.zero.isEmpty)
        #expect(range.containsTimeRange(CMTimeRange(start: CMTimeMake(value: 2, timescale: 1), duration: .zero)))
    }

    @Test func boxes() {
        let time = CMTimeMake(value: 7, timescale: 30)
        let box = NSValue(time: time)
        #expect(fields(box.timeValue) == [7, 30, 0, 0])
        #expect(box == NSValue(time: CMTimeMake(value: 14, timescale: 60)))
        #expect(!NSValue(point: .zero).timeValue.isValid)
    }
}
