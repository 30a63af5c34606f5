import SceneCore

/// The peers' benchmark scene (see shared/peers/README.md): quad i at ((97i) mod 1232, (59i) mod 672),
/// 48x48, colour from sines at alpha 0.6, rotated by (7i) mod 360 degrees.
enum StressScene {
    static func make(_ options: SceneOptions) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: options.size), CGColor(gray: 0, alpha: 1))
        for i in 0..<options.layers {
            let f = CGFloat(i)
            let layer = CALayer.filled(
                CGRect(x: (i * 97) % (1280 - 48), y: (i * 59) % (720 - 48), width: 48, height: 48),
                CGColor(red: 0.5 + 0.5 * sin(0.1 * f), green: 0.5 + 0.5 * sin(0.1 * f + 2.1),
                        blue: 0.5 + 0.5 * sin(0.1 * f + 4.2), alpha: 0.6))
            layer.transform = CATransform3DMakeRotation(CGFloat((7 * i) % 360) * .pi / 180, 0, 0, 1)
            layer.cornerRadius = options.radius
            root.addSublayer(layer)
        }
        return root
    }

    /// Turns every quad one full turn per 4 s from its start angle, in one transaction.
    static func rotate(_ root: CALayer, at t: Double) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (i, layer) in (root.sublayers ?? []).enumerated() {
            let degrees = Double((7 * i) % 360) + 360 * t / 4
            layer.transform = CATransform3DMakeRotation(CGFloat(degrees * .pi / 180), 0, 0, 1)
        }
        CATransaction.commit()
    }
}
