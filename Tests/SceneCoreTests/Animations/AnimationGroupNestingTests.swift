import Foundation
import Testing

@testable import SceneCore

/// `add(_:forKey:)` refuses groups nested deeper than `CAAnimation.maximumGroupDepth` or holding
/// themselves, with an error, instead of overflowing the stack copying and compiling them.
@Suite struct AnimationGroupNestingTests {
    /// Runs `body` with an opacity animation inside `depth` levels of groups, counting the
    /// animation's own; then takes the groups apart one by one (releasing a chain of 30,000
    /// objects at once would itself recurse that deep).
    private func withNested(_ depth: Int, _ body: (CAAnimation) -> Void) {
        var groups: [CAAnimationGroup] = []
        var animation: CAAnimation = CABasicAnimation(keyPath: "opacity")
        for _ in 1..<depth {
            let group = CAAnimationGroup()
            group.animations = [animation]
            groups.append(group)
            animation = group
        }
        body(animation)
        for group in groups { group.animations = nil }
    }

    @Test func groupsAsDeepAsTheLimitAreAdded() {
        let layer = CALayer()
        withNested(CAAnimation.maximumGroupDepth) { layer.add($0, forKey: "deep") }
        #expect(layer.animation(forKey: "deep") != nil)
    }

    /// Before: 30,000 levels overflowed the stack on the app thread (20,000 happened to fit).
    @Test func deeperGroupsAreRefusedWithAnError() {
        let layer = CALayer()
        for depth in [CAAnimation.maximumGroupDepth + 1, 30_000] {
            let messages = Diagnostics.capturing { withNested(depth) { layer.add($0, forKey: "deep") } }
            #expect(layer.animation(forKey: "deep") == nil)
            #expect(messages.count == 1 && messages[0].contains("nest deeper than 64"), "\(messages)")
        }
    }

    @Test func aGroupHoldingItselfIsRefused() {
        let layer = CALayer()
        let group = CAAnimationGroup()
        group.animations = [CABasicAnimation(keyPath: "opacity"), group]
        let messages = Diagnostics.capturing { layer.add(group, forKey: "loop") }
        #expect(layer.animationKeys() == nil)
        #expect(messages.count == 1 && messages[0].contains("holds itself"))
        group.animations = nil
    }

    @Test func groupsHoldingTooManyAnimationsAreRefused() {
        let layer = CALayer()
        let wide = CAAnimationGroup()
        wide.animations = (0..<CAAnimation.maximumAnimationsInGroups).map { _ in CABasicAnimation(keyPath: "opacity") }
        let messages = Diagnostics.capturing { layer.add(wide, forKey: "wide") }
        #expect(layer.animationKeys() == nil)
        #expect(messages.count == 1 && messages[0].contains("more than 100000 animations"))
    }
}
