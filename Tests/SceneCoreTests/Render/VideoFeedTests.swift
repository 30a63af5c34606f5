import Foundation
import Testing

@testable import SceneCore

/// The channel a video layer's frames take to the render side: which frame is due at a display
/// time, what is kept, dropped and flushed, and whom the feed wakes.
@Suite struct VideoFeedTests {
    static func frame(at time: Double) -> VideoFrame {
        VideoFrame(copying: [[0, 0, 0, 0], [0], [0]], format: .i420, width: 2, height: 2, time: time)!
    }

    /// Frames at running times 0, 0.1, ... 0.4.
    static func feed(capacity: Int = 8) -> (feed: VideoFeed, frames: [VideoFrame]) {
        let feed = VideoFeed(capacity: capacity)
        let frames = (0..<5).map { frame(at: Double($0) / 10) }
        for frame in frames { feed.enqueue(frame) }
        return (feed, frames)
    }

    @Test func framesOfTheWrongShapeAreRefusedAndTheirMemoryGivenBack() {
        let released = Locked(0)
        let base = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
        defer { base.deallocate() }
        let plane = VideoFrame.Plane(base: base, bytesPerRow: 4, width: 4, height: 4)
        #expect(
            VideoFrame(format: .i420, width: 4, height: 4, planes: [plane], time: 0) { released.withLock { $0 += 1 } }
                == nil)
        #expect(released.withLock { $0 } == 1)
        #expect(VideoFrame(copying: [[1, 2, 3]], format: .nv12, width: 2, height: 2, time: 0) == nil)
        #expect(VideoFrame(copying: [[1, 2, 3, 4], [5, 6]], format: .nv12, width: 2, height: 2, time: 0) != nil)
    }

    @Test func aFrameGivesItsMemoryBackWhenReleased() {
        let released = Locked(0)
        let base = UnsafeMutableRawPointer.allocate(byteCount: 6, alignment: 16)
        defer { base.deallocate() }
        var frame: VideoFrame? = VideoFrame(
            format: .i420, width: 2, height: 2,
            planes: [
                .init(base: base, bytesPerRow: 2, width: 2, height: 2),
                .init(base: base, bytesPerRow: 1, width: 1, height: 1),
                .init(base: base, bytesPerRow: 1, width: 1, height: 1),
            ], time: 0
        ) { released.withLock { $0 += 1 } }
        #expect(frame != nil)
        #expect(released.withLock { $0 } == 0)
        frame = nil
        #expect(released.withLock { $0 } == 1)
    }

    @Test func aRunningClockShowsTheLastFrameDue() {
        let (feed, frames) = Self.feed()
        feed.setClock(.running(offset: 100))
        let shown = feed.frame(at: 100.25, request: nil)
        #expect(shown.frame === frames[2])
        #expect(shown.nextTime == 100.3)
        // Later than every frame: the last, and nothing waits.
        let last = feed.frame(at: 200, request: nil)
        #expect(last.frame === frames[4])
        #expect(last.nextTime == nil)
        #expect((feed.statistics.received, feed.statistics.shown, feed.statistics.dropped) == (5, 2, 3))
        // Shown 0.05 s and 99.6 s after their time.
        #expect(feed.statistics.lagSamples == 2)
        #expect(abs(feed.statistics.largestLag - 99.6) < 1e-9)
        #expect(abs(feed.statistics.meanLag - 49.825) < 1e-9)
    }

    @Test func beforeTheFirstFrameIsDueTheEarliestShows() {
        let (feed, frames) = Self.feed()
        feed.setClock(.running(offset: 100))
        #expect(feed.frame(at: 99, request: nil).frame === frames[0])
        #expect(feed.frame(at: 99, request: nil).nextTime == 100.1)
    }

    @Test func aStoppedClockShowsTheFrameAtItsTimeOrTheEarliest() {
        let (feed, frames) = Self.feed()
        feed.setClock(.stopped(at: 0.3))
        #expect(feed.frame(at: 0, request: nil).frame === frames[3])
        #expect(feed.frame(at: 0, request: nil).nextTime == nil)
        feed.flush()
        // The frame shown stays after a flush, until a new one comes.
        #expect(feed.frame(at: 0, request: nil).frame === frames[3])
        let prerolled = Self.frame(at: 7)
        feed.enqueue(prerolled)
        feed.setClock(.stopped(at: nil))
        #expect(feed.frame(at: 0, request: nil).frame === prerolled)
        #expect(feed.statistics.dropped == 4)
    }

    @Test func aFullFeedLosesItsOldestAndAnEarlierFrameReplacesLaterOnes() {
        let (feed, frames) = Self.feed(capacity: 3)
        #expect(feed.statistics.dropped == 2)
        #expect(feed.frame(at: 0, request: nil).frame === frames[2])
        let earlier = Self.frame(at: 0.05)
        feed.enqueue(earlier)
        feed.setClock(.running(offset: 0))
        #expect(feed.frame(at: 10, request: nil).frame === earlier)
        #expect((feed.statistics.received, feed.statistics.shown, feed.statistics.dropped) == (6, 2, 4))
    }

    @Test func clearingShowsNothing() {
        let (feed, _) = Self.feed()
        #expect(feed.hasFrame)
        #expect(feed.presentationSize == CGSize(width: 2, height: 2))
        feed.clear()
        #expect(!feed.hasFrame)
        #expect(feed.frame(at: 0, request: nil).frame == nil)
        #expect(feed.presentationSize == .zero)
    }

    /// A frame that waits alone, or a new clock, wakes the renderers that asked; a frame behind
    /// others waiting does not (the renderer wakes when the first is due, and learns of the next).
    @Test func framesWaitingAloneAndNewClocksWakeTheRenderersThatAsked() {
        let feed = VideoFeed()
        let (requests, firsts) = (Locked(0), Locked(0))
        feed.onFirstFrame { firsts.withLock { $0 += 1 } }
        let request = FrameRequest { requests.withLock { $0 += 1 } }
        _ = feed.frame(at: 0, request: request)
        feed.enqueue(Self.frame(at: 0))
        feed.enqueue(Self.frame(at: 0.1))
        #expect(requests.withLock { $0 } == 1)
        feed.setClock(.running(offset: 0))
        feed.setClock(.running(offset: 0))
        #expect(requests.withLock { $0 } == 2)
        // Both shown or passed over: the next frame waits alone.
        #expect(feed.frame(at: 1, request: request).nextTime == nil)
        feed.enqueue(Self.frame(at: 0.2))
        #expect(requests.withLock { $0 } == 3)
        #expect(firsts.withLock { $0 } == 1)
    }
}
