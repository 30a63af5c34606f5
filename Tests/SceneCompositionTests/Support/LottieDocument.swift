import Foundation

/// Lottie documents written for the tests: each test's layers (and assets) in a composition of
/// a given size, frame rate and length. Every layer states `"ddd": 0` before its transform:
/// rlottie reads a layer whose transform comes first as a 3D layer, whose 2D rotation (`r`) it
/// ignores.
enum LottieDocument {
    /// A composition `size` points square at `frameRate`, frames 0 to `frames`, with `layers`
    /// (a JSON array's elements), `assets` and `markers` (likewise).
    static func make(
        size: Int = 100, frameRate: Int = 30, frames: Int = 30, inPoint: Int = 0, layers: String, assets: String = "",
        markers: String = ""
    ) -> String {
        """
        {"v": "5.7.0", "fr": \(frameRate), "ip": \(inPoint), "op": \(frames), "w": \(size), "h": \(size), "nm": "test",
         "assets": [\(assets)], "markers": [\(markers)], "layers": [\(layers)]}
        """
    }

    /// A still transform: anchor, position, scale (percent), rotation (degrees), opacity (percent).
    static func transform(
        anchor: (Double, Double) = (0, 0), position: (Double, Double) = (0, 0), scale: Double = 100,
        rotation: Double = 0, opacity: Double = 100
    ) -> String {
        """
        {"a": {"a": 0, "k": [\(anchor.0), \(anchor.1)]}, "p": {"a": 0, "k": [\(position.0), \(position.1)]},
         "s": {"a": 0, "k": [\(scale), \(scale)]}, "r": {"a": 0, "k": \(rotation)}, "o": {"a": 0, "k": \(opacity)}}
        """
    }

    /// A shape layer holding `shapes` (a JSON array's elements) under `transform`.
    static func shapeLayer(
        _ name: String, index: Int = 1, transform: String = LottieDocument.transform(), shapes: String,
        inPoint: Int = 0, outPoint: Int = 1000, parent: Int? = nil
    ) -> String {
        """
        {"ddd": 0, "ty": 4, "nm": "\(name)", "ind": \(index), "ip": \(inPoint), "op": \(outPoint), "st": 0,
         \(parent.map { "\"parent\": \($0)," } ?? "") "ks": \(transform), "shapes": [\(shapes)]}
        """
    }

    /// A still fill of `color` (0–1 components) at `opacity` percent.
    static func fill(_ color: (Double, Double, Double), opacity: Double = 100) -> String {
        """
        {"ty": "fl", "c": {"a": 0, "k": [\(color.0), \(color.1), \(color.2), 1]}, "o": {"a": 0, "k": \(opacity)}, "r": 1}
        """
    }

    /// A still rectangle centred at `center`, `size` across.
    static func rectangle(center: (Double, Double), size: (Double, Double), roundness: Double = 0) -> String {
        """
        {"ty": "rc", "p": {"a": 0, "k": [\(center.0), \(center.1)]}, "s": {"a": 0, "k": [\(size.0), \(size.1)]},
         "r": {"a": 0, "k": \(roundness)}}
        """
    }
}

extension LottieDocument {
    /// An animated property: a keyframe at each `(frame, value)` (a value is a JSON number or
    /// array), eased out by `(outX, outY)` and into the next by `(inX, inY)`; frames listed in
    /// `holds` hold their value until the next keyframe. The last keyframe has no easing, as
    /// Bodymovin writes it (rlottie reads easing on the last keyframe as a segment to a zero value).
    static func animated(
        _ keys: [(Int, String)], ease: (Double, Double, Double, Double) = (0.33, 0, 0.67, 1), holds: Set<Int> = []
    ) -> String {
        let frames = keys.enumerated().map { index, key in
            let (frame, value) = key
            let wrapped = value.hasPrefix("[") ? value : "[\(value)]"
            guard index + 1 < keys.count else { return "{\"t\": \(frame), \"s\": \(wrapped)}" }
            return """
                {"t": \(frame), "s": \(wrapped), "o": {"x": [\(ease.0)], "y": [\(ease.1)]},
                 "i": {"x": [\(ease.2)], "y": [\(ease.3)]}\(holds.contains(frame) ? ", \"h\": 1" : "")}
                """
        }
        return "{\"a\": 1, \"k\": [\(frames.joined(separator: ", "))]}"
    }

    /// A transform from its properties' JSON (each `{"a": …, "k": …}`).
    static func transform(anchor: String, position: String, scale: String, rotation: String, opacity: String) -> String
    {
        "{\"a\": \(anchor), \"p\": \(position), \"s\": \(scale), \"r\": \(rotation), \"o\": \(opacity)}"
    }

    /// A still property.
    static func still(_ value: String) -> String { "{\"a\": 0, \"k\": \(value)}" }
}
