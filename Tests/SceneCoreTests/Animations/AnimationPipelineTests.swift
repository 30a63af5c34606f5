import Foundation
import Testing
@testable import SceneCore

/// End-to-end checks of the path from `add(_:forKey:)` to the render tree's evaluation.
@Suite struct AnimationPipelineTests {
    /// A committed layer in a render tree, with its layer time paused at `pausedAt`.
    func pausedLayer(at pausedAt: Double) -> (CALayer, RecordingSink) {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.speed = 0
        layer.timeOffset = pausedAt
        let sink = RecordingSink()
        CommitDistributor.shared.attach(sink, root: layer)
        CATransaction.flush()
        return (layer, sink)
    }

    @Test func basicAnimationEvaluatesOnTheRenderTreeAndInPresentation() {
        let (layer, sink) = pausedLayer(at: 10)
        defer { CommitDistributor.shared.detach(sink) }
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = 0
        animation.toValue = 100
        animation.duration = 4
        layer.add(animation, forKey: "move")
        CATransaction.flush()
        #expect(layer.animation(forKey: "move")?.beginTime == 10)
        layer.timeOffset = 11
        CATransaction.flush()
        #expect(layer.presentation()?.position.x == 25)
        var tree = RenderTree()
        for commit in sink.commits { tree.apply(commit) }
        _ = tree.evaluateAnimations(at: CACurrentMediaTime())
        #expect(tree[layer.layerID]?.properties.position.x == 25)
        #expect(tree[layer.layerID]?.model.position.x == 0)
    }

    @Test func colourAnimationsEvaluateToPlainValuesOnTheRenderSideAndToCGColorInPresentation() {
        let (layer, sink) = pausedLayer(at: 0)
        defer { CommitDistributor.shared.detach(sink) }
        let animation = CABasicAnimation(keyPath: "backgroundColor")
        animation.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        animation.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        animation.duration = 2
        layer.add(animation, forKey: "tint")
        CATransaction.flush()
        layer.timeOffset = 0.5
        CATransaction.flush()
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
