import Foundation
import SceneComposition
import Testing

/// Parenting, null layers, precompositions, in and out points, images, gradients and trims
/// against rlottie.
@Suite struct CompositionHierarchyTests {
    private typealias L = LottieDocument

    private static func box(_ color: (Double, Double, Double), size: (Double, Double) = (24, 24)) -> String {
        "{\"ty\": \"gr\", \"it\": [\(L.rectangle(center: (0, 0), size: size)), \(L.fill(color))]}"
    }

    @Test func nullParentMovesChildrenWithoutItsOpacity() throws {
        let null = """
            {"ddd": 0, "ty": 3, "nm": "null", "ind": 1, "ip": 0, "op": 1000, "st": 0,
             "ks": \(L.transform(anchor: L.still("[0, 0]"), position: L.animated([(0, "[30, 30]"), (30, "[70, 60]")]),
                scale: L.still("[100, 100]"), rotation: L.animated([(0, "0"), (30, "90")]), opacity: L.still("20")))}
            """
        let child = L.shapeLayer(
            "child", index: 2, transform: L.transform(position: (20, 0)), shapes: Self.box((0.9, 0.2, 0.2)), parent: 1)
        let grandchild = L.shapeLayer(
            "grandchild", index: 3, transform: L.transform(position: (0, 25), scale: 50),
            shapes: Self.box((0.2, 0.7, 0.2)), parent: 2)
        let json = L.make(layers: [grandchild, child, null].joined(separator: ","))
        try expectMatchesReference(json, frames: [0, 10, 20, 30], mean: 1.5, ssim: 0.97)
    }

    /// No frame is an out point itself: rlottie 0.2 still draws a layer at its out point, where
    /// After Effects and lottie-web stop at the frame before (`op` is exclusive), as this layer does.
    @Test func inAndOutPoints() throws {
        let early = L.shapeLayer(
            "early", index: 1, transform: L.transform(position: (30, 50)), shapes: Self.box((0.9, 0.5, 0.1)),
            inPoint: 0, outPoint: 10)
        let late = L.shapeLayer(
            "late", index: 2, transform: L.transform(position: (70, 50)), shapes: Self.box((0.1, 0.5, 0.9)),
            inPoint: 15, outPoint: 25)
        let json = L.make(layers: early + "," + late)
        try expectMatchesReference(json, frames: [0, 9, 11, 14, 15, 24, 26, 29], mean: 1, ssim: 0.98)
    }

    @Test func precompositionWithStartTimeAndClip() throws {
        let spinner = L.shapeLayer(
            "spinner", index: 1,
            transform: L.transform(
                anchor: L.still("[0, 0]"), position: L.animated([(0, "[0, 20]"), (20, "[60, 20]")]),
                scale: L.still("[100, 100]"), rotation: L.still("0"), opacity: L.still("100")),
            shapes: Self.box((0.6, 0.2, 0.8), size: (30, 30)))
        let asset = "{\"id\": \"inner\", \"layers\": [\(spinner)]}"
        let precomp = """
            {"ddd": 0, "ty": 0, "nm": "precomp", "ind": 1, "refId": "inner", "w": 60, "h": 40, "ip": 0, "op": 1000,
             "st": 8, "ks": \(L.transform(position: (20, 30)))}
            """
        let json = L.make(layers: precomp, assets: asset)
        try expectMatchesReference(json, frames: [0, 8, 14, 20, 28], mean: 1.5, ssim: 0.97)
    }

