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
