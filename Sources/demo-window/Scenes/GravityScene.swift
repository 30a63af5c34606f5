import SceneCore

/// One image in a 90x60 frame under each contentsGravity, labelled by position in a 4x3 grid.
enum GravityScene {
    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        for (index, gravity) in CALayerContentsGravity.allCases.enumerated() {
            let layer = CALayer.filled(
                CGRect(x: 20 + CGFloat(index % 4) * 150, y: 20 + CGFloat(index / 4) * 110, width: 120, height: 80),
                CGColor(gray: 0.8, alpha: 1))
            layer.contents = Palette.quadrants
            layer.contentsGravity = gravity
            layer.magnificationFilter = .nearest
            layer.masksToBounds = true
            layer.borderWidth = 1
            layer.name = gravity.rawValue
            root.addSublayer(layer)
        }
        return root
    }
}
