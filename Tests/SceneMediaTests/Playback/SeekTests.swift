import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore
@testable import SceneMedia

extension PlaybackSuites {
    @Suite struct SeekTests {
        /// An exact seek while paused shows the frame at that time (read back from its picture),
        /// forwards and backwards, for a clip of key frames only (to each frame's own time) and one
        /// with few (to the middle of a frame: WebM keeps times in milliseconds, so a frame may
        /// end a fraction of a millisecond after the next one starts).
        @Test(arguments: [TestClip.Codec.motionJPEG, .vp8])
        func exactSeekShowsTheFrameAtTheTime(codec: TestClip.Codec) async throws {
            let spec = Clips.Spec(codec: codec, framesPerSecond: 30, frameCount: 30)
            let feed = VideoFeed()
            let player = await loadedPlayer(AVPlayerItem(url: try Clips.url(spec)), feed: feed)
            #expect(await waitUntil { shownFrameNumber(feed) == 0 })
            let middle = codec == .vp8 ? 1 : 0
            for frame in [17, 3, 29, 12] {
                let time = CMTimeMake(value: Int64(2 * frame + middle), timescale: 60)
                #expect(await seekExactly(player, to: time))
                let shown = await waitUntil(timeout: .seconds(2)) { shownFrameNumber(feed) == frame }
                #expect(shown, "seek to frame \(frame) shows \(String(describing: shownFrameNumber(feed)))")
                #expect(abs(player.currentTime().seconds - time.seconds) < 0.000_001)
            }
            // Between two frames' times: the frame showing then.
            #expect(await seekExactly(player, to: CMTime(seconds: 0.51, preferredTimescale: 600)))
            #expect(await waitUntil { shownFrameNumber(feed) == 15 })
        }

        @Test func aFeedAttachedLaterGetsTheCurrentFrameAndDetachClearsIt() async throws {
            let player = await loadedPlayer(AVPlayerItem(url: try Clips.url()))
            #expect(await seekExactly(player, to: CMTimeMake(value: 8, timescale: 30)))
            let feed = VideoFeed()
            player.attach(feed)
            #expect(await waitUntil { shownFrameNumber(feed) == 8 })
            player.detach(feed)
            #expect(!feed.hasFrame)
        }

        @Test func aSeekInterruptedByAnotherFinishesFalse() async throws {
            let feed = VideoFeed()
            let player = await loadedPlayer(AVPlayerItem(url: try Clips.url()), feed: feed)
            let results = Locked<[Int: Bool]>([:])
            player.seek(to: CMTimeMake(value: 5, timescale: 30), toleranceBefore: .zero, toleranceAfter: .zero) {
                done in
                results.withLock { $0[5] = done }
            }
            player.seek(to: CMTimeMake(value: 20, timescale: 30), toleranceBefore: .zero, toleranceAfter: .zero) {
                done in
                results.withLock { $0[20] = done }
            }
            #expect(player.currentTime() == CMTimeMake(value: 20, timescale: 30))
            #expect(await waitUntil { results.withLock { $0.count } == 2 })
            #expect(results.withLock { $0 } == [5: false, 20: true])
            #expect(await waitUntil { shownFrameNumber(feed) == 20 })
        }

        /// A seek with tolerance lands on a key frame: every Motion JPEG frame is one.
        @Test func toleratedSeekLandsOnAKeyFrame() async throws {
            let feed = VideoFeed()
            let player = await loadedPlayer(AVPlayerItem(url: try Clips.url()), feed: feed)
            let done = Locked(false)
            player.seek(to: CMTimeMake(value: 41, timescale: 120)) { _ in done.withLock { $0 = true } }
            #expect(await waitUntil { done.withLock { $0 } })
            let shown = await waitUntil(timeout: .seconds(2)) { shownFrameNumber(feed) == 10 }
            #expect(shown, "shows \(String(describing: shownFrameNumber(feed)))")
        }
    }
}
