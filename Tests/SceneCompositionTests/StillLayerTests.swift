import Foundation
import SceneComposition
import Testing

/// Still layers and shapes against rlottie, one small composition per feature.
@Suite struct StillLayerTests {
    @Test func solidLayerWithTransform() throws {
        let json = LottieDocument.make(
            layers: """
                {"ddd": 0, "ty": 1, "nm": "solid", "ind": 1, "ip": 0, "op": 30, "st": 0, "sw": 40, "sh": 20,
                 "sc": "#3366cc",
                 "ks": \(LottieDocument.transform(anchor: (20, 10), position: (50, 40), scale: 150, rotation: 30, opacity: 80))}
                """)
        try expectMatchesReference(json, frames: [0], mean: 1.5, ssim: 0.97)
    }

    @Test func rectangleAndEllipseFills() throws {
        let shapes = """
            {"ty": "gr", "nm": "box", "it": [\(LottieDocument.rectangle(center: (30, 30), size: (40, 30))),
              \(LottieDocument.fill((0.9, 0.2, 0.1)))]},
            {"ty": "gr", "nm": "disc", "it": [
              {"ty": "el", "p": {"a": 0, "k": [65, 65]}, "s": {"a": 0, "k": [50, 40]}},
              \(LottieDocument.fill((0.1, 0.5, 0.9), opacity: 70))]}
            """
        let json = LottieDocument.make(layers: LottieDocument.shapeLayer("shapes", shapes: shapes))
        try expectMatchesReference(json, frames: [0], mean: 1.5, ssim: 0.97)
    }

    @Test func roundedRectangleAndRoundCorners() throws {
        let shapes = """
            {"ty": "gr", "nm": "own", "it": [\(LottieDocument.rectangle(center: (30, 50), size: (40, 70), roundness: 12)),
              \(LottieDocument.fill((0.2, 0.6, 0.3)))]},
            {"ty": "gr", "nm": "modifier", "it": [\(LottieDocument.rectangle(center: (75, 50), size: (36, 60))),
              {"ty": "rd", "r": {"a": 0, "k": 10}}, \(LottieDocument.fill((0.6, 0.2, 0.6)))]}
            """
        let json = LottieDocument.make(layers: LottieDocument.shapeLayer("rounded", shapes: shapes))
        try expectMatchesReference(json, frames: [0], mean: 1.5, ssim: 0.97)
    }

    /// Rounded corners (`rd`) on a path's sharp corners: a square rounded by 8, and one in a
    /// group inside the modifier's rounded by 12, cover the squares with corners of circles of
    /// those radii (rlottie 0.2 draws paths' corners sharp: checked by coverage).
    @Test func roundCornersOfPaths() throws {
        func square(_ from: Double, _ to: Double) -> String {
            """
            {"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[\(from), \(from)], [\(to), \(from)], [\(to), \(to)],
              [\(from), \(to)]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}
            """
        }
        let shapes = """
            {"ty": "gr", "it": [\(square(10, 45)), {"ty": "rd", "r": {"a": 0, "k": 8}},
              \(LottieDocument.fill((0.2, 0.5, 0.8)))]},
            {"ty": "gr", "it": [{"ty": "gr", "it": [\(square(55, 90))]}, {"ty": "rd", "r": {"a": 0, "k": 12}},
              \(LottieDocument.fill((0.3, 0.7, 0.3)))]}
            """
        let json = LottieDocument.make(layers: LottieDocument.shapeLayer("rounded", shapes: shapes))
        try expectCoverage(json, frames: [0]) { _, point in
            Self.inRoundedSquare(point, from: 10, to: 45, radius: 8)
                || Self.inRoundedSquare(point, from: 55, to: 90, radius: 12)
        }
    }

    /// Rounded corners on a polygon: a four-pointed one (a square standing on a corner, 30
    /// from its centre to each corner) rounded by 6 is that square turned 45°, its corners
    /// circles of radius 6 (checked by coverage: rlottie 0.2 draws polystars' corners sharp).
    @Test func roundCornersOfAPolygon() throws {
        let shapes = """
            {"ty": "sr", "sy": 2, "p": {"a": 0, "k": [50, 50]}, "pt": {"a": 0, "k": 4}, "r": {"a": 0, "k": 0},
             "or": {"a": 0, "k": 30}, "os": {"a": 0, "k": 0}},
            {"ty": "rd", "r": {"a": 0, "k": 6}}, \(LottieDocument.fill((0.9, 0.7, 0.1)))
            """
        let json = LottieDocument.make(layers: LottieDocument.shapeLayer("rounded polygon", shapes: shapes))
        let half = 30 / 2.0.squareRoot()
        try expectCoverage(json, frames: [0]) { _, point in
            let (x, y) = (point.x - 50, point.y - 50)
            let turned = CGPoint(x: (x + y) / 2.0.squareRoot(), y: (y - x) / 2.0.squareRoot())
            return Self.inRoundedSquare(turned, from: -half, to: half, radius: 6)
        }
    }

