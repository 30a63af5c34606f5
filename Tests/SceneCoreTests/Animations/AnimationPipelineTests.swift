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
}
