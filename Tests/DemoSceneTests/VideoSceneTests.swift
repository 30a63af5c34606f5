import Foundation
import GLBackend
import SceneCore
import SceneCoreTestSupport
import SceneMedia
import Testing

@testable import demo_window

/// The video scenes: what they build, what their keys and clicks do to the player, and the
/// card's picture rendered headlessly. Their clips are made once into a folder of the test's own.
@Suite(.serialized) struct VideoSceneTests {
    static let options: SceneOptions = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "VideoSceneTests-\(ProcessInfo.processInfo.processIdentifier)")
        setenv("XDG_CACHE_HOME", folder.path, 1)
        return SceneOptions(size: CGSize(width: 640, height: 400))
    }()

    @Test func theCardPlaysALoopOverItsReflectionAndTheKeysDriveThePlayer() async throws {
        let root = VideoScene.make(Self.options)
        let card = try #require(root.descendant(named: "card") as? AVPlayerLayer)
        let stage = try #require(root.descendant(named: "stage") as? CAReplicatorLayer)
        #expect(card.superlayer === stage && stage.instanceCount == 2)
        #expect(card.masksToBounds && card.cornerRadius == 22 && card.mask is CAGradientLayer)
        #expect(card.videoGravity == .resizeAspectFill)
        let player = try #require(card.player as? AVQueuePlayer)
        #expect(await waitUntil { player.currentItem?.status == .readyToPlay })
        #expect(await waitUntil { card.isReadyForDisplay })
        #expect(player.rate == 1)
        #expect(VideoScene.key(root, "p") == "video: paused")
        #expect(player.rate == 0)
        #expect(VideoScene.key(root, "]")?.hasPrefix("video: seek to ") == true)
        #expect(await waitUntil { player.currentTime().seconds >= 4.9 })
        #expect(VideoScene.key(root, "0") == "video: start over")
        #expect(await waitUntil { player.currentTime().seconds < 0.1 })
        #expect(VideoScene.key(root, "x") == nil)
        // A click half-way along the bar seeks to the middle of the 10 s clip.
        let bar = try #require(root.descendant(named: "scrubber"))
        let middle = CGPoint(x: bar.frame.midX, y: bar.frame.midY)
        #expect(VideoScene.click(root, bar, middle) == "video: seek to 5.0 s")
        #expect(await waitUntil { abs(player.currentTime().seconds - 5) < 0.05 })
        // The card shows the clip's colour bars: across its upper half (it is 231x130 at 640x400,
        // its top at y 44, turned a little about y), strongly coloured pixels.
        let image = try render(root)
        let saturated = stride(from: 240, through: 400, by: 8).filter { x in
            let p = image.pixel(x: x, y: 80)
            return Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) > 150
        }
        #expect(saturated.count >= 8, "\(saturated)")
    }

    @Test func theWallHoldsSixteenPlayersEachPlayingItsOwnCopy() async throws {
        let root = VideoWallScene.make(Self.options)
        let tiles = (0..<16).compactMap { root.descendant(named: "video-\($0)") as? AVPlayerLayer }
        #expect(tiles.count == 16)
        let players = tiles.compactMap(\.player)
        #expect(Set(players.map(ObjectIdentifier.init)).count == 16)
        #expect(await waitUntil { tiles.allSatisfy(\.isReadyForDisplay) })
        #expect(players.allSatisfy { $0.rate == 1 })
    }
}
