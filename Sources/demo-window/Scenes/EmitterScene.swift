import Foundation
import SceneCore

/// Three `CAEmitterLayer`s, each in a dark panel: fire (a line of additive flames rising),
/// snow (flakes drifting down from a line across the top) and fireworks (rockets whose sparks
/// are a sub-emitter that bursts once each rocket has flown). A click in a panel moves that
/// panel's emitter to the point. The particles are simulated and drawn on the render thread:
/// the app thread sets the emitters up once.
enum EmitterScene {
    static let night = CGColor(red: 0.05, green: 0.06, blue: 0.12, alpha: 1)
    static let captionHeight: CGFloat = 28

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        let margin: CGFloat = 12
        let width = ((size.width - 4 * margin) / 3).rounded(.down)
        let height = size.height - 2 * margin - captionHeight
        let makers: [(String, (CGSize) -> CAEmitterLayer)] = [("fire", fire), ("snow", snow), ("fireworks", fireworks)]
        for (index, (name, make)) in makers.enumerated() {
            let panel = CALayer.panel(
                CGRect(x: margin + CGFloat(index) * (width + margin), y: margin, width: width, height: height),
                named: name)
            panel.backgroundColor = night
            let emitter = make(panel.bounds.size)
            emitter.name = "emitter-\(name)"
            emitter.frame = panel.bounds
            panel.addSublayer(emitter)
            root.addSublayer(panel)
        }
        let text = CATextLayer()
        text.name = "caption"
        text.frame = CGRect(x: margin, y: size.height - captionHeight, width: size.width - 2 * margin, height: 20)
        text.fontSize = 13
        text.foregroundColor = Palette.ink
        text.contentsScale = 2
        text.string =
            "CAEmitterLayer: fire (additive), snow, fireworks (sub-emitters); click a panel to move its emitter"
        root.addSublayer(text)
        return root
    }

    /// A `size` x `size` white disc whose alpha falls off from the centre (`hardness` 0: a soft
    /// glow; near 1: a crisp dot).
    static func softDot(size: Int, hardness: Double) -> CGImage {
        var pixels: [UInt8] = []
        let r = Double(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                let d =
                    ((Double(x) + 0.5 - r) * (Double(x) + 0.5 - r) + (Double(y) + 0.5 - r) * (Double(y) + 0.5 - r))
                    .squareRoot() / r
                let a = d >= 1 ? 0 : min(1, (1 - d) / max(1 - hardness, 0.01))
                pixels += [255, 255, 255, UInt8((a * 255).rounded())]
            }
        }
        return CGImage(rgbaPixels: pixels, width: size, height: size)!
    }

    static let glow = softDot(size: 32, hardness: 0)
    static let flake = softDot(size: 12, hardness: 0.6)
    static let spark = softDot(size: 6, hardness: 0.8)

    static func fire(_ size: CGSize) -> CAEmitterLayer {
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: size.width / 2, y: size.height - 30)
        emitter.emitterSize = CGSize(width: size.width * 0.35, height: 0)
        emitter.emitterShape = .line
        emitter.renderMode = .additive
        emitter.seed = 14
        let flame = CAEmitterCell()
        flame.name = "flame"
        flame.contents = glow
        flame.birthRate = 220
        flame.lifetime = 1.4
        flame.lifetimeRange = 0.4
        flame.velocity = 70
        flame.velocityRange = 25
        flame.emissionLongitude = -.pi / 2
        flame.emissionRange = .pi / 5
        flame.yAcceleration = -40
        flame.scale = 1.1
        flame.scaleSpeed = -0.6
        flame.color = CGColor(red: 1, green: 0.45, blue: 0.12, alpha: 0.35)
        flame.greenRange = 0.15
        flame.alphaSpeed = -0.22
        emitter.emitterCells = [flame]
        return emitter
    }

    static func snow(_ size: CGSize) -> CAEmitterLayer {
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: size.width / 2, y: -10)
        emitter.emitterSize = CGSize(width: size.width * 1.2, height: 0)
        emitter.emitterShape = .line
        emitter.seed = 7
        let flake = CAEmitterCell()
        flake.name = "flake"
        flake.contents = Self.flake
        flake.birthRate = 40
        flake.lifetime = 12
        flake.velocity = 40
        flake.velocityRange = 20
        flake.emissionLongitude = .pi / 2
        flake.emissionRange = .pi / 4
        flake.yAcceleration = 4
        flake.scale = 0.7
        flake.scaleRange = 0.4
        flake.spinRange = 2
        flake.color = CGColor(red: 0.95, green: 0.97, blue: 1, alpha: 0.9)
        flake.alphaRange = 0.1
        emitter.emitterCells = [flake]
        return emitter
    }

    static func fireworks(_ size: CGSize) -> CAEmitterLayer {
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: size.width / 2, y: size.height)
        emitter.emitterSize = CGSize(width: size.width * 0.5, height: 0)
        emitter.emitterShape = .line
        emitter.renderMode = .additive
        emitter.seed = 3
        let rocket = CAEmitterCell()
        rocket.name = "rocket"
        rocket.contents = spark
        rocket.birthRate = 1.2
        rocket.lifetime = 1.6
        rocket.velocity = size.height * 0.55
        rocket.velocityRange = size.height * 0.1
        rocket.emissionLongitude = -.pi / 2
        rocket.emissionRange = .pi / 8
        rocket.yAcceleration = size.height * 0.12
        rocket.color = CGColor(red: 1, green: 0.9, blue: 0.6, alpha: 1)
        rocket.redRange = 0.3
        rocket.greenRange = 0.3
        rocket.blueRange = 0.4
        // The sparks: a burst once the rocket has flown 1.2 s, for 0.1 s.
        let burst = CAEmitterCell()
        burst.name = "burst"
        burst.contents = spark
        burst.beginTime = 1.2
        burst.duration = 0.1
        burst.birthRate = 900
        burst.lifetime = 1.6
        burst.lifetimeRange = 0.4
        burst.velocity = 70
        burst.velocityRange = 25
        burst.emissionRange = 2 * .pi
        burst.yAcceleration = 50
        burst.scale = 0.8
        burst.color = CGColor(red: 1, green: 0.6, blue: 0.3, alpha: 1)
        burst.redRange = 0.4
        burst.greenRange = 0.5
        burst.blueRange = 0.6
        burst.alphaSpeed = -0.6
        rocket.emitterCells = [burst]
        emitter.emitterCells = [rocket]
        return emitter
    }

    /// The benchmark: one emitter over the whole window keeping 10,000 particles alive (5,000
    /// born a second, each living 2 s), 6-point dots flying out in every direction.
    static func bench(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), night)
        let emitter = CAEmitterLayer()
        emitter.name = "emitter-bench"
        emitter.frame = root.bounds
        emitter.emitterPosition = CGPoint(x: size.width / 2, y: size.height / 2)
        emitter.emitterSize = CGSize(width: size.width / 2, height: size.height / 2)
        emitter.emitterShape = .rectangle
        emitter.seed = 10_000
        let dot = CAEmitterCell()
        dot.contents = spark
        dot.birthRate = 5_000
        dot.lifetime = 2
        dot.velocity = 60
        dot.velocityRange = 30
        dot.emissionRange = 2 * .pi
        dot.spinRange = 3
        dot.color = CGColor(red: 0.5, green: 0.8, blue: 1, alpha: 0.8)
        dot.redRange = 0.5
        emitter.emitterCells = [dot]
        root.addSublayer(emitter)
        return root
    }

    /// Moves the emitter of the panel clicked to the click.
    static func click(_ root: CALayer, _ hit: CALayer?, _ point: CGPoint) -> String {
        let panels = (root.sublayers ?? []).filter { $0.name?.hasPrefix("panel-") == true }
        guard let panel = panels.first(where: { $0.frame.contains(point) }),
            let emitter = panel.sublayers?.first(where: { $0 is CAEmitterLayer }) as? CAEmitterLayer
        else { return "emitter: click inside a panel to move its emitter" }
        let local = emitter.convert(point, from: root)
        emitter.emitterPosition = local
        return "emitter: \(emitter.name ?? "emitter") moved to (\(Int(local.x)), \(Int(local.y)))"
    }
}
