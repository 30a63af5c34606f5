import Foundation
import SceneCore

/// What each panel of the animations scene holds, and how a click changes it.
extension AnimationsScene {
    // MARK: implicit

    /// The implicit square's two states: position (as fractions of the panel), colour, opacity.
    static let implicitStates: [(at: CGPoint, color: CGColor, opacity: Float)] = [
        (CGPoint(x: 0.25, y: 0.5), Palette.blue, 1), (CGPoint(x: 0.75, y: 0.5), Palette.orange, 0.4),
    ]

    static func addImplicit(to panel: CALayer) {
        let side = min(panel.bounds.width, panel.bounds.height) * 0.3
        let square = CALayer.filled(CGRect(x: 0, y: 0, width: side, height: side), implicitStates[0].color)
        square.name = "implicit.square"
        square.position = point(implicitStates[0].at, in: panel)
        panel.addSublayer(square)
    }

    /// Sets the square's position, colour and opacity to the other state; the setters'
    /// default actions animate each change (0.25 s).
    static func toggleImplicit(in panel: CALayer, clicks: Int) -> String {
        let state = implicitStates[clicks % 2]
        let square = panel.descendant(named: "implicit.square")!
        square.position = point(state.at, in: panel)
        square.backgroundColor = state.color
        square.opacity = state.opacity
        return "position, backgroundColor and opacity animate implicitly"
    }

    // MARK: action

    /// The swatch's action for `backgroundColor`: a push from the right instead of a cross-fade of colours.
    static func pushAction() -> CATransition {
        let push = CATransition()
        push.type = .push
        push.subtype = .fromRight
        push.duration = 0.5
        return push
    }

    static func addAction(to panel: CALayer) {
        let swatch = CALayer.filled(panel.bounds.insetBy(dx: 24, dy: 24), colors[0])
        swatch.name = "action.swatch"
        swatch.actions = ["backgroundColor": pushAction()]
        panel.addSublayer(swatch)
    }

    /// Sets the swatch's next colour; its `actions` entry runs the push transition.
    static func recolourThroughAction(in panel: CALayer, clicks: Int) -> String {
        panel.descendant(named: "action.swatch")!.backgroundColor = colors[clicks % colors.count]
        return "backgroundColor changes through actions[\"backgroundColor\"], a push CATransition"
    }

    // MARK: keyframe

    /// The keyframe dots: name suffix and calculation mode, top to bottom.
    static let keyframeModes: [(name: String, mode: CAAnimationCalculationMode)] = [
        ("linear", .linear), ("discrete", .discrete), ("cubic", .cubic),
    ]
    /// The dots' x positions as fractions of the panel width, and their key times.
    static let keyframeXs: [CGFloat] = [0.15, 0.85, 0.4, 0.85]
    static let keyframeTimes: [NSNumber] = [0, 0.3, 0.6, 1]
    /// The discrete dot's key times: one more than values, each value held until the next.
    static let discreteKeyTimes: [NSNumber] = [0, 0.25, 0.5, 0.75, 1]

    /// Adds the three dots on first use, and (again) their endless 3 s keyframe animations on `position.x`.
    static func addKeyframes(to panel: CALayer) {
        let side = panel.bounds.height * 0.12
        for (index, entry) in keyframeModes.enumerated() {
            let name = "keyframe.\(entry.name)"
            let dot =
                panel.descendant(named: name)
                ?? {
                    let dot = CALayer.filled(CGRect(x: 0, y: 0, width: side, height: side), colors[index])
                    dot.name = name
                    dot.cornerRadius = side / 2
                    dot.position = CGPoint(
                        x: keyframeXs[0] * panel.bounds.width, y: panel.bounds.height * CGFloat(index + 1) / 4)
                    panel.addSublayer(dot)
                    return dot
                }()
            let keyframes = CAKeyframeAnimation(keyPath: "position.x")
            keyframes.values = keyframeXs.map { Double($0 * panel.bounds.width) }
            keyframes.keyTimes = entry.mode == .discrete ? discreteKeyTimes : keyframeTimes
            keyframes.calculationMode = entry.mode
            keyframes.duration = 3
            keyframes.repeatCount = .infinity
            dot.add(keyframes, forKey: "keyframes")
        }
    }

