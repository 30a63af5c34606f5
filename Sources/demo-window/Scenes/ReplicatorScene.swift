import SceneCore

/// `CAReplicatorLayer` three ways, each a panel with a caption, all moved by render-thread
/// animations of one sublayer that the replicator draws many times:
/// - a loading spinner: twelve dots turned about the replicator's centre by
///   `instanceTransform`, one opacity fade delayed a twelfth of a second per dot;
/// - equaliser bars: eight bars side by side, one `transform.scale.y` pulse delayed per bar,
///   their colour stepped by the instance colour offsets;
/// - a ring: fourteen cards turned about the y axis by `instanceTransform`, kept in 3D by
///   `preservesDepth` under the panel's perspective (`m34`) of a stage under the caption, the whole ring turning.
enum ReplicatorScene {
    static let spinnerDots = 12
    static let spinnerPeriod = 1.0
    static let bars = 8
    static let barPeriod = 0.6
    static let ringCards = 14
    static let ringPeriod = 10.0

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        let width = ((size.width - 40) / 3).rounded(.down)
        let height = max(size.height - 20, 1)
        let panels: [(String, String, (CALayer) -> Void)] = [
            ("spinner", "Spinner: 12 instances, instanceDelay 1/12 s", addSpinner),
            ("equaliser", "Equaliser: 8 bars, scale.y delayed, colour offsets", addEqualiser),
            ("ring", "Ring: rotation about y, preservesDepth, m34", addRing),
        ]
        for (index, (name, text, fill)) in panels.enumerated() {
            let panel = CALayer.panel(
                CGRect(x: 10 + CGFloat(index) * (width + 10), y: 10, width: width, height: height), named: name)
            panel.addSublayer(EffectsScene.caption(text, width: width))
            fill(panel)
            root.addSublayer(panel)
        }
        return root
    }

    /// A replicator named `name` filling the stage of `panel`.
    private static func replicator(_ name: String, in panel: CALayer) -> CAReplicatorLayer {
        let replicator = CAReplicatorLayer()
        replicator.name = name
        replicator.frame = EffectsScene.stage(of: panel)
        return replicator
    }

    static func addSpinner(to panel: CALayer) {
        let spinner = replicator("spinner", in: panel)
        let bounds = spinner.bounds
        let radius = min(bounds.width, bounds.height) * 0.3
        spinner.instanceCount = spinnerDots
        spinner.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(spinnerDots), 0, 0, 1)
        spinner.instanceDelay = spinnerPeriod / Double(spinnerDots)
        let dot = CALayer.filled(
            CGRect(x: bounds.midX - 7, y: bounds.midY - radius - 7, width: 14, height: 14), Palette.blue)
        dot.name = "dot"
        dot.cornerRadius = 7
        dot.opacity = 0.15
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.15
        fade.duration = spinnerPeriod
        fade.repeatCount = .infinity
        dot.add(fade, forKey: "fade")
        spinner.addSublayer(dot)
        panel.addSublayer(spinner)
    }

    static func addEqualiser(to panel: CALayer) {
        let equaliser = replicator("equaliser", in: panel)
        let bounds = equaliser.bounds
        let step = (bounds.width / CGFloat(bars)).rounded(.down)
        equaliser.instanceCount = bars
        equaliser.instanceTransform = CATransform3DMakeTranslation(step, 0, 0)
        equaliser.instanceDelay = barPeriod / Double(bars)
        equaliser.instanceColor = Palette.orange
        equaliser.instanceGreenOffset = -0.06
        equaliser.instanceBlueOffset = 0.1
        let barHeight = bounds.height * 0.7
        let bar = CALayer.filled(
            CGRect(
                x: (step * 0.2).rounded(), y: bounds.maxY - barHeight - 10, width: (step * 0.6).rounded(),
                height: barHeight), .white)
        bar.name = "bar"
        bar.anchorPoint = CGPoint(x: 0.5, y: 1)
        bar.position.y = bounds.maxY - 10
        bar.cornerRadius = 3
        bar.add(
            CABasicAnimation.backAndForth("transform.scale.y", from: 1, to: 0.15, duration: barPeriod / 2),
            forKey: "pulse")
        equaliser.addSublayer(bar)
        panel.addSublayer(equaliser)
    }

    static func addRing(to panel: CALayer) {
        // The perspective is a stage's, under the caption, so that the caption stays flat.
        let stage = CALayer.filled(EffectsScene.stage(of: panel), nil)
        stage.name = "ring-stage"
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        stage.sublayerTransform = CATransform3DRotate(perspective, -0.25, 1, 0, 0)
        let ring = CAReplicatorLayer()
        ring.name = "ring"
        ring.frame = stage.bounds
        let bounds = ring.bounds
        let radius = min(bounds.width, bounds.height) * 0.38
        ring.instanceCount = ringCards
        ring.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(ringCards), 0, 1, 0)
        ring.preservesDepth = true
        ring.instanceColor = Palette.purple
        ring.instanceRedOffset = 0.03
        ring.instanceGreenOffset = 0.04
        let card = CALayer.filled(CGRect(x: bounds.midX - 14, y: bounds.midY - 20, width: 28, height: 40), .white)
        card.name = "card"
        card.cornerRadius = 4
        card.zPosition = radius
        ring.addSublayer(card)
        let turn = CABasicAnimation(keyPath: "transform.rotation.y")
        turn.fromValue = 0
        turn.toValue = 2 * Double.pi
        turn.duration = ringPeriod
        turn.repeatCount = .infinity
        ring.add(turn, forKey: "turn")
        stage.addSublayer(ring)
        panel.addSublayer(stage)
    }
}
