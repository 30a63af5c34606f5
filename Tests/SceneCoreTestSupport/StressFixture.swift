import Foundation
import SceneCore

/// The peers' stress scene (see shared/peers/README.md), built once for every test target:
/// quad i, 48x48, at ((97i) mod 1232, (59i) mod 672) in a 1280x720 root, coloured from sines at
/// alpha 0.6 and turned by (7i) mod 360 degrees.
///
/// The demo's `stress` scene (`StressScene`) and the micro-benchmarks (`Benchmarks/`) build the
/// same quads for themselves; tests of the demo scene use `StressScene` itself, other tests use this.
public enum StressFixture {
    /// The root's width and height: the peers' window.
    public static let width = 1280, height = 720
    /// The side of every quad.
    public static let side = 48

    /// The frame of quad `i`.
    public static func frame(_ i: Int) -> CGRect {
        let x = (i * 97) % (width - side)
        let y = (i * 59) % (height - side)
        return CGRect(x: x, y: y, width: side, height: side)
    }

    /// The background colour of quad `i`.
    public static func color(_ i: Int) -> CGColor {
        let f = CGFloat(i)
        return CGColor(
            red: 0.5 + 0.5 * sin(0.1 * f), green: 0.5 + 0.5 * sin(0.1 * f + 2.1), blue: 0.5 + 0.5 * sin(0.1 * f + 4.2),
            alpha: 0.6)
    }

    /// The angle of quad `i` about z, in radians.
    public static func angle(_ i: Int) -> CGFloat {
        CGFloat((7 * i) % 360) * .pi / 180
    }

    /// The scene of `count` quads: a root at the origin with the quads as its sublayers, each
    /// with its frame, colour and angle, then handed to `configure` with its index.
    public static func make(count: Int = 1000, configure: (CALayer, Int) -> Void = { _, _ in }) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        for i in 0..<count {
            let layer = CALayer()
            layer.frame = frame(i)
            layer.backgroundColor = color(i)
            layer.transform = CATransform3DMakeRotation(angle(i), 0, 0, 1)
            configure(layer, i)
            root.addSublayer(layer)
        }
        return root
    }
}