    @Test func embeddedImage() throws {
        let pixels = (0..<16).flatMap { y in
            (0..<16).flatMap { x -> [UInt8] in (x < 8) == (y < 8) ? [220, 40, 40, 255] : [40, 40, 220, 255] }
        }
        let image = try #require(CGImage(rgbaPixels: pixels, width: 16, height: 16))
        let png = try image.pngData().base64EncodedString()
        let asset =
            "{\"id\": \"checker\", \"w\": 16, \"h\": 16, \"e\": 1, \"u\": \"\", \"p\": \"data:image/png;base64,\(png)\"}"
        let layer = """
            {"ddd": 0, "ty": 2, "nm": "picture", "ind": 1, "refId": "checker", "ip": 0, "op": 1000, "st": 0,
             "ks": \(L.transform(anchor: (8, 8), position: (50, 50), scale: 400))}
            """
        let json = L.make(layers: layer, assets: asset)
        try expectMatchesReference(json, frames: [0], mean: 3, ssim: 0.9)
    }

    @Test func linearAndRadialGradientFills() throws {
        let stops = "{\"p\": 2, \"k\": {\"a\": 0, \"k\": [0, 1, 0.8, 0, 1, 0.1, 0.2, 0.9]}}"
        let shapes = """
            {"ty": "gr", "it": [\(L.rectangle(center: (50, 25), size: (80, 40))),
              {"ty": "gf", "t": 1, "s": {"a": 0, "k": [10, 25]}, "e": {"a": 0, "k": [90, 25]}, "g": \(stops),
               "o": {"a": 0, "k": 100}, "r": 1}]},
            {"ty": "gr", "it": [{"ty": "el", "p": {"a": 0, "k": [50, 72]}, "s": {"a": 0, "k": [44, 44]}},
              {"ty": "gf", "t": 2, "s": {"a": 0, "k": [50, 72]}, "e": {"a": 0, "k": [72, 72]}, "g": \(stops),
               "h": {"a": 0, "k": 0}, "a": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}, "r": 1}]}
            """
        let json = L.make(layers: L.shapeLayer("gradients", shapes: shapes))
        try expectMatchesReference(json, frames: [0], mean: 2, ssim: 0.95)
    }

    @Test func trimmedStroke() throws {
        let shapes = """
            {"ty": "el", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [60, 60]}},
            {"ty": "tm", "s": \(L.animated([(0, "0"), (30, "40")])), "e": \(L.animated([(0, "10"), (30, "100")])),
             "o": {"a": 0, "k": 0}, "m": 1},
            {"ty": "st", "c": {"a": 0, "k": [0.1, 0.4, 0.8, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 6},
             "lc": 1, "lj": 1}
            """
        let json = L.make(layers: L.shapeLayer("trim", shapes: shapes))
        try expectMatchesReference(json, frames: [0, 10, 20, 30], mean: 1.5, ssim: 0.97)
    }

    /// Dashes whose offset animates (marching along the path), played as `lineDashPhase`.
    @Test func dashesWithAnAnimatedOffset() throws {
        let shapes = """
            {"ty": "gr", "it": [\(L.rectangle(center: (50, 50), size: (70, 50))),
              {"ty": "st", "c": \(L.still("[0.8, 0.1, 0.1, 1]")), "o": \(L.still("100")), "w": \(L.still("4")),
               "lc": 1, "lj": 2, "d": [{"n": "d", "v": \(L.still("10"))}, {"n": "g", "v": \(L.still("6"))},
               {"n": "o", "v": \(L.animated([(0, "0"), (30, "48")], ease: (0, 0, 1, 1)))}]}]}
            """
        let json = L.make(layers: L.shapeLayer("dashes", shapes: shapes))
        try expectMatchesReference(json, frames: [0, 5, 13, 22], mean: 2, ssim: 0.95)
    }

    /// A trim listed after the group whose stroke it trims, its window turned past the path's end.
    @Test func trimOffsetWrapsPastTheEnd() throws {
        let shapes = """
            {"ty": "gr", "it": [{"ty": "el", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [60, 60]}},
              {"ty": "st", "c": {"a": 0, "k": [0.8, 0.3, 0.1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 8},
               "lc": 2, "lj": 1},
              {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
               "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]},
            {"ty": "tm", "s": {"a": 0, "k": 10}, "e": {"a": 0, "k": 45}, "o": \(L.animated([(0, "0"), (30, "400")])),
             "m": 1}
            """
        let json = L.make(layers: L.shapeLayer("wrap", shapes: shapes))
        try expectMatchesReference(json, frames: [0, 7, 15, 22, 29], mean: 1.5, ssim: 0.97)
    }

