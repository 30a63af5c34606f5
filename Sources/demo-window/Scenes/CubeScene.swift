import SceneCore

/// Two 3D structures built with `CATransformLayer`, turning under perspective by render-thread
/// animations, with faces to click.
///
/// On the left a cube: six double-sided faces, sublayers of one transform layer that an endless
/// `transform.rotation.y` animation turns; the depth order of the transform layer's 3D space,
/// not culling, shows the near faces in front. On the right a carousel: a transform layer
/// turning the other way, holding six panels in a ring around a nested transform layer, a small
/// cube tumbling about x; the ring's panels and the nested cube's faces share one 3D space, so
/// the nested cube shows between the near and the far panels. Each structure stands on a plain
/// stage whose `sublayerTransform` tilts it towards the viewer and adds the perspective
/// (`m34 = −1/700`). A click is hit-tested in 3D on what is on screen: the face hit lights up
/// (and the one lit before goes back to its colour).
enum CubeScene {
    /// The caption shown above the structures.
    static let caption =
        "CATransformLayer: a cube, and a carousel around a nested tumbling cube, in true 3D under perspective (m34), turned by render-thread animations. Click a face: it is hit-tested in 3D and lights up."
    /// Seconds per turn: the cube, the carousel (turning the other way) and the nested cube.
    static let cubePeriod = 8.0
    static let carouselPeriod = 12.0
    static let tumblePeriod = 5.0
    /// The cube's turn when the scene starts (a twelfth of a turn, so that two sides show).
    static let cubeStart = Double.pi / 6
    /// The stages' tilt about x, towards the viewer, so that the tops show.
    static let tilt: CGFloat = -0.3
    /// The colour of the face last clicked.
    static let highlight = CGColor(red: 1, green: 0.95, blue: 0.55, alpha: 1)
    /// The line a click reports when it hits no face.
    static let nothing = "hit: nothing (no face there)"

