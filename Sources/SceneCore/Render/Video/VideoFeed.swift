import DequeModule
import Foundation

/// The frames of one video layer (`AVPlayerLayer`, `AVCaptureVideoPreviewLayer`), shared by the
/// source that decodes them and every render side showing the layer: the one channel frames take
/// to the screen, past the app thread.
///
/// The source (a player's or a capture session's streaming thread) enqueues decoded frames a
/// little ahead of time and says how its stream's running time maps to the display's clock
/// (`Clock`); each frame, the render side asks for the frame due at the frame's display time,
/// which is the last one whose time has come. Frames passed over unshown count as dropped; the
/// frame shown stays until a later one is due, so a paused or starved video keeps its picture.
/// A frame that comes when none waits, or a new clock, asks every renderer that showed the layer
/// for a frame (`FrameRequest`); while frames wait, the renderer wakes when the next one is due.
///
/// Holds at most `capacity` waiting frames: a source that runs further ahead loses its oldest.
package final class VideoFeed: @unchecked Sendable, Equatable {
    /// How the stream's running time (the frames' `time`) relates to the display's clock
    /// (`CACurrentMediaTime()` seconds).
    package enum Clock: Sendable, Equatable {
        /// Nothing plays: the frame shown is the last whose time is at or before `at`; with no
        /// time, the earliest waiting (what a paused player prerolled after a seek).
        case stopped(at: Double?)
        /// Playing: at display time `d` the running time is `d - offset`.
        case running(offset: Double)
    }

    /// What the render side shows at one display time.
    package struct Shown: Sendable {
        /// The frame to draw; nil before the first frame comes (or after `clear()`).
        package var frame: VideoFrame?
        /// When the next waiting frame is due (display time), if one waits and the clock runs.
        package var nextTime: Double?
    }

    /// What happened to the frames so far.
    package struct Statistics: Sendable, Equatable {
        /// Frames enqueued.
        package var received = 0
        /// Frames picked for display at least once.
        package var shown = 0
        /// Frames passed over: a later frame was due before they were shown, or the feed was
        /// full or flushed.
        package var dropped = 0
        /// How far behind the clock the frame shown was, over the display times asked for while
        /// the clock ran (running time less the frame's time; a frame on time lags by less than
        /// its duration): the number of times, their sum and the largest, in seconds.
        package var lagSamples = 0
        package var lagTotal = 0.0
        package var largestLag = 0.0
        /// The mean lag; 0 before any.
        package var meanLag: Double { lagSamples == 0 ? 0 : lagTotal / Double(lagSamples) }
    }

    private struct State {
        var waiting = Deque<VideoFrame>()
        var shown: VideoFrame?
        var clock = Clock.stopped(at: nil)
        var requests: [ObjectIdentifier: FrameRequest] = [:]
        var statistics = Statistics()
        var firstFrame: (@Sendable () -> Void)?
    }

    /// The most frames waiting at once.
    package let capacity: Int
    private let state = Locked(State())

    package init(capacity: Int = 8) { self.capacity = max(capacity, 1) }

    package static func == (a: VideoFeed, b: VideoFeed) -> Bool { a === b }

    // MARK: - Source side

    /// Adds a decoded frame; frames come in time order (one earlier than the last waiting
    /// replaces what waits after it, as after a seek without a flush).
    package func enqueue(_ frame: VideoFrame) {
        let (requests, first) = state.withLock { state in
            state.statistics.received += 1
            while let last = state.waiting.last, last.time >= frame.time {
                state.waiting.removeLast()
                state.statistics.dropped += 1
            }
            if state.waiting.count == capacity {
                state.waiting.removeFirst()
                state.statistics.dropped += 1
            }
            // A renderer that saw frames waiting wakes when the first is due, and then learns
            // when the next is: only a frame that waits alone needs to wake it.
            let wakes = state.waiting.isEmpty
            state.waiting.append(frame)
            let first = state.shown == nil && state.waiting.count == 1 ? state.firstFrame : nil
            return (wakes ? Array(state.requests.values) : [], first)
        }
        first?()
        for request in requests { request() }
    }

    /// Sets how running time maps to display time.
    package func setClock(_ clock: Clock) {
        let requests = state.withLock { state in
            guard state.clock != clock else { return [FrameRequest]() }
            state.clock = clock
            return Array(state.requests.values)
        }
        for request in requests { request() }
    }

    /// Drops the waiting frames (a seek): the frame shown stays until the first new one.
    package func flush() {
        state.withLock { state in
            state.statistics.dropped += state.waiting.count
            state.waiting.removeAll()
        }
    }

    /// Drops every frame, the one shown too: the layer shows no video until the next frame.
    package func clear() {
        let requests = state.withLock { state in
            state.statistics.dropped += state.waiting.count
            state.waiting.removeAll()
            state.shown = nil
            state.clock = .stopped(at: nil)
            return Array(state.requests.values)
        }
        for request in requests { request() }
    }

    /// Called (on the source's thread) when a frame arrives while none is held: the layer
    /// becomes ready for display.
    package func onFirstFrame(_ action: (@Sendable () -> Void)?) {
        state.withLock { $0.firstFrame = action }
    }

    /// Whether a frame is held (shown, or waiting to be).
    package var hasFrame: Bool { state.withLock { $0.shown != nil || !$0.waiting.isEmpty } }

    /// The size in pixels of the latest frame held; zero before any comes.
    package var presentationSize: CGSize {
        state.withLock { state in
            guard let frame = state.waiting.last ?? state.shown else { return .zero }
            return CGSize(width: frame.width, height: frame.height)
        }
    }

    package var statistics: Statistics { state.withLock { $0.statistics } }

    /// Starts the statistics over (a benchmark's measurement after its warm-up).
    package func resetStatistics() { state.withLock { $0.statistics = Statistics() } }

    // MARK: - Render side

    /// The frame to show at display time `time`, the frames before it let go; `request` asks
    /// this renderer for a frame when the feed changes.
    package func frame(at time: Double, request: FrameRequest?) -> Shown {
        state.withLock { state in
            if let request { state.requests[ObjectIdentifier(request)] = request }
            // The last waiting frame whose time has come; with none, and nothing shown yet, the
            // earliest (a picture at start rather than none). Stopped at no time, the earliest.
            var due: Int?
            switch state.clock {
            case .stopped(nil): due = state.waiting.isEmpty ? nil : 0
            case .stopped(let at?): due = state.waiting.lastIndex { $0.time <= at }
            case .running(let offset): due = state.waiting.lastIndex { $0.time <= time - offset }
            }
            if due == nil, state.shown == nil, !state.waiting.isEmpty { due = 0 }
            if let due {
                state.statistics.dropped += due
                state.statistics.shown += 1
                state.shown = state.waiting[due]
                state.waiting.removeFirst(due + 1)
            }
            var next: Double?
            if case .running(let offset) = state.clock {
                next = state.waiting.first.map { $0.time + offset }
                if let shown = state.shown {
                    let lag = time - offset - shown.time
                    state.statistics.lagSamples += 1
                    state.statistics.lagTotal += lag
                    state.statistics.largestLag = max(state.statistics.largestLag, abs(lag))
                }
            }
            return Shown(frame: state.shown, nextTime: next)
        }
    }
}
