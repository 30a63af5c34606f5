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
