import Foundation

/// A basic animation whose progress follows a damped spring instead of a timing curve:
/// `mass·x'' + damping·x' + stiffness·(x − 1) = 0`, from the from-value (x = 0) towards the
/// to-value (x = 1). The spring's time is the animation's local time in seconds; `duration`
/// still bounds the active interval, so set it to `settlingDuration` to let the spring rest.
open class CASpringAnimation: CABasicAnimation {
    /// The mass on the spring (> 0). Default 1.
    open var mass: CGFloat = 1
    /// The spring constant (> 0). Default 100.
    open var stiffness: CGFloat = 100
    /// The friction (≥ 0). Default 10.
    open var damping: CGFloat = 10
    /// The speed at the start, in whole distances per second, positive towards the target. Default 0.
    open var initialVelocity: CGFloat = 0
    /// Whether `init(perceptualDuration:bounce:)` may make an overdamped spring (negative bounce).
    open var allowsOverdamping = false

    public override init() { super.init() }

    /// Unarchives the animation with its spring.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        if let v = coder.decodeArchived(CGFloat.self, forKey: "mass") { mass = v }
        if let v = coder.decodeArchived(CGFloat.self, forKey: "stiffness") { stiffness = v }
        if let v = coder.decodeArchived(CGFloat.self, forKey: "damping") { damping = v }
        if let v = coder.decodeArchived(CGFloat.self, forKey: "initialVelocity") { initialVelocity = v }
        if let v = coder.decodeArchived(Bool.self, forKey: "allowsOverdamping") { allowsOverdamping = v }
        if coder.failsDecoding { return nil }
    }

    /// Archives the basic animation and its mass, stiffness, damping, initial velocity and
    /// `allowsOverdamping`.
    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        archive(mass, forKey: "mass", in: coder)
        archive(stiffness, forKey: "stiffness", in: coder)
        archive(damping, forKey: "damping", in: coder)
        archive(initialVelocity, forKey: "initialVelocity", in: coder)
        archive(allowsOverdamping, forKey: "allowsOverdamping", in: coder)
    }

    /// A spring described as SwiftUI and UIKit do: it settles in about `perceptualDuration`
    /// seconds, and `bounce` (−1...1) of 0 is critically damped, above 0 springy, below 0
    /// overdamped. Mass 1, stiffness (2π/d)², damping (1 − bounce)·4π/d (for bounce ≥ 0) or
    /// 4π/(d·(1 + bounce)) (for bounce < 0).
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let d = perceptualDuration > 0 && perceptualDuration.isFinite ? perceptualDuration : 0.5
        let b = min(max(bounce.isFinite ? bounce : 0, -0.99), 1)
        mass = 1
        stiffness = CGFloat(pow(2 * .pi / d, 2))
        damping = b >= 0 ? CGFloat((1 - Double(b)) * 4 * .pi / d) : CGFloat(4 * .pi / (d * (1 + Double(b))))
        allowsOverdamping = b < 0
    }

    /// The duration after which the spring is at rest (1.4727 s for the default spring).
    open var settlingDuration: CFTimeInterval { motion.settlingDuration }

    /// The duration a person perceives: 2π/√(stiffness/mass).
    open var perceptualDuration: CFTimeInterval { 2 * .pi / motion.naturalFrequency }

    /// The bounce the spring's damping ratio corresponds to: 1 − ζ for ζ ≤ 1, 1/ζ − 1 for ζ > 1.
    open var bounce: CGFloat {
        let zeta = motion.dampingRatio
        return CGFloat(zeta <= 1 ? 1 - zeta : 1 / zeta - 1)
    }

    var motion: SpringMotion {
        SpringMotion(
            mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
            initialVelocity: Double(initialVelocity))
    }

    open override func copy() -> Any {
        let copy = super.copy() as! CASpringAnimation
        copy.mass = mass
        copy.stiffness = stiffness
        copy.damping = damping
        copy.initialVelocity = initialVelocity
        copy.allowsOverdamping = allowsOverdamping
        return copy
    }
}
