import Foundation

/// The kinds of layer transition.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The new content fades in over the old.
    public static let fade = Self(rawValue: "fade")
    /// The new content slides in over the old.
    public static let moveIn = Self(rawValue: "moveIn")
    /// The new content pushes the old out.
    public static let push = Self(rawValue: "push")
    /// The old content slides away, revealing the new.
    public static let reveal = Self(rawValue: "reveal")
}

/// The direction of a moving transition.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The new content comes in from the layer's right edge (the old leaves to the left).
    public static let fromRight = Self(rawValue: "fromRight")
    /// The new content comes in from the layer's left edge (also what a nil `subtype` means).
    public static let fromLeft = Self(rawValue: "fromLeft")
    /// The new content comes in from the layer's top edge as it is seen (minimum Y in SceneCore's
    /// y-down layers).
    public static let fromTop = Self(rawValue: "fromTop")
    /// The new content comes in from the layer's bottom edge as it is seen.
    public static let fromBottom = Self(rawValue: "fromBottom")
}

/// The key transitions run under, and the action key of `replaceSublayer(_:with:)`.
public let kCATransition = "transition"

/// Animates a layer from how it looked before the transaction to how it looks after: the
/// render thread keeps the old rendering of the layer's subtree and draws it with the new
/// one, faded or moved, while the transition runs.
///
/// Add it to the layer whose appearance changes, in the same transaction as the change,
/// usually under `kCATransition`.
open class CATransition: CAAnimation {
    /// The kind of transition. Default `.fade`.
    open var type: CATransitionType = .fade
    /// The direction for `.moveIn`, `.push` and `.reveal`; nil means `.fromLeft`.
    open var subtype: CATransitionSubtype?
    /// A Core Image filter to draw the transition with, in place of `type`. Stored and returned;
    /// SceneCore draws `type`. Default nil.
    open var filter: Any?
    /// Where in the transition to start, 0...1. Default 0.
    open var startProgress: Float = 0
    /// Where in the transition to end, 0...1 and not below `startProgress`. Default 1.
    open var endProgress: Float = 1

    public override init() { super.init() }

    /// Unarchives the transition with its type, subtype, filter and progress range.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        if let v = coder.decodeArchived(CATransitionType.self, forKey: "type") { type = v }
        if let v = coder.decodeArchivedValue(forKey: "subtype") { subtype = v as? CATransitionSubtype }
        if let v = coder.decodeArchivedValue(forKey: "filter") { filter = v }
        if let v = coder.decodeArchived(Float.self, forKey: "startProgress") { startProgress = v }
        if let v = coder.decodeArchived(Float.self, forKey: "endProgress") { endProgress = v }
        if coder.failsDecoding { return nil }
    }

    /// Archives the transition's timing, type, subtype, filter (when archivable) and progress range.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        archive(type, forKey: "type", in: coder)
        archive(subtype, forKey: "subtype", in: coder)
        archive(filter, forKey: "filter", in: coder)
        archive(startProgress, forKey: "startProgress", in: coder)
        archive(endProgress, forKey: "endProgress", in: coder)
    }

    open override func copy() -> Any {
        let copy = super.copy() as! CATransition
        copy.type = type
        copy.subtype = subtype
        copy.filter = filter
        copy.startProgress = startProgress
        copy.endProgress = endProgress
        return copy
    }
}
