import Foundation
import SceneComposition

/// `CACompositionLayer`: four Lottie compositions written by the demo (`DemoCompositions`),
/// each a tree of layers and keyframe animations the render thread plays alone — a loader
/// looping, its dots recoloured through a key path (a colour cycle added by
/// `add(_:forInputKeyPath:)`, played with the composition), a tick drawn back and forth, a
/// bouncing ball scrubbed by a click (the click's x across its panel is the progress shown, and
/// its caption, a text layer, is set to the frame by key path), and an orbit inside a turning
/// card masked to a circle.
enum CompositionsScene {
    /// The name of the composition layer a click scrubs.
    static let scrubbedName = "scrubbed"
    /// The name of the loader's composition layer.
    static let loaderName = "loader"
    /// The colours the loader's dots cycle through, once per loop (two seconds), by key path.
    static let loaderColors = [Palette.blue, Palette.orange, Palette.green, Palette.blue]

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        let side = max(10, min((size.width - 50) / 4, size.height - 20))
        let top = (size.height - side) / 2
        let documents = [
            DemoCompositions.loader, DemoCompositions.check, DemoCompositions.bounce, DemoCompositions.orbit,
        ]
        let modes: [CACompositionLoopMode] = [.loop, .autoReverse, .playOnce, .loop]
        for (index, document) in documents.enumerated() {
            let frame = CGRect(x: 10 + CGFloat(index) * (side + 10), y: top, width: side, height: side)
            let panel = CALayer.panel(frame, named: "composition-\(index)")
            let player = CACompositionLayer(composition: try? CAComposition(data: Data(document.utf8)))
            player.frame = panel.bounds
            player.loopMode = modes[index]
            if index == 0 {
                player.name = loaderName
                player.add(
                    colorCycle(over: player.composition?.duration ?? 2), forInputKeyPath: DemoCompositions.loaderColors)
            }
            if index == 2 {
                player.name = scrubbedName
                player.currentProgress = 0.5
            } else {
                player.play()
            }
            panel.addSublayer(player)
            if index == 3 {
                panel.maskToCentredCircle()
                panel.add(CABasicAnimation.turning(duration: 6), forKey: "turn")
            }
            root.addSublayer(panel)
        }
        return root
    }

    /// Shows, paused, the bouncing ball's frame at the click's place across its panel.
    static func click(_ root: CALayer, _ hit: CALayer?, _ point: CGPoint) -> String {
        guard let player = root.descendant(named: scrubbedName) as? CACompositionLayer,
            let panel = player.superlayer
        else { return "no composition to scrub" }
        let x = panel.convert(point, from: root).x
        guard x >= 0, x <= panel.bounds.width else { return "click the ball's panel to scrub it" }
        player.currentProgress = x / panel.bounds.width
        player.setValue("frame \(Int(player.currentFrame))", forInputKeyPath: DemoCompositions.bounceCaption)
        return "composition scrubbed to frame \(Int(player.currentFrame))"
    }

    /// `loaderColors` in turn over `duration`, in the composition's time: it loops with it.
    private static func colorCycle(over duration: CFTimeInterval) -> CAKeyframeAnimation {
        let cycle = CAKeyframeAnimation()
        cycle.values = loaderColors
        cycle.keyTimes = [0, 1.0 / 3, 2.0 / 3, 1].map { NSNumber(value: $0) }
        cycle.duration = duration
        return cycle
    }
}

extension CABasicAnimation {
    /// A full turn about z every `duration` seconds, forever.
    fileprivate static func turning(duration: CFTimeInterval) -> CABasicAnimation {
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0
        turn.toValue = 2 * Double.pi
        turn.duration = duration
        turn.repeatCount = .infinity
        return turn
    }
}
