import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// An animation's life as the render side reports it (Apple's CAAnimation documentation, Apple's CATransaction documentation and Apple's CAMediaTiming documentation):
/// the delegate hears `animationDidStart` and then `animationDidStop(finished: true)` once
/// each; removal and replacement give `finished: false`; finished animations leave the model
/// unless `isRemovedOnCompletion` is false; transaction completion blocks wait for every
/// animation added in the transaction. Time is driven by a `RenderTree` fed from a sink.
///
/// Serialized and on the main actor: events are handled on the main queue. To check that
/// something did not happen, a test drains the main queue (`drainMainQueue()`) instead of sleeping.
@Suite(.serialized, .tags(.threads)) @MainActor struct AnimationLifecycleTests {
    @Test func theDelegateHearsStartAndStopOnceEach() async {
        let driver = RenderDriver()
        let log = DelegateLog()
        driver.clock.add(basic("position.x", from: 0, to: 100, duration: 2) { $0.delegate = log }, forKey: "a")
        driver.seek(to: 100)
        #expect(await waitUntil { log.calls == ["start"] })
        driver.seek(to: 101)
        #expect(driver.treePositionX == 50)
        driver.seek(to: 102)
        #expect(await waitUntil { log.calls == ["start", "stop(true)"] })
        #expect(driver.layer.animationKeys() == nil)
        #expect(driver.layer.animation(forKey: "a") == nil)
        #expect(driver.treePositionX == 40)
        driver.seek(to: 103)
        #expect(await drainMainQueue())
        #expect(log.calls == ["start", "stop(true)"])
        #expect(driver.layer.presentation()?.position.x == 40)
    }

    @Test func aLayerReleasedWithARunningAnimationTakesTheAnimationAlong() {
        weak var added: CAAnimation?
        do {
            let layer = CALayer()
            layer.add(basic("opacity", from: 0, to: 1), forKey: "fade")
            CATransaction.flush()
            added = layer.animation(forKey: "fade")
            #expect(added != nil)
        }
        #expect(added == nil, "nothing holds the added copy once its layer is gone")
    }

    @Test func anAnimationSkippedOverStillStartsBeforeItStops() async {
        let driver = RenderDriver()
        let log = DelegateLog()
        driver.clock.add(basic("position.x", from: 0, to: 100, duration: 1) { $0.delegate = log }, forKey: "a")
        driver.seek(to: 105)  // the first frame is already past the end
        #expect(await waitUntil { log.calls == ["start", "stop(true)"] })
    }

    @Test func removalStopsWithFinishedFalse() async {
        let driver = RenderDriver()
        let log = DelegateLog()
        driver.clock.add(basic("position.x", from: 0, to: 100, duration: 2) { $0.delegate = log }, forKey: "a")
        driver.seek(to: 101)
        driver.layer.removeAnimation(forKey: "a")
        driver.seek(to: 101)
        #expect(await waitUntil { log.calls == ["start", "stop(false)"] })
        #expect(driver.treePositionX == 40)
        driver.seek(to: 103)
        #expect(await drainMainQueue())
        #expect(log.calls == ["start", "stop(false)"])
    }

    @Test func replacementStopsTheOldAnimationWithFinishedFalse() async {
        let driver = RenderDriver()
        let old = DelegateLog()
        let new = DelegateLog()
        driver.clock.add(basic("position.x", from: 0, to: 100, duration: 2) { $0.delegate = old }, forKey: "a")
        driver.seek(to: 101)
        driver.clock.add(basic("position.x", from: 200, to: 300, duration: 2) { $0.delegate = new }, forKey: "a")
        driver.seek(to: 102)
        #expect(await waitUntil { old.calls == ["start", "stop(false)"] && new.calls == ["start"] })
        #expect(driver.treePositionX == 250)
    }

    @Test func keepingAFinishedAnimationHoldsItsEndValue() async {
        let driver = RenderDriver()
        let log = DelegateLog()
        driver.clock.add(
            basic("position.x", from: 0, to: 100, duration: 2) {
                $0.delegate = log
                $0.isRemovedOnCompletion = false
                $0.fillMode = .forwards
            }, forKey: "a")
        driver.seek(to: 100)
        driver.seek(to: 102)
        #expect(await waitUntil { log.calls == ["start", "stop(true)"] })
        driver.seek(to: 110)
        #expect(driver.layer.animationKeys() == ["a"])
        #expect(driver.layer.animation(forKey: "a") != nil)
        #expect(driver.treePositionX == 100)
        #expect(driver.layer.presentation()?.position.x == 100)
        #expect(driver.layer.position.x == 40)  // the model is unchanged
    }

    @Test func theCompletionBlockWaitsForEveryAnimationOfTheTransaction() async {
        let driver = RenderDriver()
        let done = Flag()
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setCompletionBlock { done.set() }
        driver.layer.add(basic("position.x", from: 0, to: 100, duration: 1), forKey: "short")
        driver.layer.add(basic("position.y", from: 0, to: 100, duration: 2), forKey: "long")
        CATransaction.commit()
        CATransaction.flush()
        driver.seek(to: 101)  // the short one finishes
        #expect(await drainMainQueue())
        #expect(!done.value)
        #expect(driver.layer.animationKeys() == ["long"])
        driver.seek(to: 102)
        #expect(await waitUntil { done.value })
    }

    @Test func theCompletionBlockRunsWhenItsAnimationIsRemoved() async {
        let driver = RenderDriver()
        let done = Flag()
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setCompletionBlock { done.set() }
        driver.layer.add(basic("position.x", from: 0, to: 100, duration: 10), forKey: "a")
        CATransaction.commit()
        CATransaction.flush()
        driver.seek(to: 101)
        #expect(await drainMainQueue())
        #expect(!done.value)
        driver.layer.removeAnimation(forKey: "a")
        CATransaction.flush()
        #expect(await waitUntil { done.value })
    }

    @Test func withoutAnimationsTheCompletionBlockRunsOnTheNextTurn() async {
        let driver = RenderDriver()
        let done = Flag()
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setCompletionBlock { done.set() }
        driver.layer.name = "changed"  // a change, but not of an animatable property
        CATransaction.commit()
        #expect(!done.value)
        #expect(driver.layer.animationKeys() == nil)
        #expect(await waitUntil { done.value })
    }

    @Test func anImplicitAnimationOfTheTransactionHoldsTheBlock() async {
        let driver = RenderDriver()
        let done = Flag()
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setCompletionBlock { done.set() }
        driver.layer.position = CGPoint(x: 1, y: 1)
        CATransaction.commit()
        CATransaction.flush()
        #expect(driver.layer.animationKeys() == ["position"])
        driver.seek(to: 100.5)
        #expect(await drainMainQueue())
        #expect(!done.value)
        driver.seek(to: 101)
        #expect(await waitUntil { done.value })
        #expect(driver.layer.animationKeys() == nil)
    }

    @Test func animationsAddedAfterTheCommitDoNotHoldTheBlock() async {
        let driver = RenderDriver()
        let done = Flag()
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setCompletionBlock { done.set() }
        CATransaction.commit()
        CATransaction.flush()
        driver.clock.add(basic("position.x", from: 0, to: 100, duration: 10), forKey: "later")
        #expect(await waitUntil { done.value })
        #expect(driver.layer.animationKeys() == ["later"])
    }
}

