import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore
@testable import SceneMedia

extension PlaybackSuites {
    @Suite struct ObservationTests {
        @Test func initialThenNewValuesOnTheMainQueue() async throws {
            let item = AVPlayerItem(url: try Clips.url())
            let seen = Locked<[(AVPlayerItem.Status?, Bool)]>([])
            let observation = item.observe(\.status, options: [.initial, .new]) { observed, change in
                #expect(observed === item && change.kind == .setting && change.oldValue == nil)
                seen.withLock { $0.append((change.newValue, isOnMainQueue())) }
            }
            let player = AVPlayer(playerItem: item)
            #expect(await waitUntil { seen.withLock { $0.count } == 2 })
            let values = seen.withLock { $0 }
            #expect(values.map(\.0) == [.unknown, .readyToPlay])
            #expect(values[1].1)
            observation.invalidate()
            _ = player
        }

        /// A change the app makes notifies before the setter returns, on its thread: prior, then
        /// after, with the old and new values.
        @Test func priorAndOldValuesOfAnAppChange() async throws {
            let player = AVPlayer()
            let changes = Locked<[String]>([])
            let rate = player.observe(\.rate, options: [.old, .new, .prior]) { _, change in
                changes.withLock {
                    $0.append(
                        "\(change.isPrior ? "prior" : "after") \(String(describing: change.oldValue)) \(String(describing: change.newValue))"
                    )
                }
            }
            let status = player.observe(\.timeControlStatus, options: [.new]) { _, change in
                changes.withLock { $0.append("status \(String(describing: change.newValue))") }
            }
            player.play()
            #expect(
                changes.withLock { $0 } == [
                    "prior Optional(0.0) nil", "after Optional(0.0) Optional(1.0)",
                    "status Optional(SceneMedia.AVPlayer.TimeControlStatus.waitingToPlayAtSpecifiedRate)",
                ])
            rate.invalidate()
            status.invalidate()
            player.pause()
            #expect(changes.withLock { $0.count } == 3)
        }

        @Test func anObservationReleasedStopsAndAnUnobservablePathIsRefused() async throws {
            let player = AVQueuePlayer()
            let count = Locked(0)
            var observation: NSKeyValueObservation? = player.observe(\.rate) { _, _ in count.withLock { $0 += 1 } }
            player.rate = 0.5
            #expect(count.withLock { $0 } == 1)
            observation = nil
            player.rate = 0
            #expect(count.withLock { $0 } == 1 && observation == nil)
            let (refused, messages) = Diagnostics.capturing {
                player.observe(\.volume) { _, _ in count.withLock { $0 += 1 } }
            }
            player.volume = 0.2
            #expect(count.withLock { $0 } == 1 && messages.contains { $0.contains("not an observable property") })
            refused.invalidate()
        }
    }

    @Suite struct ResourceTests {
        /// The process's threads now.
        private func threadCount() -> Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
        }

        /// Players released while playing stop their pipelines: the thread count goes back to
        /// what it was before them.
        @Test func playersReleasedWhilePlayingLeaveNoThreads() async throws {
            let url = try Clips.url()
            func playAndRelease(_ count: Int) async {
                var players: [AVPlayer] = []
                for _ in 0..<count {
                    let feed = VideoFeed()
                    let player = AVPlayer(url: url)
                    player.attach(feed)
                    player.play()
                    players.append(player)
                }
                let started = players
                _ = await waitUntil { started.allSatisfy { $0.timeControlStatus == .playing } }
                players.removeAll()
            }
            // One round first, so that the threads GStreamer keeps for good exist.
            await playAndRelease(1)
            try await Task.sleep(for: .milliseconds(200))
            let baseline = threadCount()
            await playAndRelease(3)
            let back = await waitUntil(timeout: .seconds(20), polling: .milliseconds(50)) { threadCount() <= baseline }
            #expect(back, "\(threadCount()) threads, \(baseline) before")
        }
    }
}
