import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore
@testable import SceneMedia

extension PlaybackSuites {
    /// Playback measured against the wall clock, with bounds loose enough for a loaded machine.
    @Suite struct PlaybackTimingTests {
        @Test func playingToTheEndNotifiesAtTheDuration() async throws {
            let recorder = FrameRecorder()
            let item = AVPlayerItem(url: try Clips.url())
            let player = await loadedPlayer(item, feed: recorder.feed)
            let ended = NotificationRecorder(.AVPlayerItemDidPlayToEndTime, object: item)
            let start = CACurrentMediaTime()
            player.play()
            // Waiting for the pipeline to play, or playing already (a fast start).
            #expect(
                player.rate == 1
                    && [.waitingToPlayAtSpecifiedRate, .playing].contains(player.timeControlStatus))
            #expect(await waitUntil { player.timeControlStatus == .playing })
            #expect(await waitUntil(timeout: .seconds(5)) { ended.count == 1 })
            recorder.stop()
            let elapsed = (ended.first ?? .infinity) - start
            #expect(elapsed > 0.95 && elapsed < 1.5, "ended after \(elapsed) s")
            #expect(ended.allOnMain)
            // actionAtItemEnd .pause (a player's default): paused at the end.
            #expect(await waitUntil { player.rate == 0 && player.timeControlStatus == .paused })
            #expect(player.currentTime() == CMTimeMake(value: 1, timescale: 1))
            // Every frame was delivered, in order, a frame duration apart.
            let frames = recorder.recorded
            #expect(frames.map(\.number) == Array(0..<30))
            #expect(framesAreContinuous(frames, count: 30, frameDuration: 1.0 / 30))
            #expect(await drainMainQueue())
            #expect(ended.count == 1)
        }

        @Test func rateTwoPlaysTwiceAsFast() async throws {
            let recorder = FrameRecorder()
            let item = AVPlayerItem(url: try Clips.url())
            let player = await loadedPlayer(item, feed: recorder.feed)
            let ended = NotificationRecorder(.AVPlayerItemDidPlayToEndTime, object: item)
            let start = CACurrentMediaTime()
            player.rate = 2
            #expect(await waitUntil(timeout: .seconds(5)) { ended.count == 1 })
            recorder.stop()
            let elapsed = (ended.first ?? .infinity) - start
            #expect(elapsed > 0.45 && elapsed < 0.9, "ended after \(elapsed) s")
            // Running time advances half a frame duration per frame.
            let frames = recorder.recorded.filter { $0.number != nil }
            let steps = zip(frames, frames.dropFirst()).map { $1.time - $0.time }.sorted()
            #expect(!steps.isEmpty && abs(steps[steps.count / 2] - 1.0 / 60) < 0.001)
        }

        /// Rate −1 plays backwards (Motion JPEG in AVI: GStreamer can), the frames' running time
        /// still advancing one frame duration per frame.
        @Test func negativeRatePlaysBackwards() async throws {
            let recorder = FrameRecorder()
            let player = await loadedPlayer(AVPlayerItem(url: try Clips.url()), feed: recorder.feed)
            #expect(await seekExactly(player, to: CMTimeMake(value: 25, timescale: 30)))
            player.rate = -1
            #expect(await waitUntil { player.currentTime().seconds < 0.5 })
            recorder.stop()
            #expect(player.rate == -1)
            let frames = Array(recorder.recorded.drop { $0.number != 25 })
            #expect(frames.count >= 5)
            for (a, b) in zip(frames, frames.dropFirst()) {
                #expect(b.number == a.number.map { $0 - 1 } && abs(b.time - a.time - 1.0 / 30) < 0.001)
            }
        }

        @Test func actionAtItemEndNoneKeepsTheRate() async throws {
            let item = AVPlayerItem(url: try Clips.url(Clips.Spec(frameCount: 10)))
            let player = await loadedPlayer(item)
            player.actionAtItemEnd = .none
            let ended = NotificationRecorder(.AVPlayerItemDidPlayToEndTime, object: item)
            player.play()
            #expect(await waitUntil(timeout: .seconds(5)) { ended.count == 1 })
            #expect(await drainMainQueue())
            #expect(player.rate == 1)
            let messages = Diagnostics.capturing { player.actionAtItemEnd = .advance }
            #expect(player.actionAtItemEnd == .none && messages.contains { $0.contains("AVQueuePlayer only") })
        }

        @Test func periodicObserverFiresAtTheInterval() async throws {
            let player = await loadedPlayer(AVPlayerItem(url: try Clips.url()))
            let times = Locked<[Double]>([])
            let onMain = Locked(true)
            let token = player.addPeriodicTimeObserver(forInterval: CMTimeMake(value: 1, timescale: 10), queue: nil) {
                time in
                times.withLock { $0.append(time.seconds) }
                if !isOnMainQueue() { onMain.withLock { $0 = false } }
            }
            player.play()
            #expect(await waitUntil(timeout: .seconds(5)) { player.rate == 0 })
            #expect(await drainMainQueue())
            player.removeTimeObserver(token)
            let fired = times.withLock { $0 }
            // Time runs from 0 to 1: the multiples 0.1 ... 0.9 (1.0 is where time stops, which
            // fires as the stop), each within 50 ms of its multiple.
            let inside = fired.filter { $0 > 0.05 && $0 < 0.95 }
            #expect(inside.count >= 8 && inside.count <= 10, "fired at \(fired)")
            #expect(inside.allSatisfy { abs($0 * 10 - ($0 * 10).rounded()) < 0.5 }, "fired at \(fired)")
            #expect(onMain.withLock { $0 })
            // Removed: no more calls.
            let count = fired.count
            #expect(await seekExactly(player, to: .zero))
            #expect(await drainMainQueue())
            #expect(times.withLock { $0.count } == count)
        }

        @Test func boundaryObserverFiresOncePerBoundary() async throws {
            let player = await loadedPlayer(AVPlayerItem(url: try Clips.url()))
            let queue = DispatchQueue(label: "boundaries")
            let crossed = Locked<[Double]>([])
            let boundaries = [0.25, 0.5, 0.75].map { NSValue(time: CMTime(seconds: $0, preferredTimescale: 600)) }
            let token = player.addBoundaryTimeObserver(forTimes: boundaries, queue: queue) {
                let now = player.currentTime().seconds
                crossed.withLock { $0.append(now) }
            }
            player.play()
            #expect(await waitUntil(timeout: .seconds(5)) { player.rate == 0 })
            queue.sync {}
            let times = crossed.withLock { $0 }
            #expect(times.count == 3, "crossed at \(times)")
            for (time, boundary) in zip(times, [0.25, 0.5, 0.75]) {
                #expect(abs(time - boundary) < 0.08, "boundary \(boundary) fired at \(time)")
            }
            player.removeTimeObserver(token)
        }
    }
}
