import SceneCore

/// A cube of six single-sided faces turning under perspective. The faces are placed with
/// their own transforms (out along z by half the edge, then turned to their side) inside a
/// container whose `sublayerTransform` carries the turn and `m34 = -1/500`; faces turned away
/// from the viewer are culled.
enum PerspectiveScene {
    /// Seconds per full turn about the vertical axis.
    static let period = 6.0
    /// The cube's tilt towards the viewer about the horizontal axis, so the top face shows.
    static let tilt: CGFloat = -0.4
    /// The faces: name, colour, and the turn that carries the front face to that side.
    static let faces: [(name: String, color: CGColor, turn: CATransform3D)] = [
        ("front", Palette.blue, CATransform3DIdentity),
        ("right", Palette.orange, CATransform3DMakeRotation(.pi / 2, 0, 1, 0)),
        ("top", Palette.green, CATransform3DMakeRotation(.pi / 2, 1, 0, 0)),
        ("left", Palette.purple, CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)),
        ("bottom", CGColor(red: 0.85, green: 0.2, blue: 0.3, alpha: 1), CATransform3DMakeRotation(-.pi / 2, 1, 0, 0)),
        ("back", CGColor(red: 0.95, green: 0.8, blue: 0.15, alpha: 1), CATransform3DMakeRotation(.pi, 0, 1, 0)),
    ]

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        let edge = (min(size.width, size.height) * 0.45).rounded()
        let cube = CALayer()
        cube.name = "cube"
        cube.frame = CGRect(x: (size.width - edge) / 2, y: (size.height - edge) / 2, width: edge, height: edge)
        for face in faces {
            let layer = CALayer.filled(CGRect(x: 0, y: 0, width: edge, height: edge), face.color)
            layer.name = face.name
            layer.cornerRadius = edge * 0.04
            layer.borderWidth = 4
            layer.borderColor = Palette.ink
            layer.isDoubleSided = false
            layer.transform = CATransform3DConcat(CATransform3DMakeTranslation(0, 0, edge / 2), face.turn)
            cube.addSublayer(layer)
        }
        root.addSublayer(cube)
        turn(root, at: 0)
        return root
    }

    /// The cube's turn about the vertical axis at `t` seconds: a twelfth of a turn at 0,
    /// then a full turn every `period` seconds.
    static func angle(at t: Double) -> CGFloat {
        CGFloat(.pi / 6 + 2 * .pi * t / period)
    }

    /// Turns the cube of a scene built by `make` to where it is at `t` seconds.
    static func turn(_ root: CALayer, at t: Double) {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let spin = CATransform3DConcat(
            CATransform3DMakeRotation(angle(at: t), 0, 1, 0), CATransform3DMakeRotation(tilt, 1, 0, 0))
        CALayer.withoutActions {
            root.descendant(named: "cube")?.sublayerTransform = CATransform3DConcat(spin, perspective)
        }
    }
}
