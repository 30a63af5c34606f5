import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore
@testable import SceneMedia

extension PlaybackSuites {
    @Suite struct PlayerItemTests {
        @Test func generatedClipIsReadyWithItsDurationAndSize() async throws {
            let url = try Clips.url(Clips.Spec(width: 160, height: 120, framesPerSecond: 30, frameCount: 30))
            let item = AVPlayerItem(url: url)
            #expect(item.status == .unknown && item.duration.isIndefinite && item.presentationSize == .zero)
            let player = await loadedPlayer(item)
            #expect(item.status == .readyToPlay)
            #expect(player.status == .readyToPlay)
            #expect(item.duration == CMTimeMake(value: 1, timescale: 1))
            #expect(await waitUntil { item.presentationSize == CGSize(width: 160, height: 120) })
            #expect(item.error == nil && player.error == nil)
            #expect(player.currentItem === item && item.currentTime() == .zero)
            #expect((item.asset as? AVURLAsset)?.url == url)
            #expect(item.asset.duration == CMTimeMake(value: 1, timescale: 1))
        }

        @Test func otherSizesAndCodecs() async throws {
            for spec in [
                Clips.Spec(codec: .theora, width: 96, height: 64, framesPerSecond: 10, frameCount: 10),
                Clips.Spec(codec: .vp8, width: 128, height: 96, framesPerSecond: 20, frameCount: 10),
            ] {
                let item = AVPlayerItem(url: try Clips.url(spec))
                let player = await loadedPlayer(item)
                #expect(player.status == .readyToPlay)
                #expect(abs(item.duration.seconds - spec.duration) < 0.001)
                #expect(
                    await waitUntil {
                        item.presentationSize == CGSize(width: spec.width, height: spec.height)
                    })
            }
        }

        @Test func anItemPlaysInOnePlayerOnly() async throws {
            let item = AVPlayerItem(url: try Clips.url())
            let first = AVPlayer(playerItem: item)
            let (second, messages) = Diagnostics.capturing { AVPlayer(playerItem: item) }
            #expect(second.currentItem == nil && first.currentItem === item)
            #expect(messages.contains { $0.contains("second player") })
        }
    }
}
