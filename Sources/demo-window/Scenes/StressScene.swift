import Foundation
import SceneCore

/// The peers' benchmark scene (see shared/peers/README.md): quad i at ((97i) mod 1232, (59i) mod 672),
/// 48x48, colour from sines at alpha 0.6, rotated by (7i) mod 360 degrees, turning.
///
/// `SceneOptions.animation` picks what turns the quads:
/// - `.explicit`: each quad gets one endless `transform.rotation.z` animation when built, by 2π
///   in 2 to 5 s depending on the quad; the render thread does all the rest.
/// - `.implicit`: every half second the app thread sets each quad's model transform to where
///   the quad should be 2.5 s later (one turn per 20 s, so an eighth of a turn ahead), in a
///   linear 2.5 s transaction; implicit animations, each starting from the angle on screen, do
///   the motion, and keep it going for 2 s after the app thread stops changing anything.
/// - `.app`: the app thread sets every quad's transform once per frame (one turn per 4 s).
///
/// The `r` key rasterizes every quad (`shouldRasterize`) or stops: turning only places a quad,
/// so each is drawn from its cached bitmap at every frame (the overlay, `f`, counts them), at
/// the cost of one draw call per quad.
enum StressScene {
    /// The key of each quad's animation in `.explicit` mode.
    static let animationKey = "spin"
    /// Seconds between the app thread's changes in `.implicit` mode.
    static let implicitInterval = 0.5
    /// How far ahead each implicit change aims, in seconds (also its animation's duration).
    static let implicitLookahead = 2.5
    /// Radians per second in `.implicit` mode: one turn per 20 s.
    static let implicitSpeed = 2 * Double.pi / 20
    /// The root's key-value coding key holding the last half-second step applied (`.implicit`).
    static let stepKey = "stress.step"

