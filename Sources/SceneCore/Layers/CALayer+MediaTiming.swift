import Foundation

extension CALayer {
    /// Applies every ancestor's timing from the root down (gathered first: no recursion).
    func localTime(fromAbsolute t: CFTimeInterval) -> CFTimeInterval {
        var time = t
        for layer in selfAndAncestors.reversed() {
            let timing = layer.state.timing
            time = (time - timing.beginTime) * Double(timing.speed) + timing.timeOffset
        }
        return time
    }

    /// Inverts this layer's timing, then each ancestor's up to the root.
    func absoluteTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
        var time = t
        var layer: CALayer? = self
        while let current = layer {
            let timing = current.state.timing
            // A paused layer (speed 0) maps every parent time to one local time; invert as its begin.
            time =
                timing.speed == 0
                ? timing.beginTime : (time - timing.timeOffset) / Double(timing.speed) + timing.beginTime
            layer = current.superlayer
        }
        return time
    }

    /// This layer and its superlayers (through `superlayer`), up to the root.
    var selfAndAncestors: [CALayer] {
        var chain: [CALayer] = []
        var layer: CALayer? = self
        while let current = layer {
            chain.append(current)
            layer = current.superlayer
        }
        return chain
    }
}

/// The current absolute time in seconds, from `CLOCK_MONOTONIC` (as `mach_absolute_time` is on Apple platforms).
public func CACurrentMediaTime() -> CFTimeInterval {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return CFTimeInterval(ts.tv_sec) + CFTimeInterval(ts.tv_nsec) / 1_000_000_000
}
