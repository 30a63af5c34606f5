import SceneCore

extension CABasicAnimation {
    /// An animation of `keyPath` from `from` to `to` over `duration` seconds and back again,
    /// repeating for ever: the demo scenes' endless motions.
    static func backAndForth(_ keyPath: String, from: Any?, to: Any?, duration: CFTimeInterval) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        animation.autoreverses = true
        animation.repeatCount = .infinity
        return animation
    }
}
