import Foundation

/// The Lottie documents the compositions scene plays, generated here (no third-party files):
/// each 100 points square at 30 frames a second, two seconds long.
enum DemoCompositions {
    /// A keyframed property `{"a": 1, "k": [...]}` of `(frame, value)` pairs (values as JSON),
    /// eased in and out; the last keyframe without easing, as Bodymovin writes it.
    private static func animated(_ keys: [(Int, String)], hold: Bool = false) -> String {
        let frames = keys.enumerated().map { index, key in
            let value = key.1.hasPrefix("[") ? key.1 : "[\(key.1)]"
            guard index + 1 < keys.count else { return "{\"t\": \(key.0), \"s\": \(value)}" }
            let easing = "\"o\": {\"x\": [0.4], \"y\": [0]}, \"i\": {\"x\": [0.2], \"y\": [1]}"
            return "{\"t\": \(key.0), \"s\": \(value), \(easing)\(hold ? ", \"h\": 1" : "")}"
        }
        return "{\"a\": 1, \"k\": [\(frames.joined(separator: ", "))]}"
    }

    private static func still(_ value: String) -> String { "{\"a\": 0, \"k\": \(value)}" }

    private static func transform(
        position: String = still("[0, 0]"), scale: String = still("[100, 100]"), rotation: String = still("0"),
        opacity: String = still("100"), anchor: String = still("[0, 0]")
    ) -> String {
        "{\"a\": \(anchor), \"p\": \(position), \"s\": \(scale), \"r\": \(rotation), \"o\": \(opacity)}"
    }

    private static func group(_ items: [String], name: String = "Group", transform: String = transform()) -> String {
        "{\"ty\": \"gr\", \"nm\": \"\(name)\", \"it\": [\(items.joined(separator: ", ")), \(transform.dropLast()), \"ty\": \"tr\"}]}"
    }

    /// A fill named "Fill 1", as After Effects names a group's first fill: its key path component.
    private static func fill(_ rgb: String, opacity: String = still("100")) -> String {
        "{\"ty\": \"fl\", \"nm\": \"Fill 1\", \"c\": \(rgb.hasPrefix("{") ? rgb : still(rgb)), \"o\": \(opacity), \"r\": 1}"
    }

    private static func stroke(_ rgb: String, width: Double) -> String {
        "{\"ty\": \"st\", \"c\": \(still(rgb)), \"o\": \(still("100")), \"w\": \(still("\(width)")), \"lc\": 2, \"lj\": 2}"
    }

    private static func ellipse(_ center: String, _ size: String) -> String {
        "{\"ty\": \"el\", \"p\": \(still(center)), \"s\": \(size.hasPrefix("{") ? size : still(size))}"
    }

    private static func layer(_ name: String, index: Int, transform: String, shapes: [String], parent: Int? = nil)
        -> String
    {
        let parenting = parent.map { "\"parent\": \($0), " } ?? ""
        return """
            {"ddd": 0, "ty": 4, "nm": "\(name)", "ind": \(index), \(parenting)"ip": 0, "op": 60, "st": 0,
             "ks": \(transform), "shapes": [\(shapes.joined(separator: ", "))]}
            """
    }

    private static func document(_ layers: [String], assets: String = "") -> String {
        """
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "nm": "demo", "assets": [\(assets)],
         "fonts": {"list": [{"fName": "DejaVuSans", "fFamily": "DejaVu Sans", "fStyle": "Regular"}]},
         "markers": [], "layers": [\(layers.joined(separator: ", "))]}
        """
    }

    /// The key path of the loader's dots' colours (groups "Dot 1" to "Dot 8" of layer "dots").
    static let loaderColors = "dots.**.Fill 1.Color"

    /// Eight dots round a circle, each brightening in turn: staggered opacity keyframes.
    static let loader: String = {
        let dots = (0..<8).map { index -> String in
            let angle = Double(index) / 8 * 2 * .pi
            let center = "[\(50 + 30 * cos(angle)), \(50 + 30 * sin(angle))]"
            let start = index * 4
            let opacity = animated([(0, "25"), (start, "25"), (start + 8, "100"), (start + 22, "25"), (60, "25")])
            return group(
                [ellipse(center, "[14, 14]"), fill("[0.2, 0.45, 0.95, 1]", opacity: opacity)], name: "Dot \(index + 1)")
        }
        return document([layer("dots", index: 1, transform: transform(), shapes: dots)])
    }()

    /// A ring drawn by a trim, then a tick drawn the same way, on a disc changing colour.
    static let check: String = {
        let ringTrim =
            "{\"ty\": \"tm\", \"s\": \(still("0")), \"e\": \(animated([(0, "0"), (25, "100")])), \"o\": \(still("0")), \"m\": 1}"
        let ring = group([ellipse("[50, 50]", "[70, 70]"), stroke("[0.1, 0.6, 0.3, 1]", width: 6), ringTrim])
        let tickPath = """
            {"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[34, 52], [45, 63], [67, 39]],
              "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}}
            """
        let tickTrim =
            "{\"ty\": \"tm\", \"s\": \(still("0")), \"e\": \(animated([(0, "0"), (25, "0"), (42, "100")])), \"o\": \(still("0")), \"m\": 1}"
        let tick = group([tickPath, stroke("[1, 1, 1, 1]", width: 7), tickTrim])
        let disc = group([
            ellipse("[50, 50]", animated([(20, "[0, 0]"), (34, "[64, 64]")])),
            fill(animated([(20, "[0.1, 0.6, 0.3, 1]"), (50, "[0.1, 0.45, 0.8, 1]")])),
        ])
        return document([layer("check", index: 1, transform: transform(), shapes: [tick, ring, disc])])
    }()

    /// The key path of the bouncing ball's caption (layer "caption"'s text).
    static let bounceCaption = "caption.Text"

    /// A ball bouncing, squashed where it lands, over its shadow, with a caption below: a text
    /// layer, centred.
    static let bounce: String = {
        let ball = layer(
            "ball", index: 1,
            transform: transform(
                position: animated([(0, "[50, 18]"), (22, "[50, 72]"), (30, "[50, 72]"), (52, "[50, 18]")]),
                scale: animated([(0, "[100, 100]"), (22, "[100, 100]"), (26, "[125, 75]"), (30, "[100, 100]")]),
                anchor: still("[0, 12]")),
            shapes: [group([ellipse("[0, 0]", "[24, 24]"), fill("[0.95, 0.35, 0.2, 1]")])])
        let shadow = layer(
            "shadow", index: 2,
            transform: transform(
                position: still("[50, 86]"),
                scale: animated([(0, "[40, 40]"), (22, "[100, 100]"), (30, "[100, 100]"), (52, "[40, 40]")]),
                opacity: animated([(0, "20"), (22, "45"), (30, "45"), (52, "20")])),
            shapes: [group([ellipse("[0, 0]", "[34, 8]"), fill("[0, 0, 0, 1]")])])
        let caption = """
            {"ddd": 0, "ty": 5, "nm": "caption", "ind": 3, "ip": 0, "op": 60, "st": 0,
             "ks": \(transform(position: still("[50, 97]"))),
             "t": {"d": {"k": [{"t": 0, "s": {"t": "click to scrub", "f": "DejaVuSans", "s": 7,
               "fc": [0.35, 0.35, 0.4], "j": 2}}]}}}
            """
        return document([ball, shadow, caption])
    }()

    /// A planet turning round a null at the centre with a moon turning round it (parenting),
    /// inside a precomposition.
    static let orbit: String = {
        let centre = """
            {"ddd": 0, "ty": 3, "nm": "centre", "ind": 1, "ip": 0, "op": 60, "st": 0,
             "ks": \(transform(position: still("[50, 50]"), rotation: animated([(0, "0"), (60, "360")])))}
            """
        let planet = layer(
            "planet", index: 2,
            transform: transform(position: still("[28, 0]"), rotation: animated([(0, "0"), (60, "-720")])),
            shapes: [group([ellipse("[0, 0]", "[16, 16]"), fill("[0.3, 0.5, 1, 1]")])], parent: 1)
        let moon = layer(
            "moon", index: 3, transform: transform(position: still("[13, 0]")),
            shapes: [group([ellipse("[0, 0]", "[6, 6]"), fill("[0.7, 0.7, 0.75, 1]")])], parent: 2)
        let sun = layer(
            "sun", index: 4, transform: transform(position: still("[50, 50]")),
            shapes: [group([ellipse("[0, 0]", "[22, 22]"), fill("[1, 0.8, 0.2, 1]")])])
        let system = "{\"id\": \"system\", \"layers\": [\(moon), \(planet), \(centre), \(sun)]}"
        let precomp = """
            {"ddd": 0, "ty": 0, "nm": "system", "ind": 1, "refId": "system", "w": 100, "h": 100, "ip": 0, "op": 60,
             "st": 0, "ks": \(transform())}
            """
        return document([precomp], assets: system)
    }()
}
