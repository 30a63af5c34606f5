import Foundation

/// A periodic or boundary time observer of a player: the opaque token
/// `addPeriodicTimeObserver(forInterval:queue:using:)` and
/// `addBoundaryTimeObserver(forTimes:queue:using:)` return.
///
/// While the player's time runs, a timer (on a queue the observers share) wakes when the next
/// multiple of the interval, or the next boundary, is due at the current rate, reads the
/// player's time, and hands the block to the observer's queue.
final class TimeObserver: @unchecked Sendable {
    enum Kind {
        /// At every multiple of `interval` while time runs, and whenever it starts, stops or jumps.
        case periodic(interval: Double, block: @Sendable (CMTime) -> Void)
        /// Once each time playback crosses one of `times` (seconds, sorted).
        case boundary(times: [Double], block: @Sendable () -> Void)
    }

    /// A dispatch timer, which is thread-safe.
    private struct Timer: @unchecked Sendable {
        let source: DispatchSourceTimer
        func cancel() { source.cancel() }
    }

    private struct State {
        var timer: Timer?
        var running = false
        var rate = 1.0
        var cancelled = false
    }

    /// The queue every observer's timer runs on.
    private static let timing = DispatchQueue(label: "SceneMedia.TimeObserver")

    let kind: Kind
    /// Where the block runs (the main queue when none was given).
    let queue: DispatchQueue
    private weak var player: AVPlayer?
    private let state = Locked(State())

    init(kind: Kind, queue: DispatchQueue, player: AVPlayer) {
        (self.kind, self.queue, self.player) = (kind, queue, player)
    }

    /// The player's time starts or stops running, or jumps (a seek, a new item, a new rate).
    func timebaseChanged(running: Bool, rate: Double) {
        Self.timing.async { [self] in
            let cancelled = state.withLock { state in
                state.timer?.cancel()
                state.timer = nil
                (state.running, state.rate) = (running && rate != 0, rate)
                return state.cancelled
            }
            guard !cancelled, let player else { return }
            let now = player.currentTime()
            if case .periodic(_, let block) = kind { queue.async { block(now) } }
            scheduleNext(after: now.seconds)
        }
    }

    /// Stops the observer for good.
    func cancel() {
        state.withLock { state in
            state.cancelled = true
            state.timer?.cancel()
            state.timer = nil
        }
    }

    /// Arms the timer for the first interval multiple or boundary past `time` in the direction
    /// of play (on `timing`).
    private func scheduleNext(after time: Double) {
        let rate = state.withLock { $0.rate }
        guard time.isFinite, let due = nextEvent(after: time, rate: rate) else { return }
        arm(due: due, now: time)
    }

    /// Arms the timer to wake when the player's time, `now` at this moment, reaches `due`.
    private func arm(due: Double, now: Double) {
        let (running, rate) = state.withLock { ($0.running && !$0.cancelled, $0.rate) }
        guard running else { return }
        let timer = DispatchSource.makeTimerSource(queue: Self.timing)
        timer.schedule(deadline: .now() + max((due - now) / rate, 0), leeway: .milliseconds(1))
        timer.setEventHandler { [weak self] in self?.fire(due: due) }
        state.withLock { state in
            state.timer?.cancel()
            state.timer = Timer(source: timer)
        }
        timer.resume()
    }

    /// The next multiple of the interval, or boundary, strictly past `time` (by a millisecond)
    /// going forward (`rate` > 0) or backward.
    private func nextEvent(after time: Double, rate: Double) -> Double? {
        let epsilon = 0.001
        switch kind {
        case .periodic(let interval, _):
            return rate > 0
                ? ((time + epsilon) / interval).rounded(.down) * interval + interval
                : ((time - epsilon) / interval).rounded(.up) * interval - interval
        case .boundary(let times, _):
            return rate > 0 ? times.first { $0 > time + epsilon } : times.last { $0 < time - epsilon }
        }
    }

    /// The timer woke for `due`: call the block if the player's time reached it (else wait the rest).
    private func fire(due: Double) {
        guard let player, state.withLock({ $0.running && !$0.cancelled }) else { return }
        let now = player.currentTime()
        let rate = state.withLock { $0.rate }
        // A timer that woke early (the player's time lags the wall clock) waits the rest.
        if (due - now.seconds) / rate > 0.002 {
            arm(due: due, now: now.seconds)
            return
        }
        switch kind {
        case .periodic(_, let block): queue.async { block(now) }
        case .boundary(_, let block): queue.async { block() }
        }
        scheduleNext(after: rate > 0 ? max(now.seconds, due) : min(now.seconds, due))
    }
}

extension AVPlayer {
    /// `addPeriodicTimeObserver(forInterval:queue:using:)`.
    func addPeriodicObserver(
        interval: CMTime, queue: DispatchQueue?, block: @escaping @Sendable (CMTime) -> Void
    ) -> TimeObserver {
        let seconds = interval.seconds
        if !(interval.isNumeric && seconds > 0) {
            Diagnostics.error("AVPlayer: periodic time observer interval \(interval) refused (not a positive time)")
        }
        let observer = TimeObserver(
            kind: .periodic(interval: seconds > 0 ? seconds : .infinity, block: block), queue: queue ?? .main,
            player: self)
        return add(observer)
    }

    /// `addBoundaryTimeObserver(forTimes:queue:using:)`.
    func addBoundaryObserver(times: [NSValue], queue: DispatchQueue?, block: @escaping @Sendable () -> Void)
        -> TimeObserver
    {
        let seconds = times.map(\.timeValue).filter(\.isNumeric).map(\.seconds).sorted()
        if seconds.count != times.count {
            Diagnostics.error("AVPlayer: boundary time observer: times that are not numeric CMTime boxes ignored")
        }
        return add(TimeObserver(kind: .boundary(times: seconds, block: block), queue: queue ?? .main, player: self))
    }

    /// `removeTimeObserver(_:)`.
    func removeObserver(_ observer: Any) {
        guard let observer = observer as? TimeObserver else {
            Diagnostics.error("AVPlayer: removeTimeObserver was not given a time observer token; ignored")
            return
        }
        let removed = state.withLock { state in
            let count = state.timeObservers.count
            state.timeObservers.removeAll { $0 === observer }
            return state.timeObservers.count != count
        }
        guard removed else {
            Diagnostics.error("AVPlayer: removeTimeObserver was given another player's time observer; ignored")
            return
        }
        observer.cancel()
    }

    private func add(_ observer: TimeObserver) -> TimeObserver {
        state.withLock { $0.timeObservers.append(observer) }
        queue.async { [weak self] in
            guard let self else { return }
            observer.timebaseChanged(running: pipeline.value.timeRuns, rate: pipeline.value.segmentRate)
        }
        return observer
    }
}