    static func make(_ options: SceneOptions) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: options.size), CGColor(gray: 0, alpha: 1))
        for i in 0..<options.layers {
            let f = CGFloat(i)
            let layer = CALayer.filled(
                CGRect(x: (i * 97) % (1280 - 48), y: (i * 59) % (720 - 48), width: 48, height: 48),
                CGColor(
                    red: 0.5 + 0.5 * sin(0.1 * f), green: 0.5 + 0.5 * sin(0.1 * f + 2.1),
                    blue: 0.5 + 0.5 * sin(0.1 * f + 4.2), alpha: 0.6))
            layer.transform = CATransform3DMakeRotation(startAngle(i), 0, 0, 1)
            layer.cornerRadius = options.radius
            apply(options.effect, to: layer)
            if options.animation == .explicit { layer.add(spin(i), forKey: animationKey) }
            root.addSublayer(layer)
        }
        if options.effect == .glass {
            for panel in glassPanels(in: options.size) { root.addSublayer(panel) }
        }
        root.setValue(0, forKey: stepKey)
        return root
    }

    /// The `glass` effect's panels: a two-by-two grid of frosted panels, each a quarter of the
    /// window less margins, over the quads.
    static func glassPanels(in size: CGSize) -> [CALayer] {
        let (width, height) = ((size.width - 60) / 2, (size.height - 60) / 2)
        return (0..<4).map { index in
            let panel = CALayer.filled(
                CGRect(
                    x: 20 + CGFloat(index % 2) * (width + 20), y: 20 + CGFloat(index / 2) * (height + 20),
                    width: max(width, 1), height: max(height, 1)), CGColor(gray: 1, alpha: 0.3))
            panel.name = "glass-\(index)"
            panel.cornerRadius = 16
            panel.backgroundFilters = [gaussianBlur(radius: 10)]
            return panel
        }
    }

    /// A `gaussianBlur` filter of `radius` (its `inputRadius`).
    static func gaussianBlur(radius: Double) -> CAFilter {
        let blur = CAFilter(type: .gaussianBlur)
        blur.setValue(radius, forKey: "inputRadius")
        return blur
    }

    /// Puts `effect` on one quad.
    static func apply(_ effect: StressEffect, to layer: CALayer) {
        switch effect {
        case .none, .glass: return
        case .blur: layer.filters = [gaussianBlur(radius: 4)]
        case .mask:
            let circle = CALayer.filled(layer.bounds, CGColor(gray: 0, alpha: 1))
            circle.cornerRadius = layer.bounds.width / 2
            layer.mask = circle
        case .shadow, .shadowPath:
            layer.shadowOpacity = 0.5
            layer.shadowRadius = 6
            layer.shadowOffset = CGSize(width: 0, height: 4)
            if effect == .shadowPath {
                layer.shadowPath = CGPath(
                    roundedRect: layer.bounds, cornerWidth: layer.cornerRadius, cornerHeight: layer.cornerRadius,
                    transform: nil)
            }
        case .gradient:
            let gradient = CAGradientLayer()
            gradient.frame = layer.bounds
            gradient.cornerRadius = layer.cornerRadius
            let colors = [layer.backgroundColor ?? CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 0.6)]
            gradient.colors = colors
            gradient.add(
                CABasicAnimation.backAndForth("colors", from: colors, to: Array(colors.reversed()), duration: 2),
                forKey: "swap")
            layer.backgroundColor = nil
            layer.addSublayer(gradient)
        case .shape:
            let ring = CAShapeLayer()
            ring.frame = layer.bounds
            ring.path = CGPath(ellipseIn: layer.bounds.insetBy(dx: 4, dy: 4), transform: nil)
            ring.fillColor = nil
            ring.strokeColor = layer.backgroundColor
            ring.lineWidth = 4
            ring.add(CABasicAnimation.backAndForth("strokeEnd", from: 0, to: 1, duration: 2), forKey: "draw")
            layer.backgroundColor = nil
            layer.addSublayer(ring)
        }
    }

    /// `r` switches `shouldRasterize` on every quad; other keys are not the scene's.
    static func key(_ root: CALayer, _ characters: String) -> String? {
        guard characters == "r" else { return nil }
        let rasterize = !((root.sublayers?.first)?.shouldRasterize ?? false)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for layer in root.sublayers ?? [] { layer.shouldRasterize = rasterize }
        CATransaction.commit()
        return rasterize ? "stress: quads rasterized (r)" : "stress: quads drawn directly (r)"
    }

    /// Quad `i`'s angle when built: (7i) mod 360 degrees.
    static func startAngle(_ i: Int) -> CGFloat {
        CGFloat((7 * i) % 360) * .pi / 180
    }

    /// Seconds per turn of quad `i` in `.explicit` mode: 2, 2.5, ... 5 s, round again every seven quads.
    static func period(_ i: Int) -> Double {
        2 + 0.5 * Double(i % 7)
    }

    /// Quad `i`'s endless turn: by 2π from its model angle (a by-value alone starts from the
    /// value beneath the animation) in `period(i)` seconds.
    static func spin(_ i: Int) -> CABasicAnimation {
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.byValue = 2 * Double.pi
        spin.duration = period(i)
        spin.repeatCount = .infinity
        return spin
    }

    /// The app-thread change for the chosen driver: none for `.explicit`.
    static func tick(_ options: SceneOptions) -> SceneTick? {
        switch options.animation {
        case .explicit, .still: nil
        case .implicit: SceneTick(interval: implicitInterval, change: retarget)
        case .app: .everyFrame(rotate)
        }
    }

    /// Turns every quad one full turn per 4 s from its start angle, in one transaction
    /// without actions (`.app`).
    static func rotate(_ root: CALayer, at t: Double) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (i, layer) in (root.sublayers ?? []).enumerated() {
            layer.transform = CATransform3DMakeRotation(startAngle(i) + CGFloat(t / 4) * 2 * .pi, 0, 0, 1)
        }
        CATransaction.commit()
    }

    /// Sets every quad's model transform to where it should be `implicitLookahead` seconds after
    /// the current half-second step, in a linear transaction of that duration, so that implicit
    /// animations carry each quad there (`.implicit`). A step already taken is not repeated.
    static func retarget(_ root: CALayer, at t: Double) {
        let step = Int((t / implicitInterval).rounded(.down)) + 1
        guard step > root.value(forKey: stepKey) as? Int ?? 0 else { return }
        root.setValue(step, forKey: stepKey)
        let ahead = CGFloat((Double(step) * implicitInterval + implicitLookahead) * implicitSpeed)
        CATransaction.begin()
        CATransaction.setAnimationDuration(implicitLookahead)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        for (i, layer) in (root.sublayers ?? []).enumerated() {
            layer.transform = CATransform3DMakeRotation(startAngle(i) + ahead, 0, 0, 1)
        }
        CATransaction.commit()
    }
}
