import Foundation

/// Runs several animations together in the group's time: each child's `beginTime` is
/// relative to the group, and the group's active duration clips the children (they are not
/// scaled to fit). A child whose `duration` is 0 runs for the group's duration (the group's
/// own 0 having become the transaction's `animationDuration`); the child's other timing
/// (`speed`, `timeOffset`, repeats, `autoreverses`) applies in the group's time. The children's
/// delegates and `isRemovedOnCompletion` are ignored.
open class CAAnimationGroup: CAAnimation {
    /// The animations run by the group.
    open var animations: [CAAnimation]?

    public override init() { super.init() }

    /// Unarchives the group with its animations.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        if let v = coder.decodeArchivedValue(forKey: "animations") { animations = v as? [CAAnimation] }
        if coder.failsDecoding { return nil }
    }

    /// Archives the group's timing and its animations, each whole.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        archive(animations, forKey: "animations", in: coder)
    }

    /// A shallow copy, as Core Animation makes: the copy holds the same child animation objects.
    open override func copy() -> Any {
        let copy = super.copy() as! CAAnimationGroup
        copy.animations = animations
        return copy
    }

    override func copyForAdding() -> CAAnimation {
        let copy = copy() as! CAAnimationGroup
        copy.animations = animations?.map { $0.copyForAdding() }
        return copy
    }

    open override func value(forKey key: String) -> Any? {
        key == "animations" ? animations : super.value(forKey: key)
    }
}

extension CAAnimation {
    /// Groups an added animation may nest, counting its own level: `add(_:forKey:)` refuses a
    /// deeper one (or a group that holds itself), with a logged error, rather than overflow
    /// the stack copying and compiling it.
    package static let maximumGroupDepth = 64
    /// The most animations, groups and their children counted together, an added animation
    /// may hold.
    package static let maximumAnimationsInGroups = 100_000

    /// Why the animation cannot be added for its groups' shape (too deep, a group holding
    /// itself, too many animations), worked out without recursion; nil when it can.
    func groupNestingFault() -> String? {
        var stack: [(animation: CAAnimation, depth: Int)] = [(self, 1)]
        var counted = 0
        while let (animation, depth) = stack.popLast() {
            counted += 1
            guard counted <= CAAnimation.maximumAnimationsInGroups else {
                return "its groups hold more than \(CAAnimation.maximumAnimationsInGroups) animations"
            }
            guard let group = animation as? CAAnimationGroup, let children = group.animations else { continue }
            guard depth < CAAnimation.maximumGroupDepth else {
                return "its groups nest deeper than \(CAAnimation.maximumGroupDepth) (or a group holds itself)"
            }
            for child in children { stack.append((child, depth + 1)) }
        }
        return nil
    }
}
