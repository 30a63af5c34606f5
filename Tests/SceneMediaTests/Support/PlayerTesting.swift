import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore
@testable import SceneMedia

/// A frame a `FrameRecorder` saw: its running time, the number its picture shows, and when
/// (`CACurrentMediaTime()`) the recorder took it.
struct RecordedFrame: Sendable {
    var time: Double
    var number: Int?
    var seenAt: Double
}

/// Takes every frame a feed receives, in order, as a render side would but without missing
/// one: it asks the feed for the frame due when the previous one said the next is due
/// (`Shown.nextTime`), polling every 2 ms on a thread of its own while none waits. A picture delivered twice
/// with the same time (prerolled while paused, then played) counts once.
final class FrameRecorder: Sendable {
    let feed = VideoFeed(capacity: 64)
    private let frames = Locked<[RecordedFrame]>([])
    private let stopped = Locked(false)
    private let finished = DispatchSemaphore(value: 0)

    init() {
        Thread.detachNewThread { [self] in
            var lastID: UInt64?
            var time = CACurrentMediaTime()
            while !stopped.withLock({ $0 }) {
                let shown = feed.frame(at: time, request: nil)
                if let frame = shown.frame, frame.id != lastID {
                    lastID = frame.id
                    let record = RecordedFrame(
                        time: frame.time, number: TestClip.frameNumber(in: frame), seenAt: CACurrentMediaTime())
                    // The same picture twice (prerolled, then played) is one frame.
                    frames.withLock { frames in
                        if let last = frames.last, last.time == record.time, last.number == record.number { return }
                        frames.append(record)
                    }
                }
                if let next = shown.nextTime {
                    // A microsecond past the due time: `time + offset - offset` may round below it.
                    time = max(next + 0.000_001, time)
                } else {
                    // Nothing waits: the time stays, so that frames coming meanwhile are taken one
                    // by one from the first (a thread held up on a loaded machine misses none).
                    Thread.sleep(forTimeInterval: 0.002)
                }
            }
            finished.signal()
        }
    }

    var recorded: [RecordedFrame] { frames.withLock { $0 } }
    var numbers: [Int?] { recorded.map(\.number) }

    func stop() {
        stopped.withLock { $0 = true }
        finished.wait()
    }
}

/// When each notification of `name` about `object` came (`CACurrentMediaTime()`), and on which
/// thread.
final class NotificationRecorder: @unchecked Sendable {
    private let times = Locked<[Double]>([])
    private let onMain = Locked<[Bool]>([])
    private var token: NSObjectProtocol?

    init(_ name: NSNotification.Name, object: AnyObject) {
        token = NotificationCenter.default.addObserver(forName: name, object: object, queue: nil) { [times, onMain] _ in
            times.withLock { $0.append(CACurrentMediaTime()) }
            onMain.withLock { $0.append(isOnMainQueue()) }
        }
    }

    deinit { token.map { NotificationCenter.default.removeObserver($0) } }

    var count: Int { times.withLock { $0.count } }
    var first: Double? { times.withLock { $0.first } }
    var allOnMain: Bool { onMain.withLock { $0.allSatisfy { $0 } } }
}

/// A player of `item`, ready to play (or failed), with `feed` attached.
func loadedPlayer(_ item: AVPlayerItem, feed: VideoFeed? = nil) async -> AVPlayer {
    let player = AVPlayer(playerItem: item)
    if let feed { player.attach(feed) }
    _ = await waitUntil { item.status != .unknown }
    return player
}

/// Seeks exactly and waits for the seek to finish; true when it did.
func seekExactly(_ player: AVPlayer, to time: CMTime) async -> Bool {
    let finished = Locked<Bool?>(nil)
    player.seek(to: time, toleranceBefore: .zero, toleranceAfter: .zero) { done in finished.withLock { $0 = done } }
    return await waitUntil { finished.withLock { $0 } != nil } && finished.withLock { $0 } == true
}

/// The number of the frame `feed` shows now.
func shownFrameNumber(_ feed: VideoFeed) -> Int? {
    feed.frame(at: CACurrentMediaTime(), request: nil).frame.flatMap { TestClip.frameNumber(in: $0) }
}

/// Whether `frames` follow one another without a hole in the timeline: each frame's time is its
/// predecessor's plus one frame duration for each number it moves on (modulo `count`, within a
/// millisecond), and at most `droppedPictures` pictures are missing in all. A picture missing
/// with its time (GStreamer's quality-of-service drops a frame decoded too late on a loaded
/// machine) leaves the timeline continuous; a gap between two items or loops does not.
func framesAreContinuous(
    _ frames: [RecordedFrame], count: Int, frameDuration: Double, droppedPictures: Int = 0
) -> Bool {
    var dropped = 0
    for (a, b) in zip(frames, frames.dropFirst()) {
        guard let m = a.number, let n = b.number else { return false }
        let steps = (n - m + count) % count == 0 ? count : (n - m + count) % count
        dropped += steps - 1
        guard abs(b.time - a.time - Double(steps) * frameDuration) < 0.001 else { return false }
    }
    return dropped <= droppedPictures
}

/// Whether the calling code runs on the main queue (which, once the test runner has called
/// `dispatchMain()`, any thread may drain: `isOnMainQueue()` cannot tell).
func isOnMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainQueueKey) == true }

private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()