    /// Whether `point` is inside the square from `from` to `to` on both axes, its corners
    /// rounded by circles of `radius`.
    static func inRoundedSquare(_ point: CGPoint, from: Double, to: Double, radius: Double) -> Bool {
        guard point.x >= from, point.x <= to, point.y >= from, point.y <= to else { return false }
        let cx = min(max(point.x, from + radius), to - radius)
        let cy = min(max(point.y, from + radius), to - radius)
        return hypot(point.x - cx, point.y - cy) <= radius
    }

    @Test func bezierPathWithCurves() throws {
        let shapes = """
            {"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[10, 80], [50, 10], [90, 80]],
              "i": [[0, 0], [-30, 0], [0, 0]], "o": [[0, 0], [30, 0], [-20, 20]]}}},
            \(LottieDocument.fill((0.95, 0.6, 0.1)))
            """
        let json = LottieDocument.make(layers: LottieDocument.shapeLayer("path", shapes: shapes))
        try expectMatchesReference(json, frames: [0], mean: 1.5, ssim: 0.97)
    }

    /// The polygon is not turned: rlottie 0.2 turns polystars by twice their rotation (a hexagon
    /// at 30° draws as one at 0°), where Lottie's renderers turn them by it once.
    @Test func starAndPolygon() throws {
        let shapes = """
            {"ty": "gr", "it": [{"ty": "sr", "sy": 1, "p": {"a": 0, "k": [30, 35]}, "pt": {"a": 0, "k": 5},
              "r": {"a": 0, "k": 0}, "or": {"a": 0, "k": 25}, "ir": {"a": 0, "k": 10},
              "os": {"a": 0, "k": 0}, "is": {"a": 0, "k": 0}}, \(LottieDocument.fill((0.9, 0.8, 0.1)))]},
            {"ty": "gr", "it": [{"ty": "sr", "sy": 2, "p": {"a": 0, "k": [68, 68]}, "pt": {"a": 0, "k": 6},
              "r": {"a": 0, "k": 0}, "or": {"a": 0, "k": 24}, "os": {"a": 0, "k": 0}},
              \(LottieDocument.fill((0.2, 0.3, 0.8)))]}
            """
        let json = LottieDocument.make(layers: LottieDocument.shapeLayer("stars", shapes: shapes))
        try expectMatchesReference(json, frames: [0], mean: 1.5, ssim: 0.97)
    }

    @Test func strokesWithCapsJoinsAndDashes() throws {
        let shapes = """
            {"ty": "gr", "it": [
              {"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[15, 20], [85, 20], [50, 45]],
                "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}},
              {"ty": "st", "c": {"a": 0, "k": [0.1, 0.1, 0.5, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 6},
               "lc": 2, "lj": 1, "ml": 4}]},
            {"ty": "gr", "it": [\(LottieDocument.rectangle(center: (50, 75), size: (70, 30))),
              {"ty": "st", "c": {"a": 0, "k": [0.8, 0.1, 0.1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 4},
               "lc": 1, "lj": 2, "d": [{"n": "d", "v": {"a": 0, "k": 10}}, {"n": "g", "v": {"a": 0, "k": 6}},
               {"n": "o", "v": {"a": 0, "k": 0}}]}]}
            """
        let json = LottieDocument.make(layers: LottieDocument.shapeLayer("strokes", shapes: shapes))
        try expectMatchesReference(json, frames: [0], mean: 2, ssim: 0.95)
    }

    @Test func nestedGroupTransformsAndOpacity() throws {
        let inner = """
            {"ty": "gr", "nm": "inner", "it": [\(LottieDocument.rectangle(center: (0, 0), size: (30, 20))),
              \(LottieDocument.fill((0.1, 0.7, 0.7))),
              {"ty": "tr", "p": {"a": 0, "k": [10, 5]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 150]},
               "r": {"a": 0, "k": 20}, "o": {"a": 0, "k": 60}}]}
            """
        let shapes = """
            {"ty": "gr", "nm": "outer", "it": [\(inner),
              {"ty": "tr", "p": {"a": 0, "k": [50, 50]}, "a": {"a": 0, "k": [5, 0]}, "s": {"a": 0, "k": [120, 120]},
               "r": {"a": 0, "k": -30}, "o": {"a": 0, "k": 100}}]}
            """
        let json = LottieDocument.make(layers: LottieDocument.shapeLayer("groups", shapes: shapes))
        try expectMatchesReference(json, frames: [0], mean: 1.5, ssim: 0.97)
    }
}
