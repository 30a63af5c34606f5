import Foundation
import SceneCore

/// A basic animation of `keyPath` with the given values and duration, then whatever
/// `configure` sets.
public func basic(
    _ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil, duration: Double = 1,
    _ configure: (CABasicAnimation) -> Void = { _ in }
) -> CABasicAnimation {
    let animation = CABasicAnimation(keyPath: keyPath)
    (animation.fromValue, animation.toValue, animation.byValue) = (from, to, by)
    animation.duration = duration
    configure(animation)
    return animation
}

/// Commits whatever implicit transaction earlier work on this thread left open, then commits the
/// changes `body` makes in a transaction of their own, with actions disabled: plain model
/// changes, with no implicit animation.
public func commitWithoutActions(_ body: () -> Void) {
    CATransaction.flush()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    body()
    CATransaction.commit()
}
