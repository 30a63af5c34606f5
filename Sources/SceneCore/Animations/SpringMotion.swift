import Foundation

/// The damped harmonic oscillator behind `CASpringAnimation`:
/// `m·x'' + c·x' + k·(x − 1) = 0` with `x(0) = 0` (the from-value) and `x'(0) = v0` (the
/// initial velocity, in whole distances per second, positive towards the target), so that
/// `x = 1` is the to-value. Solved in closed form for the under-, critically and overdamped cases.
struct SpringMotion: Sendable, Equatable {
    let mass: Double
    let stiffness: Double
    let damping: Double
    let initialVelocity: Double

    /// The residual amplitude (as a fraction of the distance) under which the spring counts as
    /// settled. Chosen so that the default spring (mass 1, stiffness 100, damping 10) settles in
    /// 1.4727 s, the value Core Animation reports for it.
    static let settledAmplitude = 7.3205e-4

    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        // Core Animation requires mass and stiffness > 0 and damping ≥ 0; anything else is clamped.
        self.mass = mass.isFinite && mass > 0 ? mass : 1
        self.stiffness = stiffness.isFinite && stiffness > 0 ? stiffness : 100
        self.damping = damping.isFinite && damping >= 0 ? damping : 0
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
    }

    /// The undamped angular frequency √(k/m).
    var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// The damping ratio ζ = c / (2√(km)): below 1 the spring oscillates.
    var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The fraction of the way from the from-value to the to-value at `t` seconds (overshoots
    /// past 1 while the spring oscillates).
    func position(at t: Double) -> Double {
        1 + displacement(at: max(t, 0))
    }

    /// How long the spring takes to come to rest: the time after which its remaining motion
    /// stays within `settledAmplitude` of the target.
    var settlingDuration: Double {
        let envelope = self.envelope
        var (low, high) = (0.0, 1.0)
        while envelope(high) > Self.settledAmplitude && high < 1e6 { (low, high) = (high, high * 2) }
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if envelope(mid) > Self.settledAmplitude { low = mid } else { high = mid }
        }
        return high
    }

    /// x(t) − 1: the signed distance still to go, as a fraction of the whole.
    private func displacement(at t: Double) -> Double {
        let w0 = naturalFrequency
        let zeta = dampingRatio
        let v0 = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 - zeta * w0) / wd
            return exp(-zeta * w0 * t) * (-cos(wd * t) + b * sin(wd * t))
        }
        if zeta == 1 {
            return exp(-w0 * t) * (-1 + (v0 - w0) * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let (r1, r2) = (-w0 * (zeta - root), -w0 * (zeta + root))
        let c2 = (v0 + r1) / (r2 - r1)
        return (-1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// A bound on |x(t) − 1| that decreases once the motion has peaked.
    private var envelope: (Double) -> Double {
        let w0 = naturalFrequency
        let zeta = dampingRatio
        let v0 = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let amplitude = (1 + pow((v0 - zeta * w0) / wd, 2)).squareRoot()
            return { amplitude * exp(-zeta * w0 * $0) }
        }
        if zeta == 1 {
            let b = abs(v0 - w0)
            // (1 + b·t)·e^(−w0·t) falls from its peak on; before the peak it is bounded by the peak.
            let peak = b > w0 ? (b - w0) / (b * w0) : 0
            return { t in (1 + b * max(t, peak)) * exp(-w0 * max(t, peak)) }
        }
        let root = (zeta * zeta - 1).squareRoot()
        let (r1, r2) = (-w0 * (zeta - root), -w0 * (zeta + root))
        let c2 = (v0 + r1) / (r2 - r1)
        return { abs(-1 - c2) * exp(r1 * $0) + abs(c2) * exp(r2 * $0) }
    }
}
