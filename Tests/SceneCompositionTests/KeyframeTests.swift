import Foundation
import GLBackend
import SceneComposition
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Animated properties against rlottie at chosen frames: Bézier easing, holds, separate
/// dimensions, spatial tangents, scale and rotation together, animated anchors, paths and colours.
@Suite struct KeyframeTests {
    private typealias L = LottieDocument
    private static let box = """
        {"ty": "gr", "it": [\(L.rectangle(center: (0, 0), size: (30, 20))), \(L.fill((0.2, 0.4, 0.9)))]}
        """

    @Test func easedPosition() throws {
        let transform = L.transform(
            anchor: L.still("[0, 0]"), position: L.animated([(0, "[20, 20]"), (20, "[80, 70]"), (30, "[30, 80]")]),
            scale: L.still("[100, 100]"), rotation: L.still("0"), opacity: L.still("100"))
        let json = L.make(layers: L.shapeLayer("mover", transform: transform, shapes: Self.box))
        try expectMatchesReference(json, frames: [0, 5, 10, 17, 24, 30], mean: 1.5, ssim: 0.97)
    }

    @Test func holdKeyframes() throws {
        let transform = L.transform(
            anchor: L.still("[0, 0]"),
            position: L.animated([(0, "[25, 50]"), (10, "[50, 50]"), (20, "[75, 50]")], holds: [0]),
            scale: L.still("[100, 100]"), rotation: L.still("0"),
            opacity: L.animated([(0, "100"), (12, "40"), (24, "100")], holds: [0, 12]))
        let json = L.make(layers: L.shapeLayer("holder", transform: transform, shapes: Self.box))
        try expectMatchesReference(json, frames: [0, 5, 9, 11, 15, 23, 28], mean: 1.5, ssim: 0.97)
    }

    @Test func scaleAndRotationTogether() throws {
        let transform = L.transform(
            anchor: L.still("[10, 5]"), position: L.still("[50, 50]"),
            scale: L.animated([(0, "[50, 100]"), (30, "[150, 80]")]),
            rotation: L.animated([(0, "0"), (30, "270")], ease: (0.5, 0, 0.5, 1)), opacity: L.still("100"))
        let json = L.make(layers: L.shapeLayer("spinner", transform: transform, shapes: Self.box))
        try expectMatchesReference(json, frames: [0, 6, 13, 21, 30], mean: 1.5, ssim: 0.96)
    }

    @Test func separatePositionDimensionsAndAnimatedAnchor() throws {
        let position = """
            {"s": true, "x": \(L.animated([(0, "20"), (30, "80")])),
             "y": \(L.animated([(0, "80"), (15, "20"), (30, "60")], ease: (0.1, 0.8, 0.3, 1)))}
            """
        let transform = L.transform(
            anchor: L.animated([(0, "[0, 0]"), (30, "[15, 10]")]), position: position,
            scale: L.still("[100, 100]"), rotation: L.still("45"), opacity: L.still("100"))
        let json = L.make(layers: L.shapeLayer("split", transform: transform, shapes: Self.box))
        try expectMatchesReference(json, frames: [0, 7, 15, 22, 30], mean: 1.5, ssim: 0.97)
    }

    @Test func positionAlongSpatialTangents() throws {
        let position = """
            {"a": 1, "k": [
              {"t": 0, "s": [20, 80], "to": [0, -60], "ti": [0, -60], "o": {"x": 0.33, "y": 0}, "i": {"x": 0.67, "y": 1}},
              {"t": 30, "s": [80, 80]}]}
            """
        let transform = L.transform(
            anchor: L.still("[0, 0]"), position: position, scale: L.still("[100, 100]"), rotation: L.still("0"),
            opacity: L.still("100"))
        let json = L.make(layers: L.shapeLayer("arc", transform: transform, shapes: Self.box))
        try expectMatchesReference(json, frames: [0, 8, 15, 23, 30], mean: 1.5, ssim: 0.97)
    }

    @Test func pathMorphColourAndStrokeWidth() throws {
        let shape = """
            {"ty": "sh", "ks": {"a": 1, "k": [
              {"t": 0, "s": [{"c": true, "v": [[20, 20], [80, 20], [80, 80], [20, 80]],
                "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}],
               "o": {"x": 0.4, "y": 0}, "i": {"x": 0.6, "y": 1}},
              {"t": 30, "s": [{"c": true, "v": [[50, 10], [90, 50], [50, 90], [10, 50]],
                "i": [[-20, 0], [0, -20], [20, 0], [0, 20]], "o": [[20, 0], [0, 20], [-20, 0], [0, -20]]}]}]}}
            """
        let shapes = """
            \(shape),
            {"ty": "st", "c": \(L.animated([(0, "[0.1, 0.1, 0.1, 1]"), (30, "[0.8, 0.1, 0.1, 1]")])),
             "o": {"a": 0, "k": 100}, "w": \(L.animated([(0, "2"), (30, "8")])), "lc": 2, "lj": 2},
            {"ty": "fl", "c": \(L.animated([(0, "[1, 0.8, 0.2, 1]"), (30, "[0.2, 0.8, 1, 1]")])),
             "o": \(L.animated([(0, "100"), (30, "50")])), "r": 1}
            """
        let json = L.make(layers: L.shapeLayer("morph", shapes: shapes))
        try expectMatchesReference(json, frames: [0, 10, 20, 30], mean: 2, ssim: 0.95)
    }