    /// Fills under a trim fill the part kept, closed by a straight line: an ellipse opened by
    /// an animated end (a growing slice of a disc), a wavy open path, a square whose window is
    /// turned past its end (two pieces, each closed on its own), and a gradient fill trimmed.
    @Test func trimmedFills() throws {
        let stops = "{\"p\": 2, \"k\": {\"a\": 0, \"k\": [0, 0.9, 0.1, 0.2, 1, 0.1, 0.3, 0.9]}}"
        let shapes = """
            {"ty": "gr", "it": [{"ty": "el", "p": {"a": 0, "k": [28, 28]}, "s": {"a": 0, "k": [44, 44]}},
              {"ty": "tm", "s": {"a": 0, "k": 0}, "e": \(L.animated([(0, "20"), (30, "90")])), "o": {"a": 0, "k": 0},
               "m": 1},
              \(L.fill((0.2, 0.5, 0.9)))]},
            {"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[55, 10], [75, 40], [95, 10]],
                "i": [[0, 0], [-10, 0], [0, 10]], "o": [[0, 10], [10, 0], [0, 0]]}}},
              {"ty": "tm", "s": {"a": 0, "k": 10}, "e": {"a": 0, "k": 80}, "o": {"a": 0, "k": 0}, "m": 1},
              \(L.fill((0.9, 0.5, 0.1)))]},
            {"ty": "gr", "it": [\(L.rectangle(center: (28, 75), size: (36, 36))),
              {"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 60}, "o": \(L.animated([(0, "0"), (30, "300")])),
               "m": 1},
              \(L.fill((0.3, 0.7, 0.3)))]},
            {"ty": "gr", "it": [{"ty": "el", "p": {"a": 0, "k": [75, 75]}, "s": {"a": 0, "k": [40, 40]}},
              {"ty": "tm", "s": \(L.animated([(0, "0"), (30, "30")])), "e": {"a": 0, "k": 75}, "o": {"a": 0, "k": 0},
               "m": 1},
              {"ty": "gf", "t": 1, "s": {"a": 0, "k": [55, 75]}, "e": {"a": 0, "k": [95, 75]}, "g": \(stops),
               "o": {"a": 0, "k": 100}, "r": 1}]}
            """
        let json = L.make(layers: L.shapeLayer("trimmed fills", shapes: shapes))
        try expectMatchesReference(json, frames: [0, 8, 15, 23, 30], mean: 1.5, ssim: 0.97)
    }

    /// A trim running along its paths one after another (`m` 2): the stroke draws the first
    /// path whole before the second begins, and a fill under such a trim fills what it keeps.
    @Test func trimOfPathsOneAfterAnother() throws {
        let shapes = """
            {"ty": "gr", "it": [
              {"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[10, 15], [90, 15]], "i": [[0, 0], [0, 0]],
                "o": [[0, 0], [0, 0]]}}},
              {"ty": "el", "p": {"a": 0, "k": [30, 45]}, "s": {"a": 0, "k": [30, 30]}},
              {"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[55, 30], [90, 65]], "i": [[0, 0], [0, 0]],
                "o": [[0, 0], [0, 0]]}}},
              {"ty": "tm", "s": \(L.animated([(0, "0"), (30, "30")])), "e": \(L.animated([(0, "10"), (30, "100")])),
               "o": {"a": 0, "k": 0}, "m": 2},
              {"ty": "st", "c": {"a": 0, "k": [0.1, 0.4, 0.8, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 5},
               "lc": 1, "lj": 1}]},
            {"ty": "gr", "it": [\(L.rectangle(center: (30, 80), size: (30, 24))),
              {"ty": "el", "p": {"a": 0, "k": [72, 82]}, "s": {"a": 0, "k": [26, 26]}},
              {"ty": "tm", "s": {"a": 0, "k": 0}, "e": \(L.animated([(0, "20"), (30, "100")])), "o": {"a": 0, "k": 0},
               "m": 2},
              \(L.fill((0.9, 0.4, 0.1)))]}
            """
        let json = L.make(layers: L.shapeLayer("one after another", shapes: shapes))
        try expectMatchesReference(json, frames: [0, 8, 15, 23, 30], mean: 1.5, ssim: 0.97)
    }

