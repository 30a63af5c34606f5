import Foundation
import SceneCore

/// The emitter soak scenes: particles that outlive any soak, in the two shapes that once grew
/// without bound (issue 33). `emitter-trail` is an emitter the app moves at every frame, each
/// move a new emission; `emitter-long-lived` an emitter whose position and birth rate animate
/// for ever. Both bear 2,000 particles a second that live 1,000 s or more, so each reaches the
/// layer's cap of 100,000 live particles after 50 s and holds it: a soak of either shows flat
/// memory and frame time only if what the render side keeps is bounded by what it draws.
enum EmitterSoakScene {
    static let trailName = "emitter-trail"
    static let longLivedName = "emitter-long-lived"

    /// The trail: 2,000 dots a second, each living 1,000 s, from an emitter moved along a
    /// figure of eight at every frame (`tick`).
    static func trail(_ size: CGSize) -> CALayer {
        let (root, emitter) = stage(size, named: trailName)
        emitter.emitterPosition = position(at: 0, in: size)
        emitter.emitterCells = [dot(lifetime: 1_000)]
        return root
    }

    /// Where the trail's emitter is `t` seconds in: a figure of eight over the window, once
    /// every 8 s.
    static func position(at t: Double, in size: CGSize) -> CGPoint {
        let angle = t * 2 * .pi / 8
        return CGPoint(x: size.width * (0.5 + 0.4 * sin(angle)), y: size.height * (0.5 + 0.3 * sin(2 * angle)))
    }

    /// Moves the trail's emitter (with the implicit animation a change of `emitterPosition` makes).
    static func tick(_ root: CALayer, at t: Double) {
        guard let emitter = root.sublayers?.first(where: { $0.name == trailName }) as? CAEmitterLayer else { return }
        emitter.emitterPosition = position(at: t, in: root.bounds.size)
    }

    /// The long-lived emitter: 2,000 dots a second living 100,000 s, its position swept across
    /// the window and its birth rate swinging between 0.5 and 1.5 times, both for ever.
    static func longLived(_ size: CGSize) -> CALayer {
        let (root, emitter) = stage(size, named: longLivedName)
        emitter.emitterPosition = CGPoint(x: size.width * 0.2, y: size.height / 2)
        emitter.emitterCells = [dot(lifetime: 100_000)]
        let sweep = CABasicAnimation(keyPath: "emitterPosition")
        sweep.fromValue = CGPoint(x: size.width * 0.2, y: size.height / 2)
        sweep.toValue = CGPoint(x: size.width * 0.8, y: size.height / 2)
        sweep.duration = 3
        sweep.autoreverses = true
        sweep.repeatCount = .infinity
        emitter.add(sweep, forKey: "sweep")
        let swing = CABasicAnimation(keyPath: "birthRate")
        swing.fromValue = 0.5
        swing.toValue = 1.5
        swing.duration = 2
        swing.autoreverses = true
        swing.repeatCount = .infinity
        emitter.add(swing, forKey: "swing")
        return root
    }

    /// A night root over `size` holding an emitter layer named `name` that fills it.
    private static func stage(_ size: CGSize, named name: String) -> (CALayer, CAEmitterLayer) {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), EmitterScene.night)
        let emitter = CAEmitterLayer()
        emitter.name = name
        emitter.frame = root.bounds
        emitter.seed = 33
        root.addSublayer(emitter)
        return (root, emitter)
    }

    /// 2,000 slow 6-point sparks a second that live `lifetime` seconds.
    private static func dot(lifetime: Float) -> CAEmitterCell {
        let dot = CAEmitterCell()
        dot.contents = EmitterScene.spark
        dot.birthRate = 2_000
        dot.lifetime = lifetime
        dot.velocity = 4
        dot.velocityRange = 3
        dot.emissionRange = 2 * .pi
        dot.color = CGColor(red: 0.6, green: 0.8, blue: 1, alpha: 0.5)
        dot.redRange = 0.4
        return dot
    }
}
