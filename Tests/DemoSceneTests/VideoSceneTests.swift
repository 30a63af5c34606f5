import Foundation
import GLBackend
import SceneCore
import SceneCoreTestSupport
import SceneMedia
import Testing

@testable import demo_window

/// The video scenes: what they build, what their keys and clicks do to the player, and the
/// card's picture rendered headlessly. Their clips are the demo's, made once into the user's cache.
@Suite(.serialized) struct VideoSceneTests {
    static let options = SceneOptions(size: CGSize(width: 640, height: 400))

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
        // its top at y 44, turned a little about y), strongly coloured pixels. (Rendered until
        // they show: a seek empties the card's feed until its first frame comes.)
        let renderer = try OffscreenRenderer(width: 640, height: 400)
        nonisolated(unsafe) let scene = root
        let showsBars = await waitUntil { Self.saturatedPixels(in: try? renderer.render(scene)) >= 8 }
        #expect(showsBars, "\(String(describing: card.videoContent?.feed.statistics))")
    }

    /// How many pixels of row 80, x 240...400 in steps of 8, are strongly coloured.
    static func saturatedPixels(in image: RenderedImage?) -> Int {
        guard let image else { return 0 }
        return stride(from: 240, through: 400, by: 8).filter { x in
            let p = image.pixel(x: x, y: 80)
            return Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) > 150
        }.count
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
