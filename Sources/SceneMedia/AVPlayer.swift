import CSceneMediaGStreamer
import Foundation

/// Plays one item at a time (AVFoundation's `AVPlayer`), on a GStreamer `playbin` of its own.
///
/// The public API answers at once on any thread; the pipeline catches up on the player's serial
/// queue. `status`, `error`, `rate`, `timeControlStatus` and `currentItem` are observable with
/// `observe(_:options:changeHandler:)`: a change the app makes notifies on the app's thread
/// before the call returns; a change that comes from the pipeline (ready, playing after a seek
/// or preroll, the end of an item, a failure) is made and notified on the main queue.
///
/// Pictures reach video layers through `attach(_:)` (see `VideoOutput` for the clock rule).
/// Sound goes to the default audio device, or nowhere (silently, logged once) where none works.
/// A player released while playing stops its pipeline (every GStreamer thread joined) before
/// its deinit returns.
open class AVPlayer: NSObject, MediaObservable, @unchecked Sendable {
    /// Whether a player can play (AVFoundation's `AVPlayer.Status`).
    public enum Status: Int, Sendable {
        /// No item has been loaded yet.
        case unknown = 0
        /// The player has loaded an item: it can play.
        case readyToPlay = 1
        /// An item failed (`error` says why); as on Apple's platforms the player stays failed,
        /// though a later item still plays.
        case failed = 2
    }

    /// Whether playback is under way (AVFoundation's `AVPlayer.TimeControlStatus`).
    public enum TimeControlStatus: Int, Sendable {
        /// The rate is zero.
        case paused = 0
        /// The rate is not zero but the pipeline is not playing yet (loading, prerolling, seeking).
        case waitingToPlayAtSpecifiedRate = 1
        /// Frames are being shown at the player's rate.
        case playing = 2
    }

    /// What a player does when its item ends (AVFoundation's `AVPlayer.ActionAtItemEnd`).
    public enum ActionAtItemEnd: Int, Sendable {
        /// Go on to the next item: `AVQueuePlayer` only.
        case advance = 0
        /// Pause (the rate becomes zero): `AVPlayer`'s default.
        case pause = 1
        /// Nothing: the rate stays, the item stays at its end.
        case none = 2
    }

    struct State {
        /// The items to play, the current one first (one at most for a plain player).
        var items: [AVPlayerItem] = []
        var rate: Float = 0
        /// Whether the pipeline is in PLAYING (as last heard on the main queue).
        var pipelinePlaying = false
        var status = Status.unknown
        var error: Error?
        var volume: Float = 1
        var isMuted = false
        var actionAtItemEnd = ActionAtItemEnd.pause
        /// Where the latest seek goes, until it is done, and that seek's number.
        var seekTarget: (time: CMTime, id: Int)?
        var nextSeekID = 0
        var timeObservers: [TimeObserver] = []
        /// The position last read from the pipeline: what `currentTime()` answers while the
        /// pipeline cannot say (between a loop's segments, while changing state).
        var lastPosition = CMTime.zero
    }

    let state = Locked(State())
    /// The serial queue the pipeline is driven from.
    let queue = DispatchQueue(label: "SceneMedia.AVPlayer")
    static let queueKey = DispatchSpecificKey<ObjectIdentifier>()
    let playbin: Playbin
    /// What only `queue` reads and writes.
    let pipeline = QueueConfined(PipelineState())

    /// A player of a new item of the media at `url`.
    public convenience init(url URL: URL) { self.init(playerItem: AVPlayerItem(url: URL)) }

    /// A player of `item` (none: a player to give an item later).
    public convenience init(playerItem item: AVPlayerItem?) {
        self.init()
        if let item { setInitialItems([item]) }
    }

    /// A player with no item.
    public override init() {
        let relay = PlayerRelay()
        playbin = Playbin(
            queue: queue, onMessage: { message in relay.player?.handle(message) },
            onFormat: { size, _ in relay.player?.videoFormatChanged(size) },
            onAboutToFinish: { url in relay.player?.aboutToFinish(queued: url) },
            onSegmentEnd: { looped, shownIn in relay.player?.segmentEnded(looped: looped, shownIn: shownIn) })
        super.init()
        relay.player = self
        queue.setSpecific(key: Self.queueKey, value: ObjectIdentifier(self))
        state.withLock { $0.actionAtItemEnd = Self.defaultActionAtItemEnd }
    }

    deinit {
        let timeObservers = state.withLock { $0.timeObservers }
        for observer in timeObservers { observer.cancel() }
        if DispatchQueue.getSpecific(key: Self.queueKey) == ObjectIdentifier(self) {
            shutDown()
        } else {
            queue.sync { shutDown() }
        }
    }

    /// The action at item end a new player starts with.
    class var defaultActionAtItemEnd: ActionAtItemEnd { .pause }

