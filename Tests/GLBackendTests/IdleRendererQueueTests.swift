import Foundation
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import GLBackend

/// A renderer that does not draw for a while keeps about what the tree holds, not every commit
/// made meanwhile (`CommitQueue` folds them, `LayerTreeCommit.coalesced`).
@Suite(.tags(.scale)) struct IdleRendererQueueTests {
    /// 40,000 commits to an idle `OffscreenRenderer`, each moving a layer (with its implicit
    /// animation) and recolouring another: before, all were queued (+135–192 MB) and the next
    /// frame applied them one by one (3–5 s). Now at most `2 × foldingThreshold` wait (1,000 is
    /// checked), and the next frame takes under a second and shows the last values.
    @Test func fortyThousandCommitsToAnIdleRendererAreFolded() throws {
        let renderer = try OffscreenRenderer(width: 32, height: 32)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
        let moving = CALayer()
        moving.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        moving.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let tinted = CALayer()
        tinted.frame = CGRect(x: 16, y: 16, width: 16, height: 16)
        root.addSublayer(moving)
        root.addSublayer(tinted)
        _ = try renderer.render(root)
        for i in 0..<40_000 {
            moving.position = CGPoint(x: 4 + Double(i % 20), y: 4)
            CATransaction.setDisableActions(true)
            tinted.backgroundColor = CGColor(red: 0, green: Double(i % 256) / 255, blue: 1, alpha: 1)
            CATransaction.flush()
            // Twice the threshold, or more while other tests' commits (every sink receives
            // them) attach transitions, which do not fold.
            #expect(renderer.queuedCommits <= 1_000)
        }
        let start = ContinuousClock.now
        let image = try renderer.render(root, at: CACurrentMediaTime() + 10)
        #expect(ContinuousClock.now - start < .seconds(timeBudget(1)))
        // The last commit: green 39,999 % 256 = 63.
        let (_, g, b, _) = image.pixel(x: 24, y: 24)
        #expect(g == 63 && b == 255)
        // The last position, its animation over: x = 4 + 19.
        #expect(image.pixel(x: 23 + 3, y: 4).r == 255 && image.pixel(x: 23 + 5, y: 4).r == 0)
    }
}
