import SceneCore

/// Three overlapping cards whose stacking changes through `zPosition` alone, never through
/// the order of `sublayers`: once a second and on every click the next card comes to the top.
enum ZOrderScene {
    /// The cards' names and colours, in `sublayers` order.
    static let cards: [(name: String, color: CGColor)] = [
        ("blue", Palette.blue), ("orange", Palette.orange), ("green", Palette.green),
    ]
    /// The root's key-value coding key holding the whole seconds of scene time already flipped for.
    static let flippedSecondsKey = "zorder.flippedSeconds"

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        let side = (min(size.width, size.height) * 0.55).rounded()
        let overlap = overlapPoint(in: size)
        // The cards' top-left corners, in card sides from the overlap point: each covers it
        // with 0.2 of a side to spare and reaches out in a different direction.
        let origins = [CGPoint(x: -0.8, y: -0.8), CGPoint(x: -0.2, y: -0.8), CGPoint(x: -0.5, y: -0.2)]
        for (card, origin) in zip(cards, origins) {
            let layer = CALayer.filled(
                CGRect(x: overlap.x + origin.x * side, y: overlap.y + origin.y * side, width: side, height: side),
                card.color)
            layer.name = card.name
            layer.cornerRadius = side * 0.12
            layer.borderWidth = 3
            layer.borderColor = Palette.ink
            root.addSublayer(layer)
        }
        root.setValue(0, forKey: flippedSecondsKey)
        stack(root, top: 0)
        return root
    }

    /// A point, in root coordinates, inside all three cards.
    static func overlapPoint(in size: CGSize) -> CGPoint {
        CGPoint(x: (size.width / 2).rounded(), y: (size.height / 2).rounded())
    }

    /// The index in `sublayers` of the card on top: the highest `zPosition`.
    static func topIndex(_ root: CALayer) -> Int {
        let layers = root.sublayers ?? []
        return layers.indices.max { layers[$0].zPosition < layers[$1].zPosition } ?? 0
    }

    /// Stacks the cards so that card `top` is in front, the one before it next, and so on round.
    static func stack(_ root: CALayer, top: Int) {
        let layers = root.sublayers ?? []
        CALayer.withoutActions {
            for (index, layer) in layers.enumerated() {
                layer.zPosition = CGFloat((index - top + 2 * layers.count - 1) % layers.count)
            }
        }
    }

    /// Brings the next card (in `sublayers` order, wrapping round) to the top.
    static func flip(_ root: CALayer) {
        stack(root, top: (topIndex(root) + 1) % cards.count)
    }

    /// Flips once for every whole second of `t` not yet flipped for (a full round of flips
    /// changes nothing, so a long stall flips only the remainder).
    static func tick(_ root: CALayer, at t: Double) {
        let flipped = root.value(forKey: flippedSecondsKey) as? Int ?? 0
        let seconds = Int(t.rounded(.down))
        guard seconds > flipped else { return }
        for _ in 0..<(seconds - flipped) % cards.count { flip(root) }
        root.setValue(seconds, forKey: flippedSecondsKey)
    }

    /// Flips on a click anywhere and reports the card now on top.
    static func click(_ root: CALayer, _ hit: CALayer?, _ point: CGPoint) -> String {
        flip(root)
        return "on top: \(cards[topIndex(root)].name)"
    }
}
