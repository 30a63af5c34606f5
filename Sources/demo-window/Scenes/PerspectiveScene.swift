import SceneCore

/// Cards rotated about the y axis under a parent whose sublayerTransform has m34 = -1/500;
/// the one turned past 90° is single-sided and so disappears.
enum PerspectiveScene {
    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        root.sublayerTransform = perspective
        let angles: [CGFloat] = [0, .pi / 6, .pi / 3, .pi * 0.75]
        for (index, angle) in angles.enumerated() {
            let card = CALayer.filled(CGRect(x: 30 + CGFloat(index) * 150, y: 80, width: 120, height: 160), Palette.blue)
            card.cornerRadius = 10
            card.borderWidth = 3
            card.borderColor = Palette.ink
            card.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
            card.isDoubleSided = index != 3
            card.contents = Palette.quadrants
            card.contentsGravity = .center
            root.addSublayer(card)
        }
        return root
    }
}