    /// Makes `items` the player's queue and loads the first (an initializer's last step).
    func setInitialItems(_ items: [AVPlayerItem]) {
        let accepted = items.filter { adopt($0) }
        state.withLock { $0.items = accepted }
        let first = accepted.first
        queue.async { [weak self] in self?.load(first) }
    }

    // MARK: - The item

    /// The item playing (or ready to); observable.
    open var currentItem: AVPlayerItem? {
        noteObservableRead("currentItem")
        return state.withLock { $0.items.first }
    }

    /// Makes `item` the current item (nil: none) and loads it; the rate is kept, so a playing
    /// player plays the new item once it is ready. An item already in another player is
    /// refused (logged), as Apple's raises.
    open func replaceCurrentItem(with item: AVPlayerItem?) {
        if let item, item === currentItem { return }
        if let item, !adopt(item) { return }
        let old = state.withLock { $0.items.first }
        let oldTime = currentTime()
        withChange(of: "currentItem") {
            state.withLock { state in
                if state.items.isEmpty {
                    if let item { state.items = [item] }
                } else if let item {
                    state.items[0] = item
                } else {
                    state.items.removeFirst()
                }
            }
        }
        if let old { release(old, at: oldTime) }
        queue.async { [weak self] in self?.load(item) }
    }

    /// Marks `item` as this player's; false (logged) when another player has it.
    func adopt(_ item: AVPlayerItem) -> Bool {
        let owner = item.state.withLock { state -> AVPlayer? in
            if let player = state.player, player !== self { return player }
            state.player = self
            return nil
        }
        guard owner == nil else {
            Diagnostics.error("AVPlayer: an item cannot be added to a second player while it is in another; refused")
            return false
        }
        return true
    }

    /// Lets `item` go, keeping `time` as its time, unless it is still among the player's items.
    func release(_ item: AVPlayerItem, at time: CMTime) {
        let stillHere = state.withLock { $0.items.contains { $0 === item } }
        guard !stillHere else { return }
        item.state.withLock { state in
            if state.player === self { state.player = nil }
            state.time = time
        }
    }

    // MARK: - Status

    /// `.readyToPlay` once an item has loaded, `.failed` once one failed; observable.
    public var status: Status {
        noteObservableRead("status")
        return state.withLock { $0.status }
    }

    /// Why the player failed (nil unless `status` is `.failed`); observable.
    public var error: Error? {
        noteObservableRead("error")
        return state.withLock { $0.error }
    }

    // MARK: - Rate

    /// Plays at rate 1 (`rate = 1`).
    open func play() { rate = 1 }

    /// Pauses (`rate = 0`).
    open func pause() { rate = 0 }

    /// The playback rate: 0 paused, 1 normal, 2 twice as fast, negative backwards (where
    /// GStreamer can play the file backwards; otherwise the rate is refused, logged, and set
    /// back). Setting it changes `timeControlStatus` at once; observable.
    open var rate: Float {
        get {
            noteObservableRead("rate")
            return state.withLock { $0.rate }
        }
        set {
            guard newValue.isFinite else {
                Diagnostics.error("AVPlayer: rate \(newValue) refused (not finite)")
                return
            }
            changeRate(to: newValue)
            queue.async { [weak self] in self?.reconcile() }
        }
    }

    /// Sets the rate and what follows from it, announcing both (on the calling thread).
    func changeRate(to rate: Float) {
        guard state.withLock({ $0.rate }) != rate else { return }
        withChange(of: "timeControlStatus") {
            withChange(of: "rate") { state.withLock { $0.rate = rate } }
        }
    }

    /// Paused at rate 0; playing while the pipeline plays; waiting in between. Observable.
    open var timeControlStatus: TimeControlStatus {
        noteObservableRead("timeControlStatus")
        return state.withLock { state in
            state.rate == 0 ? .paused : state.pipelinePlaying ? .playing : .waitingToPlayAtSpecifiedRate
        }
    }

    // MARK: - Time

    /// The current item's time: where a pending seek goes, else the pipeline's position (the
    /// last one known while the pipeline cannot say; zero before any, or with no item).
    open func currentTime() -> CMTime {
        if let target = state.withLock({ $0.seekTarget?.time }) { return target }
        guard let position = playbin.position else { return state.withLock { $0.lastPosition } }
        let time = CMTime(value: CMTimeValue(position), timescale: 1_000_000_000)
        state.withLock { $0.lastPosition = time }
        return time
    }

    /// Seeks to `time` quickly, to a key frame near it (any tolerance).
    open func seek(to time: CMTime) {
        seek(to: time, toleranceBefore: .positiveInfinity, toleranceAfter: .positiveInfinity)
    }

    /// Seeks as `seek(to:)`, then calls `completionHandler` on the main queue: true when the
    /// seek finished, false when a later seek (or a new item) interrupted it.
    open func seek(to time: CMTime, completionHandler: @escaping @Sendable (Bool) -> Void) {
        seek(
            to: time, toleranceBefore: .positiveInfinity, toleranceAfter: .positiveInfinity,
            completionHandler: completionHandler)
    }