    /// Rounded corners whose radius animates, linearly from 0 to 30 over 30 frames on a square
    /// 60 across: sampled at every frame, so the corners are circles of the frame's radius,
    /// the square a disc at the end (checked by coverage: rlottie 0.2 draws paths' corners sharp).
    @Test func animatedRoundCorners() throws {
        let shapes = """
            {"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[20, 20], [80, 20], [80, 80], [20, 80]],
              "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}},
            {"ty": "rd", "r": \(L.animated([(0, "0"), (30, "30")], ease: (0, 0, 1, 1)))},
            \(L.fill((0.3, 0.3, 0.8)))
            """
        let json = L.make(layers: L.shapeLayer("rounding", shapes: shapes))
        try expectCoverage(json, frames: [0, 7, 15, 30]) { frame, point in
            StillLayerTests.inRoundedSquare(point, from: 20, to: 80, radius: frame)
        }
    }

    /// A colour's fourth component is not its opacity: a fill and a stroke whose colours have 0
    /// there, still and animated, draw opaque (After Effects colours have no alpha; lottie-web,
    /// lottie-ios and rlottie ignore it). Only the items' `o` fades them.
    @Test func aColoursFourthComponentIsNotItsOpacity() throws {
        let shapes = """
            {"ty": "gr", "it": [\(L.rectangle(center: (30, 50), size: (40, 60))),
              {"ty": "fl", "c": {"a": 0, "k": [0.9, 0.2, 0.1, 0]}, "o": {"a": 0, "k": 100}, "r": 1}]},
            {"ty": "gr", "it": [{"ty": "el", "p": {"a": 0, "k": [72, 50]}, "s": {"a": 0, "k": [36, 36]}},
              {"ty": "st", "c": {"a": 0, "k": [0.1, 0.3, 0.8, 0]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 6},
               "lc": 2, "lj": 2},
              {"ty": "fl", "c": \(L.animated([(0, "[0.2, 0.7, 0.3, 0]"), (20, "[0.9, 0.8, 0.1, 1]"), (30, "[0.5, 0.1, 0.6, 0]")])),
               "o": {"a": 0, "k": 100}, "r": 1}]}
            """
        let json = L.make(layers: L.shapeLayer("alpha zero", shapes: shapes))
        try expectMatchesReference(json, frames: [0, 10, 25, 30], mean: 1.5, ssim: 0.97)
        let image = try renderedComposition(json, frame: 25)
        expectPixel(image, 30, 50, (230, 51, 26, 255), tolerance: 2, "the still fill, opaque")
        expectPixel(image, 72, 50, (179, 115, 89, 255), tolerance: 2, "the animated fill, halfway, opaque")
    }

    /// A composition whose frames start after 0 (`ip` 20): compared at its own frames, which
    /// rlottie counts from the in point.
    @Test func aCompositionStartingAfterFrameZero() throws {
        let transform = L.transform(
            anchor: L.still("[0, 0]"), position: L.animated([(20, "[20, 30]"), (50, "[80, 70]")]),
            scale: L.still("[100, 100]"), rotation: L.still("0"), opacity: L.still("100"))
        let json = L.make(
            frames: 50, inPoint: 20, layers: L.shapeLayer("late", transform: transform, shapes: Self.box))
        try expectMatchesReference(json, frames: [20, 30, 45], mean: 1.5, ssim: 0.97)
    }

    @Test func animatedGroupTransform() throws {
        let shapes = """
            {"ty": "gr", "it": [\(L.rectangle(center: (0, 0), size: (40, 16))), \(L.fill((0.9, 0.3, 0.2))),
              {"ty": "tr", "p": \(L.animated([(0, "[30, 30]"), (30, "[70, 70]")])), "a": {"a": 0, "k": [0, 0]},
               "s": {"a": 0, "k": [100, 100]}, "r": \(L.animated([(0, "0"), (30, "180")])),
               "o": \(L.animated([(0, "100"), (30, "30")]))}]}
            """
        let json = L.make(layers: L.shapeLayer("group", shapes: shapes))
        try expectMatchesReference(json, frames: [0, 9, 18, 27], mean: 1.5, ssim: 0.97)
    }

    /// An auto-orienting layer turns to face the way it moves along its curve, its own rotation
    /// added. Not at the first and last keyframes themselves: rlottie 0.2 turns the layer to no
    /// direction there (as if at rest), where After Effects faces the curve's end tangents.
    @Test func autoOrientAlongTheMotion() throws {
        let position = """
            {"a": 1, "k": [
              {"t": 0, "s": [20, 80], "to": [0, -60], "ti": [0, -60], "o": {"x": 0.33, "y": 0}, "i": {"x": 0.67, "y": 1}},
              {"t": 30, "s": [80, 80]}]}
            """
        let transform = L.transform(
            anchor: L.still("[0, 0]"), position: position, scale: L.still("[100, 100]"), rotation: L.still("10"),
            opacity: L.still("100"))
        let layer = L.shapeLayer("oriented", transform: transform, shapes: Self.box)
            .replacingOccurrences(of: "\"ty\": 4,", with: "\"ty\": 4, \"ao\": 1,")
        try expectMatchesReference(L.make(layers: layer), frames: [1, 5, 12, 15, 21, 29], mean: 1.5, ssim: 0.97)
    }
}
