import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// The `onOrderIn` and `onOrderOut` actions (Apple's CALayer action(forKey:) documentation): a layer runs them when
/// it joins or leaves a committed tree and when `isHidden` turns it off or on; layers of
/// an uncommitted tree and disabled actions run nothing.
@Suite struct OrderActionTests {
    private func child(recording action: RecordingAction) -> CALayer {
        let layer = CALayer()
        layer.actions = [kCAOnOrderIn: action, kCAOnOrderOut: action]
        return layer
    }

    @Test func joiningAndLeavingACommittedTreeRunsTheOrderActions() {
        let parent = ManualClock(at: 100).layer
        let action = RecordingAction()
        let layer = child(recording: action)
        parent.addSublayer(layer)
        #expect(action.events == ["onOrderIn"])
        CATransaction.flush()
        layer.removeFromSuperlayer()
        #expect(action.events == ["onOrderIn", "onOrderOut"])
        #expect(action.ranOnly(on: layer))
        CATransaction.flush()
    }

    @Test func anUncommittedTreeRunsNothing() {
        let parent = CALayer()
        let action = RecordingAction()
        let layer = child(recording: action)
        parent.addSublayer(layer)
        layer.removeFromSuperlayer()
        #expect(action.events.isEmpty)
        CATransaction.flush()
    }

    @Test func hidingAndShowingRunTheOrderActions() {
        let action = RecordingAction()
        let layer = ManualClock(at: 100) { $0.actions = [kCAOnOrderIn: action, kCAOnOrderOut: action] }.layer
        layer.isHidden = true
        #expect(action.events == ["onOrderOut"])
        layer.isHidden = false
        #expect(action.events == ["onOrderOut", "onOrderIn"])
        layer.isHidden = false
        #expect(action.events.count == 2)  // unchanged: nothing runs
        CATransaction.flush()
    }

    @Test func disabledActionsRunNoOrderActions() {
        let parent = ManualClock(at: 100).layer
        let action = RecordingAction()
        let layer = child(recording: action)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        parent.addSublayer(layer)
        layer.isHidden = true
        CATransaction.commit()
        CATransaction.flush()
        #expect(action.events.isEmpty)
    }

    @Test func replacingASublayerInAVisibleTreeRunsTheTransitionAction() {
        let action = RecordingAction()
        let parent = ManualClock(at: 100) { $0.actions = [kCATransition: action] }.layer
        let old = CALayer()
        parent.addSublayer(old)
        CATransaction.flush()
        parent.replaceSublayer(old, with: CALayer())
        #expect(action.events == ["transition"])
        #expect(action.ranOnly(on: parent))
        CATransaction.flush()
    }
}