    /// A gradient in a group scaled unevenly (its bands skew with the group) and a gradient stroke.
    @Test func gradientInAScaledGroupAndGradientStroke() throws {
        let stops = "{\"p\": 2, \"k\": {\"a\": 0, \"k\": [0, 0.9, 0.1, 0.2, 1, 0.1, 0.3, 0.9]}}"
        let shapes = """
            {"ty": "gr", "it": [\(L.rectangle(center: (0, 0), size: (40, 40))),
              {"ty": "gf", "t": 1, "s": {"a": 0, "k": [-20, -20]}, "e": {"a": 0, "k": [20, 20]}, "g": \(stops),
               "o": {"a": 0, "k": 100}, "r": 1},
              {"ty": "tr", "p": {"a": 0, "k": [30, 50]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [60, 200]},
               "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]},
            {"ty": "gr", "it": [{"ty": "el", "p": {"a": 0, "k": [72, 50]}, "s": {"a": 0, "k": [40, 60]}},
              {"ty": "gs", "t": 1, "s": {"a": 0, "k": [72, 20]}, "e": {"a": 0, "k": [72, 80]}, "g": \(stops),
               "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 6}, "lc": 2, "lj": 2}]}
            """
        let json = L.make(layers: L.shapeLayer("gradients", shapes: shapes))
        try expectMatchesReference(json, frames: [0], mean: 2, ssim: 0.95)
    }

    /// Time-remapped precompositions: one played backwards (its remap a linear ramp from 1 s to
    /// 0), one frozen at half a second (by a held keyframe: rlottie 0.2 ignores a remap that is
    /// not keyframed). Remaps that land on whole frames: rlottie shows whole frames of a
    /// remapped precomposition.
    @Test func timeRemappedPrecompositions() throws {
        let mover = L.shapeLayer(
            "mover", index: 1,
            transform: L.transform(
                anchor: L.still("[0, 0]"),
                position: L.animated([(0, "[10, 20]"), (30, "[90, 20]")], ease: (0, 0, 1, 1)),
                scale: L.still("[100, 100]"), rotation: L.animated([(0, "0"), (30, "180")]), opacity: L.still("100")),
            shapes: Self.box((0.3, 0.6, 0.2), size: (16, 16)))
        let asset = "{\"id\": \"clip\", \"layers\": [\(mover)]}"
        let backwards = """
            {"ddd": 0, "ty": 0, "nm": "backwards", "ind": 1, "refId": "clip", "w": 100, "h": 40, "ip": 0, "op": 1000,
             "st": 0, "tm": \(L.animated([(0, "1"), (30, "0")], ease: (0, 0, 1, 1))), "ks": \(L.transform(position: (0, 0)))}
            """
        let frozen = """
            {"ddd": 0, "ty": 0, "nm": "frozen", "ind": 2, "refId": "clip", "w": 100, "h": 40, "ip": 0, "op": 1000,
             "st": 0, "tm": \(L.animated([(0, "0.5"), (30, "0.5")], holds: [0])), "ks": \(L.transform(position: (0, 50)))}
            """
        let json = L.make(layers: backwards + "," + frozen, assets: asset)
        try expectMatchesReference(json, frames: [0, 7, 15, 22, 29], mean: 1.5, ssim: 0.97)
    }
}
