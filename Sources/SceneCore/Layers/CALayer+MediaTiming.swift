import Foundation

extension CALayer {
    /// When the layer's time starts, in its superlayer's time.
    public var beginTime: CFTimeInterval {
        get { LayerLock.withLock { state.timing.beginTime } }
        set { setState(\.timing.beginTime, newValue, .beginTime, allowsInfinity: true) }
    }
    /// The layer's duration (unused by layers themselves; part of `CAMediaTiming`). Default infinite.
    public var duration: CFTimeInterval {
        get { LayerLock.withLock { state.timing.duration } }
        set { setState(\.timing.duration, newValue, .duration, allowsInfinity: true) }
    }
    /// How fast the layer's time runs relative to its superlayer's; 0 pauses it.
    public var speed: Float {
        get { LayerLock.withLock { state.timing.speed } }
        set { setState(\.timing.speed, newValue, .speed, allowsInfinity: true) }
    }
    /// An offset added to the layer's local time.
    public var timeOffset: CFTimeInterval {
        get { LayerLock.withLock { state.timing.timeOffset } }
        set { setState(\.timing.timeOffset, newValue, .timeOffset, allowsInfinity: true) }
    }
    /// Part of `CAMediaTiming`; stored.
    public var repeatCount: Float {
        get { LayerLock.withLock { state.timing.repeatCount } }
        set { setState(\.timing.repeatCount, newValue, .repeatCount, allowsInfinity: true) }
    }
    /// Part of `CAMediaTiming`; stored.
    public var repeatDuration: CFTimeInterval {
        get { LayerLock.withLock { state.timing.repeatDuration } }
        set { setState(\.timing.repeatDuration, newValue, .repeatDuration, allowsInfinity: true) }
    }
    /// Part of `CAMediaTiming`; stored.
    public var autoreverses: Bool {
        get { LayerLock.withLock { state.timing.autoreverses } }
        set { setState(\.timing.autoreverses, newValue, .autoreverses) }
    }
    /// Part of `CAMediaTiming`; stored.
    public var fillMode: CAMediaTimingFillMode {
        get { LayerLock.withLock { state.timing.fillMode } }
        set { setState(\.timing.fillMode, newValue, .fillMode) }
    }

    /// Converts a time from `layer`'s local time (nil: absolute media time) to this layer's.
    ///
    /// Each layer's local time is `(parentTime - beginTime) * speed + timeOffset`, applied
    /// from the root down; layers never repeat or clamp time.
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        LayerLock.withLock { localTime(fromAbsolute: layer?.absoluteTime(fromLocal: t) ?? t) }
    }

    /// Converts a time from this layer's local time to `layer`'s (nil: absolute media time).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        let absolute = absoluteTime(fromLocal: t)
        return layer?.localTime(fromAbsolute: absolute) ?? absolute
    }

    /// Applies every ancestor's timing from the root down (gathered first: no recursion).
    private func localTime(fromAbsolute t: CFTimeInterval) -> CFTimeInterval {
        var time = t
        for layer in selfAndAncestors.reversed() {
            let timing = layer.state.timing
            time = (time - timing.beginTime) * Double(timing.speed) + timing.timeOffset
        }
        return time
    }

    /// Inverts this layer's timing, then each ancestor's up to the root.
    private func absoluteTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
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
