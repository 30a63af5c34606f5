import Foundation
import Testing

@testable import SceneCore

/// The layout cycle: what marks a layer for layout, `layoutIfNeeded()` from the highest marked
/// superlayer down, the delegate before the layout manager, and layout at commit.
@Suite struct LayoutCycleTests {
    final class CountingManager: CALayoutManager {
        var layouts = 0, invalidations = 0
        func layoutSublayers(of layer: CALayer) {
            layouts += 1
            for (i, sublayer) in (layer.sublayers ?? []).enumerated() {
                sublayer.frame = CGRect(x: CGFloat(i) * 10, y: 0, width: 10, height: layer.bounds.height)
            }
        }
        func invalidateLayout(of layer: CALayer) { invalidations += 1 }
        func preferredSize(of layer: CALayer) -> CGSize {
            CGSize(width: CGFloat(layer.sublayers?.count ?? 0) * 10, height: 7)
        }
    }

    final class DelegateLayout: CALayerDelegate {
        var calls = 0
        func layoutSublayers(of layer: CALayer) { calls += 1 }
    }

    func stack(_ count: Int) -> (CALayer, CountingManager) {
        let manager = CountingManager()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 20)
        for _ in 0..<count { layer.addSublayer(CALayer()) }
        layer.layoutManager = manager
        return (layer, manager)
    }

    @Test func theLayoutManagerLaysOutOnceWhenMarked() {
        let (layer, manager) = stack(3)
        #expect(layer.needsLayout())
        layer.layoutIfNeeded()
        #expect(manager.layouts == 1 && !layer.needsLayout())
        #expect(layer.sublayers?[2].frame == CGRect(x: 20, y: 0, width: 10, height: 20))
        layer.layoutIfNeeded()
        #expect(manager.layouts == 1, "not marked any more")
        #expect(layer.preferredFrameSize() == CGSize(width: 30, height: 7))
    }

    @Test func whatMarksALayerForLayout() {
        let (layer, manager) = stack(2)
        layer.layoutIfNeeded()
        layer.addSublayer(CALayer())
        #expect(layer.needsLayout(), "sublayers changed")
        layer.layoutIfNeeded()
        layer.sublayers?[0].removeFromSuperlayer()
        #expect(layer.needsLayout(), "a sublayer removed")
        layer.layoutIfNeeded()
        layer.bounds = CGRect(x: 0, y: 0, width: 50, height: 20)
        #expect(layer.needsLayout(), "bounds changed")
        layer.layoutIfNeeded()
        let child = layer.sublayers![0]
        child.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(layer.needsLayout() && child.needsLayout(), "a sublayer's transform marks it and its superlayer")
        layer.layoutIfNeeded()
        layer.position = CGPoint(x: 5, y: 5)
        #expect(!layer.needsLayout(), "moving does not")
        #expect(manager.invalidations >= 4)
    }

    @Test func layingOutDoesNotMarkTheLayerAgain() {
        let (layer, manager) = stack(4)
        layer.layoutIfNeeded()
        // The manager set every sublayer's frame (bounds changed), which marks the superlayer,
        // but not from inside its own layout.
        #expect(!layer.needsLayout())
        #expect(manager.layouts == 1)
    }

    @Test func layoutIfNeededStartsFromTheHighestMarkedSuperlayer() {
        let (parent, parentManager) = stack(1)
        let (child, childManager) = stack(2)
        parent.addSublayer(child)
        child.layoutIfNeeded()
        #expect(parentManager.layouts == 1 && childManager.layouts == 1, "the marked parent first, then the child")
    }

    @Test func aDelegateReplacesTheLayoutManager() {
        let (layer, manager) = stack(2)
        let delegate = DelegateLayout()
        layer.delegate = delegate
        layer.layoutIfNeeded()
        #expect(delegate.calls == 1 && manager.layouts == 0)
    }

    @Test func markedLayersAreLaidOutAtCommitBeforeEncoding() {
        let (layer, manager) = stack(2)
        CATransaction.flush()
        #expect(manager.layouts == 1, "the first commit laid it out")
        let sink = RecordingSink.attached()
        let mark = sink.count
        LayerTest.commitWithoutActions { layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 40) }
        #expect(manager.layouts == 2)
        let child = layer.sublayers![1]
        #expect(child.frame == CGRect(x: 10, y: 0, width: 10, height: 40))
        #expect(
            sink.commits(since: mark).contains {
                $0.fields(of: child.layerID).contains {
                    $0 == .property(.rect(CGRect(x: 0, y: 0, width: 10, height: 40)), .bounds)
                }
            })
    }
}
