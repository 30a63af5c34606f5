import Foundation
import Testing

@testable import SceneCore

/// `action(forKey:)` searches the delegate, then `actions`, then `style["actions"]` (through
/// nested `style["style"]`), then `defaultAction(forKey:)`; the first non-nil answer wins,
/// NSNull ends the search with nil, nil from the delegate continues (Apple's CALayer action(forKey:) documentation).
@Suite struct ActionSearchTests {
    /// A delegate answering one fixed action (or nil) for every key.
    private final class Delegate: CALayerDelegate {
        let answer: (any CAAction)?
        init(_ answer: (any CAAction)?) { self.answer = answer }
        func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { answer }
    }

    /// A layer class whose default action for "custom" is `DefaultActionLayer.action`.
    private final class DefaultActionLayer: CALayer {
        static let action = RecordingAction()
        override class func defaultAction(forKey event: String) -> (any CAAction)? {
            event == "custom" || event == "opacity" ? action : super.defaultAction(forKey: event)
        }
    }

    private let fromDelegate = RecordingAction()
    private let fromActions = RecordingAction()
    private let fromStyle = RecordingAction()
    private let fromNestedStyle = RecordingAction()

    @Test func theDelegateWinsOverActions() {
        let layer = CALayer()
        let delegate = Delegate(fromDelegate)
        layer.delegate = delegate
        layer.actions = ["custom": fromActions]
        #expect(layer.action(forKey: "custom") as? RecordingAction === fromDelegate)
    }

    @Test func nilFromTheDelegateContinuesTheSearch() {
        let layer = CALayer()
        let delegate = Delegate(nil)
        layer.delegate = delegate
        layer.actions = ["custom": fromActions]
        #expect(layer.action(forKey: "custom") as? RecordingAction === fromActions)
    }

    @Test func actionsWinOverStyle() {
        let layer = CALayer()
        layer.actions = ["custom": fromActions]
        layer.style = ["actions": ["custom": fromStyle]]
        #expect(layer.action(forKey: "custom") as? RecordingAction === fromActions)
    }

    @Test func styleActionsAndNestedStylesAreSearched() {
        let layer = CALayer()
        layer.style = ["actions": ["custom": fromStyle], "style": ["actions": ["deep": fromNestedStyle]]]
        #expect(layer.action(forKey: "custom") as? RecordingAction === fromStyle)
        #expect(layer.action(forKey: "deep") as? RecordingAction === fromNestedStyle)
        layer.style = ["style": ["style": ["actions": ["deeper": fromNestedStyle]]]]
        #expect(layer.action(forKey: "deeper") as? RecordingAction === fromNestedStyle)
    }

    @Test func theOuterStyleWinsOverANestedOne() {
        let layer = CALayer()
        layer.style = ["actions": ["custom": fromStyle], "style": ["actions": ["custom": fromNestedStyle]]]
        #expect(layer.action(forKey: "custom") as? RecordingAction === fromStyle)
    }

    @Test func defaultActionComesLast() {
        let layer = DefaultActionLayer()
        #expect(layer.action(forKey: "custom") as? RecordingAction === DefaultActionLayer.action)
        layer.style = ["actions": ["custom": fromStyle]]
        #expect(layer.action(forKey: "custom") as? RecordingAction === fromStyle)
        #expect(layer.action(forKey: "unknown") == nil)
    }

    @Test func nsNullEndsTheSearchAtEveryStep() {
        let layer = DefaultActionLayer()
        layer.style = ["actions": ["custom": NSNull()]]
        #expect(layer.action(forKey: "custom") == nil)  // stops before defaultAction
        layer.style = ["actions": ["custom": fromStyle]]
        layer.actions = ["custom": NSNull()]
        #expect(layer.action(forKey: "custom") == nil)  // stops before style
        layer.actions = ["custom": fromActions]
        let delegate = Delegate(NSNull())
        layer.delegate = delegate
        #expect(layer.action(forKey: "custom") == nil)  // stops before actions
        #expect(layer.action(forKey: "opacity") == nil)  // and before the implicit animation
    }

    /// As measured on Apple's QuartzCore: the implicit animation is made by the property change,
    /// not answered by `action(forKey:)` (this test once expected a `CABasicAnimation` here).
    @Test func aBareLayerAnswersNilAlsoForAnimatableKeys() {
        let layer = CALayer()
        #expect(layer.action(forKey: "position") == nil)
        #expect(layer.action(forKey: "notAProperty") == nil)
        #expect(CALayer.defaultAction(forKey: "position") == nil)
    }

    @Test func disableActionsLeavesTheSearchItself() {
        let layer = CALayer()
        layer.actions = ["custom": fromActions]
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let found = layer.action(forKey: "custom") as? RecordingAction
        CATransaction.commit()
        #expect(found === fromActions)
    }
}