/// A paused layer (time 100, model position (40, 3)) attached to a sink, and a render tree
/// fed from that sink: `seek(to:)` moves the layer's time, applies the new commits,
/// evaluates the tree and hands the layer's events to `AnimationEventCenter`.
@MainActor private final class RenderDriver {
    let clock = ManualClock(at: 100) { $0.position = CGPoint(x: 40, y: 3) }
    private let sink = RecordingSink()
    private var tree = RenderTree()
    private var applied = 0

    var layer: CALayer { clock.layer }

    init() { CommitDistributor.shared.attach(sink, root: clock.layer) }

    isolated deinit { CommitDistributor.shared.detach(sink) }

    func seek(to time: Double) {
        clock.seek(to: time)
        let commits = sink.commits(since: applied)
        applied += commits.count
        for commit in commits { tree.apply(commit) }
        let tick = tree.evaluateAnimations(at: CACurrentMediaTime())
        AnimationEventCenter.shared.handle(tick.events.filter { $0.layer == layer.layerID })
    }

    /// The position.x the render tree shows for the layer.
    var treePositionX: CGFloat? { tree[layer.layerID]?.properties.position.x }
}

/// A flag set from any thread.
private final class Flag: Sendable {
    private let state = Locked(false)
    func set() { state.withLock { $0 = true } }
    var value: Bool { state.withLock { $0 } }
}
