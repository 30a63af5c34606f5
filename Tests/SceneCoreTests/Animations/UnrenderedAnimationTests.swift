import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Animations of committed layers that no renderer shows start and finish by the media clock, as
/// on Apple platforms: delegates, removal and completion blocks happen on the main queue at the
/// times they would with a window (`UnrenderedAnimations`).
@Suite(.serialized, .tags(.threads)) @MainActor struct UnrenderedAnimationTests {
    @Test func aHeadlessAnimationStartsAndFinishesOnTime() async {
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position = CGPoint(x: 40, y: 0)
        CATransaction.commit()
        let log = DelegateLog()
        let finishedAt = Locked<Double?>(nil)
        let added = CACurrentMediaTime()
        CATransaction.begin()
        CATransaction.setCompletionBlock { finishedAt.withLock { $0 = CACurrentMediaTime() } }
        layer.add(basic("position.x", from: 0, to: 100, duration: 0.3) { $0.delegate = log }, forKey: "move")
        CATransaction.commit()

        #expect(await waitUntil(timeout: .seconds(60)) { log.calls == ["start"] || log.calls.count == 2 })
        #expect(await waitUntil(timeout: .seconds(60)) { finishedAt.withLock { $0 } != nil })
        #expect(log.calls == ["start", "stop(true)"])
        let elapsed = (finishedAt.withLock { $0 } ?? 0) - added
        #expect(elapsed >= 0.3, "the completion block waits for the animation's end")
        // Not held for anything else (a later commit, another animation). How soon depends on the
        // machine: the main queue needs the layer lock to report the end, and suites running beside
        // this one commit or hit-test 100,000 layers holding it for seconds at a time; a plain
        // `swift test` on two loaded cores (the window tests beside) measured 12 s, and 32 s with
        // three more builds running on the machine.
        #expect(elapsed < 0.3 + timeBudget(45), "and runs soon after it: \(elapsed) s")
        #expect(layer.animationKeys() == nil, "a finished animation leaves the model")
    }

    @Test func anAnimationThatIsNotRemovedStaysAfterItFinishes() async {
        let layer = CALayer()
        CATransaction.flush()
        let log = DelegateLog()
        layer.add(
            basic("opacity", from: 1, to: 0, duration: 0.1) {
                $0.delegate = log
                $0.isRemovedOnCompletion = false
                $0.fillMode = .forwards
            }, forKey: "fade")
        CATransaction.flush()
        #expect(await waitUntil(timeout: .seconds(30)) { log.calls == ["start", "stop(true)"] })
        #expect(layer.animationKeys() == ["fade"])
        #expect(layer.presentation()?.opacity == 0)
    }

    @Test func aTreeARendererShowsHearsOnlyThatRenderersFrames() async {
        let layer = CALayer()
        let renderer = FramelessRenderer()
        CommitDistributor.shared.attach(renderer, root: layer)
        defer { CommitDistributor.shared.detach(renderer) }
        let log = DelegateLog()
        layer.add(basic("position.x", from: 0, to: 100, duration: 0.05) { $0.delegate = log }, forKey: "a")
        CATransaction.flush()
        // What is checked is that nothing happens while the media clock passes the animation's
        // end, so real time has to pass: there is no condition to wait for.
        try? await Task.sleep(for: .milliseconds(300))
        #expect(await drainMainQueue())
        #expect(log.calls.isEmpty, "the renderer showing the tree drew no frame, so nothing started")
        #expect(layer.animationKeys() == ["a"])
    }
}

/// A renderer that receives commits and never draws a frame.
private final class FramelessRenderer: CommitSink {
    func enqueue(_ commit: LayerTreeCommit) {}
}
