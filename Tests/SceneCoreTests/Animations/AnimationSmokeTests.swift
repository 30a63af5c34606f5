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
}
