import Foundation
import SceneCore

/// The feeds of the layers showing one source (a player, a capture session), held weakly: the
/// source's streaming thread hands each frame and clock to all of them. A feed attached later
/// gets the latest frame and clock at once.
final class VideoFeedList: Sendable {
    private final class Weak: @unchecked Sendable {
        weak var feed: VideoFeed?
        init(_ feed: VideoFeed) { self.feed = feed }
    }

    private struct State: @unchecked Sendable {
        var feeds: [Weak] = []
        var latest: VideoFrame?
        var clock = VideoFeed.Clock.stopped(at: nil)
    }

    private let state = Locked(State())

    /// The feeds still alive.
    private var live: [VideoFeed] {
        state.withLock { state in
            state.feeds.removeAll { $0.feed == nil }
            return state.feeds.compactMap(\.feed)
        }
    }

    /// Starts handing frames to `feed`, beginning with the latest frame and clock.
    func attach(_ feed: VideoFeed) {
        let (latest, clock) = state.withLock { state in
            if !state.feeds.contains(where: { $0.feed === feed }) { state.feeds.append(Weak(feed)) }
            return (state.latest, state.clock)
        }
        if let latest { feed.enqueue(latest) }
        feed.setClock(clock)
    }

    /// Stops handing frames to `feed`, and empties it.
    func detach(_ feed: VideoFeed) {
        state.withLock { $0.feeds.removeAll { $0.feed == nil || $0.feed === feed } }
        feed.clear()
    }

    /// Hands `frame` to every feed.
    func enqueue(_ frame: VideoFrame) {
        state.withLock { $0.latest = frame }
        for feed in live { feed.enqueue(frame) }
    }

    /// Sets every feed's clock.
    func setClock(_ clock: VideoFeed.Clock) {
        state.withLock { $0.clock = clock }
        for feed in live { feed.setClock(clock) }
    }

    /// Drops the frames waiting in every feed (a seek), and the latest frame kept for new feeds.
    func flush() {
        state.withLock { $0.latest = nil }
        for feed in live { feed.flush() }
    }

    /// Forgets the latest frame and empties every feed, which stay attached (a new item: no
    /// picture of the old one stays).
    func reset() {
        state.withLock { state in
            state.latest = nil
            state.clock = .stopped(at: nil)
        }
        for feed in live { feed.clear() }
    }

    /// Empties and forgets every feed, and the latest frame (the source is going away).
    func detachAll() {
        let feeds = live
        state.withLock { state in
            state.feeds.removeAll()
            state.latest = nil
        }
        for feed in feeds { feed.clear() }
    }

    /// The frame handed over last, and the clock set last.
    var latest: (frame: VideoFrame?, clock: VideoFeed.Clock) { state.withLock { ($0.latest, $0.clock) } }
}