    // MARK: spring

    /// The springs: the default one (mass 1, stiffness 100, damping 10) and a bouncy one
    /// described by its perceptual duration.
    static func springs() -> [(name: String, spring: CASpringAnimation)] {
        [
            ("spring.default", CASpringAnimation()),
            ("spring.perceptual", CASpringAnimation(perceptualDuration: 0.8, bounce: 0.5)),
        ]
    }

    /// Adds the two balls on first use, and (again) their endless drops: `position.y` from the
    /// top of the panel to the ball's place, each cycle `settlingDuration` long.
    static func addSprings(to panel: CALayer) {
        let side = panel.bounds.height * 0.16
        let top = Double(panel.bounds.height * 0.2)
        let rest = Double(panel.bounds.height * 0.75)
        for (index, entry) in springs().enumerated() {
            let ball =
                panel.descendant(named: entry.name)
                ?? {
                    let ball = CALayer.filled(CGRect(x: 0, y: 0, width: side, height: side), colors[index + 1])
                    ball.name = entry.name
                    ball.cornerRadius = side / 2
                    ball.position = CGPoint(x: panel.bounds.width * CGFloat(index + 1) / 3, y: CGFloat(rest))
                    panel.addSublayer(ball)
                    return ball
                }()
            let spring = entry.spring
            spring.keyPath = "position.y"
            spring.fromValue = top
            spring.toValue = rest
            spring.duration = spring.settlingDuration
            spring.repeatCount = .infinity
            ball.add(spring, forKey: "drop")
        }
    }

    // MARK: group

    /// The group: a quarter turn, rounding into a circle and a change of colour, 2 s each way, forever.
    static func group(side: CGFloat) -> CAAnimationGroup {
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0
        turn.toValue = Double.pi / 2
        let round = CABasicAnimation(keyPath: "cornerRadius")
        round.fromValue = 0
        round.toValue = Double(side / 2)
        let recolour = CABasicAnimation(keyPath: "backgroundColor")
        recolour.fromValue = Palette.blue
        recolour.toValue = Palette.green
        let group = CAAnimationGroup()
        group.animations = [turn, round, recolour]
        group.duration = 2
        for child in [turn, round, recolour] { child.duration = 2 }
        group.autoreverses = true
        group.repeatCount = .infinity
        group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        return group
    }

    /// Adds the square on first use, and (again) its group animation.
    static func addGroup(to panel: CALayer) {
        let side = min(panel.bounds.width, panel.bounds.height) * 0.4
        let square =
            panel.descendant(named: "group.square")
            ?? {
                let square = CALayer.filled(CGRect(x: 0, y: 0, width: side, height: side), Palette.blue)
                square.name = "group.square"
                square.position = CGPoint(x: panel.bounds.midX, y: panel.bounds.midY)
                panel.addSublayer(square)
                return square
            }()
        square.add(group(side: side), forKey: "group")
    }

    // MARK: transition

    static func addTransitionCard(to panel: CALayer) {
        let card = CALayer.filled(panel.bounds.insetBy(dx: 24, dy: 24), colors[0])
        card.name = "transition.card"
        card.contentsGravity = .resizeAspect
        card.magnificationFilter = .nearest
        panel.addSublayer(card)
    }

    /// Changes the card's colour and image under the next transition of `transitions`, added
    /// under `kCATransition` in the same transaction (with the property's own actions off).
    static func changeCard(in panel: CALayer, clicks: Int) -> String {
        let card = panel.descendant(named: "transition.card")!
        let transition = CATransition()
        transition.type = transitions[(clicks - 1) % transitions.count]
        transition.subtype = .fromRight
        transition.duration = 0.6
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        card.backgroundColor = colors[clicks % colors.count]
        card.contents = clicks % 2 == 1 ? Palette.quadrants : nil
        card.add(transition, forKey: kCATransition)
        CATransaction.commit()
        return transition.type.rawValue
    }

    /// The point at `fraction` of `panel`'s bounds.
    static func point(_ fraction: CGPoint, in panel: CALayer) -> CGPoint {
        CGPoint(x: panel.bounds.width * fraction.x, y: panel.bounds.height * fraction.y)
    }
}
