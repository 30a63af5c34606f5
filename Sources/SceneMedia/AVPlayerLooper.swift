import CSceneMediaGStreamer
import Foundation

/// Plays an item over and over on a queue player (AVFoundation's `AVPlayerLooper`), without a
/// gap between the end of one loop and the start of the next.
///
/// The looper empties the player's queue and puts a copy of the template item in it (the one
/// `loopingPlayerItems` lists). Where Apple's queues a new copy for each loop, this one loops
/// that copy in the pipeline with segment seeks (each loop's end seeks back to its start without
/// flushing), so frame times go on across the loop without a hole; `currentItem` stays the one
/// copy. `loopCount` and `status` are observable; both change on the main queue.
open class AVPlayerLooper: NSObject, MediaObservable, @unchecked Sendable {
    /// Whether the looper loops (AVFoundation's `AVPlayerLooper.Status`).
    public enum Status: Int, Sendable {
        /// The item is loading.
        case unknown = 0
        /// Looping.
        case ready = 1
        /// The item failed (`error` says why).
        case failed = 2
        /// `disableLooping()` was called.
        case cancelled = 3
    }

    private struct State {
        var status = Status.unknown
        var loopCount = 0
        var error: Error?
    }

    private let state = Locked(State())
    private let player: AVQueuePlayer
    private let item: AVPlayerItem
    private var itemStatus: NSKeyValueObservation?

    /// Loops `templateItem` (a copy of it: the same asset) on `player` within `timeRange`
    /// (an invalid range, the default: the whole item). Playback starts when the player's rate
    /// is set (`play()`).
    public init(player: AVQueuePlayer, templateItem: AVPlayerItem, timeRange: CMTimeRange = .invalid) {
        self.player = player
        item = AVPlayerItem(asset: templateItem.asset)
        super.init()
        let range = timeRange.isValid && timeRange.start.isNumeric ? timeRange : nil
        let start = gint64(max(0, range?.start.convertScale(1_000_000_000, method: .default).value ?? 0))
        let stop = range.flatMap {
            $0.end.isNumeric ? gint64($0.end.convertScale(1_000_000_000, method: .default).value) : nil
        }
        player.removeAllItems()
        player.insert(item, after: nil)
        itemStatus = item.observe(\.status) { [weak self] item, _ in self?.itemStatusChanged(item) }
        player.startLooping(AVPlayer.Loop(start: start, stop: stop) { [weak self] in self?.loopEnded() })
    }

    /// How many loops have ended (each the start of the next). Observable.
    public var loopCount: Int {
        noteObservableRead("loopCount")
        return state.withLock { $0.loopCount }
    }

    /// Observable.
    public var status: Status {
        noteObservableRead("status")
        return state.withLock { $0.status }
    }

    /// Why the looper failed (nil unless `status` is `.failed`).
    public var error: Error? { state.withLock { $0.error } }

    /// The copies of the template item the looper plays (one: see the type's description).
    public var loopingPlayerItems: [AVPlayerItem] { [item] }

    /// Stops looping: the loop playing now plays to its end, where the item ends
    /// (`AVPlayerItemDidPlayToEndTime`) and the player acts as its `actionAtItemEnd` says.
    public func disableLooping() {
        player.stopLooping()
        setStatus(.cancelled)
    }

    private func loopEnded() {
        guard state.withLock({ $0.status }) != .cancelled else { return }
        withChange(of: "loopCount") { state.withLock { $0.loopCount += 1 } }
    }

    private func itemStatusChanged(_ item: AVPlayerItem) {
        switch item.status {
        case .readyToPlay: setStatus(.ready)
        case .failed:
            state.withLock { $0.error = item.error }
            setStatus(.failed)
        case .unknown: break
        }
    }

    private func setStatus(_ status: Status) {
        let current = state.withLock { $0.status }
        guard current != status, current != .cancelled, current != .failed else { return }
        withChange(of: "status") { state.withLock { $0.status = status } }
    }
}
