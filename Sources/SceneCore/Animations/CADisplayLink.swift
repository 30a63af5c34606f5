import Foundation

/// A timer synchronised to the display: its callback runs on the run loop it was added to,
/// once per frame a window presents (the first window still open), with the frame's
/// `timestamp` and the expected `targetTimestamp` of the next. While a link runs, windows
/// keep presenting frames every refresh. With no window presenting it runs from a timer at
/// 60 Hz (or `preferredFrameRateRange.preferred`). A busy run loop gets at most one call waiting.
///
/// Create it with a target and a method (`CADisplayLink(target: self, selector: Self.step)`,
/// the Swift form of Apple's target/selector pair) or with a closure, then
/// `add(to: .main, forMode: .common)`; `invalidate()` removes it from every run loop.
public final class CADisplayLink: @unchecked Sendable {
    private let lock = NSLock()
    private let callback: (CADisplayLink) -> Void
    private var runLoops: [(RunLoop, RunLoop.Mode)] = []
    private var timers: [Timer] = []
    private var invalidated = false
    private var paused = false
    private var waiting = false
    private var frame: (timestamp: Double, target: Double, duration: Double) = (0, 0, 1.0 / 60)

    /// A link calling `selector` (a method of `target`, such as `MyView.step`) every frame.
    /// The target is held strongly until `invalidate()`, as on Apple platforms.
    public init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> (CADisplayLink) -> Void) {
        callback = { link in selector(target)(link) }
    }

    /// A link calling `handler` every frame.
    public init(handler: @escaping (CADisplayLink) -> Void) {
        callback = handler
    }

    /// The time of the last frame (when the callback runs: the frame that was just presented).
    public var timestamp: CFTimeInterval { lock.withLock { frame.timestamp } }
    /// The time the next frame is expected.
    public var targetTimestamp: CFTimeInterval { lock.withLock { frame.target } }
    /// The interval between frames.
    public var duration: CFTimeInterval { lock.withLock { frame.duration } }

    /// While true the callback is not called (and windows need not draw for this link).
    public var isPaused: Bool {
        get { lock.withLock { paused } }
        set {
            lock.withLock { paused = newValue }
            DisplayLinkDriver.shared.linksChanged()
        }
    }

    /// The frame rate wanted; without a window, `preferred` sets the timer's rate.
    public var preferredFrameRateRange = CAFrameRateRange.default
    /// The frame rate wanted (0: the display's own); deprecated on Apple platforms in favour of
    /// `preferredFrameRateRange`.
    public var preferredFramesPerSecond: Int {
        get { Int(preferredFrameRateRange.preferred ?? 0) }
        set {
            preferredFrameRateRange = CAFrameRateRange(minimum: 0, maximum: Float(newValue), preferred: Float(newValue))
        }
    }

    /// Starts calling the callback on `runloop` in `mode` (a link may be added for several modes).
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        lock.withLock {
            guard !invalidated, !runLoops.contains(where: { $0.0 === runloop && $0.1 == mode }) else { return }
            runLoops.append((runloop, mode))
        }
        startFallbackTimer(on: runloop, mode: mode)
        DisplayLinkDriver.shared.linksChanged(adding: self)
    }

    /// Stops calling the callback on `runloop` in `mode`.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let stopped: [Timer] = lock.withLock {
            runLoops.removeAll { $0.0 === runloop && $0.1 == mode }
            guard runLoops.isEmpty else { return [] }
            defer { timers = [] }
            return timers
        }
        for timer in stopped { timer.invalidate() }
        DisplayLinkDriver.shared.linksChanged()
    }

    /// Removes the link from every run loop and releases its target; it cannot be added again.
    public func invalidate() {
        let stopped = lock.withLock {
            invalidated = true
            runLoops = []
            defer { timers = [] }
            return timers
        }
        for timer in stopped { timer.invalidate() }
        DisplayLinkDriver.shared.linksChanged()
    }

    /// Whether the link is on a run loop and not paused.
    var isRunning: Bool { lock.withLock { !invalidated && !paused && !runLoops.isEmpty } }

    /// A window presented a frame: schedule one callback on each run loop (unless one waits).
    package func framePresented(at time: Double, interval: Double) {
        let targets: [(RunLoop, RunLoop.Mode)] = lock.withLock {
            guard !invalidated, !paused, !waiting, !runLoops.isEmpty else { return [] }
            waiting = true
            frame = (time, time + interval, interval)
            return runLoops
        }
        guard let (runLoop, _) = targets.first else { return }
        runLoop.perform(inModes: targets.map(\.1)) { self.fire() }
        // A block performed on a run loop waits for its next wake-up (a timer, an event): the
        // main run loop, where links run, is woken for it, the callback being due now.
        if runLoop === RunLoop.main { CFRunLoopWakeUp(CFRunLoopGetMain()) }
    }

    private func fire() {
        let due = lock.withLock { () -> Bool in
            waiting = false
            return !invalidated && !paused
        }
        if due { callback(self) }
    }

    /// Without a window, a timer on the run loop stands in for the display.
    private func startFallbackTimer(on runLoop: RunLoop, mode: RunLoop.Mode) {
        let fps = Double(preferredFrameRateRange.preferred ?? 0)
        let interval = fps > 0 ? 1 / fps : 1.0 / 60
        let timer = Timer(timeInterval: interval, repeats: true) { [weak self] _ in
            guard let self, !DisplayLinkDriver.shared.windowTimedLinks(within: 3 * interval) else { return }
            let now = CACurrentMediaTime()
            let due = self.lock.withLock { () -> Bool in
                guard !self.invalidated, !self.paused else { return false }
                self.frame = (now, now + interval, interval)
                return true
            }
            if due { self.callback(self) }
        }
        lock.withLock { timers.append(timer) }
        runLoop.add(timer, forMode: mode)
    }
}
