import Foundation

/// Where an object with `CAMediaTiming` values is at a moment of its parent's time.
struct TimingSample: Equatable {
    /// Progress through the current cycle, 0...1, before any timing function.
    var progress: Double
    /// The repeat cycle the progress belongs to (0 for the first), for cumulative animations: a
    /// whole number, kept as a `Double` because huge but finite times count more cycles than an
    /// `Int` holds.
    var cycle: Double
}

extension MediaTimingValues {
    /// The active duration: `repeatDuration`, or `repeatCount` (at least one) cycles.
    var activeDuration: Double {
        let cycle = duration * (autoreverses ? 2 : 1)
        return repeatDuration > 0 ? repeatDuration : Double(repeatCount > 0 ? repeatCount : 1) * cycle
    }

    /// Core Animation's timing model (Apple's CAMediaTiming documentation) for an animation whose
    /// parent time is `parentTime`:
    ///
    /// - active time `τ = (parentTime − beginTime) · speed`;
    /// - cycle `c = duration · (autoreverses ? 2 : 1)`, active duration
    ///   `AD = repeatDuration > 0 ? repeatDuration : (repeatCount > 0 ? repeatCount : 1) · c`
    ///   (fractional and infinite counts allowed);
    /// - before `τ < 0` and after `τ ≥ AD` the object has no effect unless `fillMode` holds
    ///   the value at `τ = 0` (backwards, both) or at `τ = AD` (forwards, both);
    /// - local time `t = τ + timeOffset` wraps within the cycle, and the second half of an
    ///   autoreversing cycle plays backwards;
    /// - the value held at the end of the active duration is the end of the last cycle (so a
    ///   plain animation ends at its to-value, an autoreversing one back at its from-value, and
    ///   repeatCount 2.5 half-way).
    ///
    /// Huge but finite times (a `timeOffset` of 1e20, a speed of 1e30, a picosecond cycle hours
    /// later) are evaluated in floating point, never converted to `Int`: the cycle is the floor
    /// of `t / c`, and the position within it the exact remainder. Where `t` is so large that
    /// the doubles next to it are more than a cycle apart, that position carries no information
    /// and changes at random from frame to frame, so the object shows the start of its cycle.
    ///
    /// - Returns: nil when the object has no effect at that time.
    func sample(atParentTime parentTime: Double) -> TimingSample? {
        let tau = (parentTime - beginTime) * Double(speed)
        guard tau.isFinite else { return nil }
        let d = duration
        let cycleLength = d * (autoreverses ? 2 : 1)

        let active: Double
        var atEnd = false
        if tau < 0 {
            guard holdsBefore else { return nil }
            active = 0
        } else if tau >= activeDuration {
            guard holdsAfter else { return nil }
            active = activeDuration
            atEnd = true
        } else {
            active = tau
        }
        guard d > 0, cycleLength.isFinite else { return TimingSample(progress: 1, cycle: 0) }

        let local = active + timeOffset
        guard local.isFinite else { return TimingSample(progress: 0, cycle: 0) }
        guard local.magnitude.ulp <= cycleLength else {
            return TimingSample(progress: 0, cycle: max((local / cycleLength).rounded(.down), 0))
        }
        var within = local.truncatingRemainder(dividingBy: cycleLength)
        if within < 0 { within += cycleLength }
        var cycle = ((local - within) / cycleLength).rounded()
        // At the end of the active duration a whole number of cycles means the end of the last one.
        if atEnd && within == 0 && local > 0 {
            cycle -= 1
            within = cycleLength
        }
        if autoreverses && within > d { within = cycleLength - within }
        return TimingSample(progress: min(max(within / d, 0), 1), cycle: max(cycle, 0))
    }
}
