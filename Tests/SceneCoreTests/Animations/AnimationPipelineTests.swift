import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// End-to-end checks of the path from `add(_:forKey:)` to the render tree's evaluation.
@Suite struct AnimationPipelineTests {
    /// A committed 10x10 layer whose time a manual clock holds at `pausedAt`, and a sink that
    /// receives the layer's commits, for a render tree.
    func pausedLayer(at pausedAt: Double) -> (ManualClock, RecordingSink) {
        let clock = ManualClock(at: pausedAt) { $0.bounds = CGRect(x: 0, y: 0, width: 10, height: 10) }
        let sink = RecordingSink()
        CommitDistributor.shared.attach(sink, root: clock.layer)
        return (clock, sink)
    }

    @Test func basicAnimationEvaluatesOnTheRenderTreeAndInPresentation() {
        let (clock, sink) = pausedLayer(at: 10)
        let layer = clock.layer
        defer { CommitDistributor.shared.detach(sink) }
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = 0
        animation.toValue = 100
        animation.duration = 4
        layer.add(animation, forKey: "move")
        CATransaction.flush()
        #expect(layer.animation(forKey: "move")?.beginTime == 10)
        clock.seek(to: 11)
        #expect(layer.presentation()?.position.x == 25)
        var tree = RenderTree()
        for commit in sink.commits { tree.apply(commit) }
        _ = tree.evaluateAnimations(at: CACurrentMediaTime())
        #expect(tree[layer.layerID]?.properties.position.x == 25)
        #expect(tree[layer.layerID]?.model.position.x == 0)
    }

    @Test func colourAnimationsEvaluateToPlainValuesOnTheRenderSideAndToCGColorInPresentation() {
        let (clock, sink) = pausedLayer(at: 0)
        let layer = clock.layer
        defer { CommitDistributor.shared.detach(sink) }
        let animation = CABasicAnimation(keyPath: "backgroundColor")
        animation.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        animation.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        animation.duration = 2
        layer.add(animation, forKey: "tint")
        CATransaction.flush()
        clock.seek(to: 0.5)
        var tree = RenderTree()
        for commit in sink.commits { tree.apply(commit) }
        _ = tree.evaluateAnimations(at: CACurrentMediaTime())
        let shown = tree[layer.layerID]?.properties
        #expect(shown?.shownBackgroundColor == RGBA(r: 0.75, g: 0, b: 0.25, a: 0.875))
        #expect(shown?.backgroundColor == nil, "the model colour is untouched; no CGColor was made")
        let presented = layer.presentation()?.backgroundColor
        #expect(presented == CGColor(red: 0.75, green: 0, blue: 0.25, alpha: 0.875))
        #expect(layer.backgroundColor == nil)
    }

    /// The render side keeps last frame's values of animated properties and builds each frame
    /// on the model values: a field animation and an additive one over another animation of the
    /// same property give what `presentation()` gives, frame after frame, in any order of
    /// times while they run, and finished animations leave the model values.
    @Test func animationsBuildOnTheModelValuesEveryFrameAndFinishedOnesLeaveThem() {
        let (clock, sink) = pausedLayer(at: 0)
        let layer = clock.layer
        defer { CommitDistributor.shared.detach(sink) }
        commitWithoutActions {
            layer.transform = CATransform3DMakeScale(2, 3, 1)
            layer.position = CGPoint(x: 7, y: 9)
        }
        layer.add(basic("transform.rotation.z", from: 0, to: Double.pi / 2, duration: 4), forKey: "turn")
        layer.add(basic("position.x", from: 0, to: 100, duration: 4), forKey: "move")
        layer.add(basic("position.x", from: 0, to: 10, duration: 2) { $0.isAdditive = true }, forKey: "nudge")
        CATransaction.flush()
        var tree = RenderTree()
        var applied = 0
        /// Shows the layer at `time`: the clock's commit applied, the animations evaluated.
        func show(at time: Double) {
            clock.seek(to: time)
            for commit in sink.commits.dropFirst(applied) { tree.apply(commit) }
            applied = sink.commits.count
            _ = tree.evaluateAnimations(at: CACurrentMediaTime())
        }
        var firstAtOne: CATransform3D?
        for time in [1.0, 1.5, 1] {
            show(at: time)
            let shown = tree[layer.layerID]?.properties
            let presented = layer.presentation()
            #expect(shown?.transform == presented?.transform, "at \(time)")
            #expect(shown?.position == presented?.position, "at \(time)")
            if time == 1 {
                #expect(shown?.position.x == 30, "25 moved, 5 nudged")
                if let firstAtOne { #expect(shown?.transform == firstAtOne, "no drift") }
                firstAtOne = shown?.transform
            } else {
                #expect(abs((shown?.position.x ?? 0) - (37.5 + 7.5)) < 1e-9, "37.5 moved, 7.5 nudged")
            }
        }
        show(at: 5)
        #expect(tree[layer.layerID]?.properties.transform == CATransform3DMakeScale(2, 3, 1))
        #expect(tree[layer.layerID]?.properties.position == CGPoint(x: 7, y: 9))
    }
}
