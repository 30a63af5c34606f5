import Foundation

/// The action key run when a layer becomes visible: added to a visible tree, or unhidden.
public let kCAOnOrderIn = "onOrderIn"
/// The action key run when a layer stops being visible: removed from its tree, or hidden.
public let kCAOnOrderOut = "onOrderOut"

extension CALayer {
    /// The search behind `action(forKey:)`: the delegate, `actions`, `style["actions"]` (through
    /// nested styles), then the class's `defaultAction(forKey:)`. It notes whether it ended at an
    /// `NSNull`, which (unlike finding nothing) also rules out the implicit animation.
    func searchAction(forKey event: String) -> (any CAAction)? {
        actionSearchHitNull = false
        func answer(_ found: any CAAction) -> (any CAAction)? {
            guard found is NSNull else { return found }
            actionSearchHitNull = true
            return nil
        }
        if let found = delegate?.action(for: self, forKey: event) { return answer(found) }
        if let found = actions?[event] { return answer(found) }
        var style = self.style
        while let current = style {
            if let table = current["actions"] as? [String: Any], let entry = table[event] {
                if entry is NSNull { return answer(NSNull()) }
                if let found = entry as? any CAAction { return found }
            }
            style = current["style"] as? [AnyHashable: Any]
        }
        if let found = type(of: self).defaultAction(forKey: event) { return answer(found) }
        return nil
    }

    /// Declares `key` an animatable property of this layer class and its subclasses: setting
    /// it with `setValue(_:forKey:)` on a committed layer runs its action (by default an
    /// implicit animation), and animations of it show in `presentation()`.
    public static func registerAnimatableProperty(_ key: String) {
        // `Self`, not `self`: the generic parameter must be the class this is called on.
        CustomAnimatableKeys.register(key, for: Self.self)
    }

    /// The redraw of a subclass's own animatable keys that need display: while one animates,
    /// the layer redraws every frame, drawing with the animated value (created on first use).
    func customKeyRedraw() -> AnimatedRedraw? {
        if let redraw = customRedraw { return redraw }
        let keys = CustomAnimatableKeys.keys(for: self).filter { type(of: self).needsDisplay(forKey: $0) }
        guard !keys.isEmpty else { return nil }
        customRedraw = AnimatedRedraw(keys: keys)
        return customRedraw
    }

    /// Whether `key` animates implicitly on this layer.
    func isImplicitlyAnimatable(_ key: String) -> Bool {
        AnimatableProperty.implicitlyAnimatedKeys.contains(key) || CustomAnimatableKeys.contains(key, for: self)
    }

    /// The keys whose default action is a fade `CATransition` of the layer, as in Core Animation.
    static let transitionActionKeys: Set<String> = ["backgroundFilters", "compositingFilter"]

    /// The implicit animation of property `key`: from its presentation value now, with the
    /// transaction's duration and timing function (`.default` when it has none); for
    /// `backgroundFilters` and `compositingFilter`, a fade transition with them.
    func implicitAnimation(forKey key: String) -> CAAnimation? {
        if CALayer.transitionActionKeys.contains(key) {
            let transition = CATransition()
            transition.duration = CATransaction.animationDuration()
            transition.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
            return transition
        }
        guard isImplicitlyAnimatable(key) else { return nil }
        let animation = CABasicAnimation(keyPath: key)
        animation.fromValue = presentationValue(forKeyPath: key)
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    /// Called by setters after an animatable property of a committed layer changed: runs
    /// the action for `key` unless the transaction disables actions.
    func propertyDidChange(_ key: String) {
        guard !isPresentation, !CATransaction.disableActions() else { return }
        if key == "hidden" { runAction(forKey: state.isHidden ? kCAOnOrderOut : kCAOnOrderIn) }
        runAction(forKey: key)
    }

    /// Looks up and runs the action for `event`: what `action(forKey:)` answers or, when the search
    /// found nothing (not an `NSNull`) and `event` is an animatable property, the implicit animation.
    func runAction(forKey event: String) {
        actionSearchHitNull = false
        guard let action = action(forKey: event) ?? (actionSearchHitNull ? nil : implicitAnimation(forKey: event))
        else { return }
        let previous = actionInProgress
        actionInProgress = event
        defer { actionInProgress = previous }
        action.run(forKey: event, object: self, arguments: nil)
    }

    /// The value of `keyPath` on screen now: the committed value with the committed
    /// animations applied; the model value for an uncommitted layer.
    func presentationValue(forKeyPath keyPath: String) -> Any? {
        guard committedState != nil else { return value(forKeyPath: keyPath) }
        if let replaced = replacedCustomValue, replaced.key == keyPath { return replaced.value }
        var keyed = keyedValues
        let presented = presentedState(at: CACurrentMediaTime(), custom: &keyed)
        if let target = AnimationTarget(keyPath: keyPath, properties: presented),
            case .custom(let key) = target.property
        {
            return keyed[key] ?? type(of: self).defaultValue(forKey: key)
        }
        return AnimationTarget(keyPath: keyPath, properties: presented)?.read(presented)?.objectValue
            ?? value(forKeyPath: keyPath)
    }
}

/// The custom animatable keys registered per layer class.
private enum CustomAnimatableKeys {
    private struct Entry {
        let key: String
        let matches: (CALayer) -> Bool
    }
    nonisolated(unsafe) private static var entries: [Entry] = []
    private static let lock = NSLock()

    static func register<T: CALayer>(_ key: String, for type: T.Type) {
        lock.withLock { entries.append(Entry(key: key, matches: { $0 is T })) }
    }

    static func contains(_ key: String, for layer: CALayer) -> Bool {
        lock.withLock { entries.contains { $0.key == key && $0.matches(layer) } }
    }

    /// Every key registered for `layer`'s class or its superclasses.
    static func keys(for layer: CALayer) -> Set<String> {
        lock.withLock { Set(entries.filter { $0.matches(layer) }.map(\.key)) }
    }
}