    /// Seeks to `time`: with both tolerances zero, exactly (the frame at `time` is decoded);
    /// otherwise to a key frame, the nearest one, or the one before (`toleranceAfter` zero) or
    /// after (`toleranceBefore` zero). `currentTime()` is `time` from now until the seek is done.
    open func seek(to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime) {
        requestSeek(time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter, completion: nil)
    }

    /// Seeks as `seek(to:toleranceBefore:toleranceAfter:)`, then calls `completionHandler` as
    /// `seek(to:completionHandler:)` does.
    open func seek(
        to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime,
        completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        requestSeek(
            time, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter, completion: completionHandler)
    }

    private func requestSeek(
        _ time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime, completion: (@Sendable (Bool) -> Void)?
    ) {
        guard time.isNumeric else {
            Diagnostics.error("AVPlayer: seek to \(time) refused (not a numeric time)")
            if let completion { DispatchQueue.main.async { completion(false) } }
            return
        }
        let id = state.withLock { state in
            state.nextSeekID += 1
            state.seekTarget = (time, state.nextSeekID)
            return state.nextSeekID
        }
        let seek = Seek(
            id: id, time: time, mode: .init(toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter),
            completions: completion.map { [$0] } ?? [])
        queue.async { [weak self] in self?.enqueue(seek) }
    }

    // MARK: - Sound

    /// The audio's volume, 0...1 (values outside are clamped).
    open var volume: Float {
        get { state.withLock { $0.volume } }
        set {
            let volume = min(max(newValue.isNaN ? 0 : newValue, 0), 1)
            state.withLock { $0.volume = volume }
            playbin.setVolume(Double(volume))
        }
    }

    /// Whether the audio is muted.
    open var isMuted: Bool {
        get { state.withLock { $0.isMuted } }
        set {
            state.withLock { $0.isMuted = newValue }
            playbin.setMuted(newValue)
        }
    }

    // MARK: - Item end

    /// What happens when the current item ends: `.pause` by default (`.advance` for
    /// `AVQueuePlayer`, the only player that takes it: a plain player refuses it, logged, as
    /// Apple's raises).
    open var actionAtItemEnd: ActionAtItemEnd {
        get { state.withLock { $0.actionAtItemEnd } }
        set {
            guard newValue != .advance || self is AVQueuePlayer else {
                Diagnostics.error("AVPlayer: actionAtItemEnd .advance is for AVQueuePlayer only; refused")
                return
            }
            state.withLock { $0.actionAtItemEnd = newValue }
            queue.async { [weak self] in self?.refreshNextURI() }
        }
    }

    // MARK: - Time observers

    /// Calls `block` on `queue` (the main queue when nil) with the player's time at every
    /// multiple of `interval` while time runs, and whenever it starts, stops or jumps (a seek, a
    /// new rate or item), as Apple's does. Keep the returned token and pass it to
    /// `removeTimeObserver(_:)`. An interval that is not a positive number is refused (logged)
    /// and its token never calls the block.
    open func addPeriodicTimeObserver(
        forInterval interval: CMTime, queue: DispatchQueue?, using block: @escaping @Sendable (CMTime) -> Void
    ) -> Any {
        addPeriodicObserver(interval: interval, queue: queue, block: block)
    }

    /// Calls `block` on `queue` (the main queue when nil) each time normal playback crosses one
    /// of `times` (`NSValue` boxes of `CMTime`, `NSValue(time:)`), but not when a seek jumps past
    /// one, as Apple's does. Keep the returned token and pass it to `removeTimeObserver(_:)`.
    open func addBoundaryTimeObserver(
        forTimes times: [NSValue], queue: DispatchQueue?, using block: @escaping @Sendable () -> Void
    ) -> Any {
        addBoundaryObserver(times: times, queue: queue, block: block)
    }

    /// Stops a time observer made by `addPeriodicTimeObserver` or `addBoundaryTimeObserver`; a
    /// token of another player, or of none, is refused (logged).
    open func removeTimeObserver(_ observer: Any) { removeObserver(observer) }

    // MARK: - Video layers

    /// Sends the player's pictures to `feed`: the latest frame and the clock at once (if there
    /// is one), then every frame. Thread-safe; the feed is held weakly.
    package func attach(_ feed: VideoFeed) { playbin.output.attach(feed) }

    /// Stops sending pictures to `feed` and clears it. Thread-safe.
    package func detach(_ feed: VideoFeed) { playbin.output.detach(feed) }
}

/// The player, reached weakly from the pipeline's callbacks (made before the player exists).
final class PlayerRelay: @unchecked Sendable {
    weak var player: AVPlayer?
}

/// A value only one serial queue reads and writes.
final class QueueConfined<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
