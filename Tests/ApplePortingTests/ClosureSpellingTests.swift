import Foundation
import SceneCore
import Testing

/// An owner of layers, not `Sendable`, whose closures capture `self` and layers as public code's do.
final class LayerOwner: CAAnimationDelegate, CALayerDelegate {
    let layer = CALayer()
    var finished = 0
    var stopped: [Bool] = []

    func fade() {
        CATransaction.begin()
        CATransaction.setCompletionBlock {
            self.finished += 1
            self.layer.removeFromSuperlayer()
        }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.delegate = self
        layer.add(fade, forKey: "fade")
        CATransaction.commit()
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped.append(flag) }

    func draw(_ layer: CALayer, in ctx: CGContext) {}
}

@Suite struct ClosureSpellingTests {
    @Test func completionBlocksAndDelegatesTakeTheClosuresCodeWrites() {
        let owner = LayerOwner()
        owner.layer.delegate = owner
        owner.fade()
        #expect(CATransaction.completionBlock() == nil)
    }
}