    /// The faces of a cube: name suffix, colour, and the turn carrying the front face to that side.
    static let faces: [(name: String, color: CGColor, turn: CATransform3D)] = [
        ("front", Palette.blue, CATransform3DIdentity),
        ("right", Palette.orange, CATransform3DMakeRotation(.pi / 2, 0, 1, 0)),
        ("back", Palette.green, CATransform3DMakeRotation(.pi, 0, 1, 0)),
        ("left", Palette.purple, CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)),
        ("top", CGColor(red: 0.85, green: 0.2, blue: 0.3, alpha: 1), CATransform3DMakeRotation(.pi / 2, 1, 0, 0)),
        ("bottom", CGColor(red: 0.1, green: 0.65, blue: 0.75, alpha: 1), CATransform3DMakeRotation(-.pi / 2, 1, 0, 0)),
    ]
    /// The carousel's panels, one every 60° about y.
    static let panelCount = 6

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        let top: CGFloat = 56
        let text = CATextLayer()
        text.name = "caption"
        text.frame = CGRect(x: 16, y: 8, width: size.width - 32, height: top - 12)
        text.string = caption
        text.font = "DejaVu Sans"
        text.fontSize = 14
        text.foregroundColor = Palette.ink
        text.isWrapped = true
        root.addSublayer(text)

        let half = size.width / 2
        let stageHeight = max(size.height - top, 1)
        let edge = (min(half, stageHeight) * 0.42).rounded()
        let left = stage("cube-stage", CGRect(x: 0, y: top, width: half, height: stageHeight))
        let cube = cubeLayer("cube", edge: edge, centre: CGPoint(x: half / 2, y: stageHeight / 2))
        cube.add(turn("transform.rotation.y", from: cubeStart, by: 2 * .pi, period: cubePeriod), forKey: "turn")
        left.addSublayer(cube)
        root.addSublayer(left)

        let right = stage("carousel-stage", CGRect(x: half, y: top, width: half, height: stageHeight))
        let carousel = CATransformLayer()
        carousel.name = "carousel"
        carousel.position = CGPoint(x: half / 2, y: stageHeight / 2)
        let radius = edge * 0.9
        let panelWidth = (2 * radius * tan(.pi / CGFloat(panelCount)) * 0.9).rounded()
        for index in 0..<panelCount {
            let panel = CALayer.filled(
                CGRect(x: -panelWidth / 2, y: -edge * 0.4, width: panelWidth, height: edge * 0.8),
                faces[index % faces.count].color)
            panel.name = "carousel-panel-\(index)"
            panel.cornerRadius = 6
            panel.borderWidth = 2
            panel.borderColor = Palette.ink
            panel.opacity = 0.9
            panel.transform = CATransform3DConcat(
                CATransform3DMakeTranslation(0, 0, radius),
                CATransform3DMakeRotation(CGFloat(index) * 2 * .pi / CGFloat(panelCount), 0, 1, 0))
            carousel.addSublayer(panel)
        }
        let nested = cubeLayer("nested", edge: (edge * 0.45).rounded(), centre: .zero)
        nested.add(turn("transform.rotation.x", from: 0, by: 2 * .pi, period: tumblePeriod), forKey: "tumble")
        carousel.addSublayer(nested)
        carousel.add(turn("transform.rotation.y", from: 0, by: -2 * .pi, period: carouselPeriod), forKey: "turn")
        right.addSublayer(carousel)
        root.addSublayer(right)
        return root
    }

    /// A plain layer filling `frame` whose sublayers are tilted by `tilt` and seen in perspective.
    private static func stage(_ name: String, _ frame: CGRect) -> CALayer {
        let stage = CALayer()
        stage.name = name
        stage.frame = frame
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 700
        stage.sublayerTransform = CATransform3DConcat(CATransform3DMakeRotation(tilt, 1, 0, 0), perspective)
        return stage
    }

    /// A transform layer centred at `centre` holding the six `faces` (named `name-front` ...),
    /// each `edge` wide, pushed out by half the edge and turned to its side.
    static func cubeLayer(_ name: String, edge: CGFloat, centre: CGPoint) -> CATransformLayer {
        let cube = CATransformLayer()
        cube.name = name
        cube.bounds = CGRect(x: 0, y: 0, width: edge, height: edge)
        cube.position = centre
        for face in faces {
            let layer = CALayer.filled(CGRect(x: 0, y: 0, width: edge, height: edge), face.color)
            layer.name = "\(name)-\(face.name)"
            layer.cornerRadius = edge * 0.06
            layer.borderWidth = edge > 60 ? 4 : 2
            layer.borderColor = Palette.ink
            layer.transform = CATransform3DConcat(CATransform3DMakeTranslation(0, 0, edge / 2), face.turn)
            cube.addSublayer(layer)
        }
        return cube
    }

    /// An endless turn about one axis (`keyPath` a `transform.rotation` key) from the angle
    /// `start`, `by` radians every `period` seconds.
    private static func turn(_ keyPath: String, from start: Double, by angle: Double, period: Double)
        -> CABasicAnimation
    {
        let turn = CABasicAnimation(keyPath: keyPath)
        turn.fromValue = start
        turn.byValue = angle
        turn.duration = period
        turn.repeatCount = .infinity
        return turn
    }

    /// The colour a face or panel named `name` has when not lit: from `faces` for cube faces
    /// (by the suffix after the last "-"), by index for carousel panels.
    static func color(of name: String) -> CGColor? {
        if name.hasPrefix("carousel-panel-"), let index = Int(name.dropFirst("carousel-panel-".count)) {
            return faces[index % faces.count].color
        }
        guard let suffix = name.split(separator: "-").last else { return nil }
        return faces.first { $0.name == suffix }?.color
    }

    /// A click on a face or panel lights it (`highlight`) and puts the one lit before back to
    /// its colour; a click elsewhere changes nothing.
    static func click(_ root: CALayer, _ hit: CALayer?, _ point: CGPoint) -> String {
        guard let hit, let name = hit.name, color(of: name) != nil else { return nothing }
        CALayer.withoutActions {
            for layer in litLayers(in: root) { layer.backgroundColor = layer.name.flatMap(color(of:)) }
            hit.backgroundColor = highlight
        }
        return "hit: \(name) (lit)"
    }

    /// The layers in `root`'s tree whose colour is `highlight`.
    static func litLayers(in root: CALayer) -> [CALayer] {
        var found: [CALayer] = []
        var pending = [root]
        while let layer = pending.popLast() {
            if layer.backgroundColor == highlight { found.append(layer) }
            pending.append(contentsOf: layer.sublayers ?? [])
        }
        return found
    }
}
