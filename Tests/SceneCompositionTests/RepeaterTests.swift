import Foundation
import GLBackend
import SceneComposition
import Testing

/// Repeaters against rlottie: still ones, and ones whose copies, offset, transform and opacities
/// animate (sampled per frame, played on the render side).
@Suite struct RepeaterTests {
    private typealias L = LottieDocument

    /// The transform item of a group that does not move.
    private static let stillGroupTransform = """
        {"ty": "tr", "p": \(L.still("[0, 0]")), "a": \(L.still("[0, 0]")), "s": \(L.still("[100, 100]")),
         "r": \(L.still("0")), "o": \(L.still("100"))}
        """

    /// Copies turned about the repeater's anchor, fading; and copies moved and scaled in a row.
    @Test func stillRepeaters() throws {
        let spokes = """
            {"ty": "gr", "it": [\(LottieDocument.rectangle(center: (30, 12), size: (6, 14))),
              \(LottieDocument.fill((0.2, 0.3, 0.8))),
              {"ty": "rp", "c": {"a": 0, "k": 8}, "o": {"a": 0, "k": 0}, "m": 1,
               "tr": {"a": {"a": 0, "k": [30, 30]}, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
                "r": {"a": 0, "k": 45}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 20}}},
              \(Self.stillGroupTransform)]}
            """
        let row = """
            {"ty": "gr", "it": [{"ty": "el", "p": {"a": 0, "k": [10, 80]}, "s": {"a": 0, "k": [14, 14]}},
              \(LottieDocument.fill((0.9, 0.4, 0.1))),
              {"ty": "rp", "c": {"a": 0, "k": 5}, "o": {"a": 0, "k": 1}, "m": 1,
               "tr": {"a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [16, 0]}, "s": {"a": 0, "k": [90, 90]},
                "r": {"a": 0, "k": 0}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}},
              \(Self.stillGroupTransform)]}
            """
        let json = LottieDocument.make(layers: LottieDocument.shapeLayer("repeaters", shapes: spokes + "," + row))
        try expectMatchesReference(json, frames: [0], mean: 1.5, ssim: 0.97)
    }

    /// Spokes whose turn, offset and end opacity animate, and whose number of copies steps from
    /// 3 to 8 (a hold: rlottie and lottie-web round an eased count differently).
    @Test func animatedRepeater() throws {
        let linear = (0.0, 0.0, 1.0, 1.0)
        let spokes = """
            {"ty": "gr", "it": [\(L.rectangle(center: (50, 25), size: (8, 18))), \(L.fill((0.2, 0.3, 0.8))),
              {"ty": "rp", "c": \(L.animated([(0, "3"), (12, "8")], holds: [0])), "o": \(L.animated([(0, "0"), (30, "2")], ease: linear)),
               "m": 1,
               "tr": {"a": \(L.still("[50, 50]")), "p": \(L.still("[0, 0]")), "s": \(L.still("[100, 100]")),
                "r": \(L.animated([(0, "20"), (30, "45")])), "so": \(L.still("100")),
                "eo": \(L.animated([(0, "100"), (30, "20")], ease: linear))}},
              \(Self.stillGroupTransform)]}
            """
        let json = L.make(layers: L.shapeLayer("spokes", shapes: spokes))
        try expectMatchesReference(json, frames: [0, 7, 11, 12, 20, 30], mean: 1.5, ssim: 0.97)
    }

    /// Copies turned, then scaled unevenly, about the repeater's anchor.
    @Test func repeaterTurningAndScalingUnevenly() throws {
        let bars = """
            {"ty": "gr", "it": [\(L.rectangle(center: (50, 30), size: (24, 6))), \(L.fill((0.1, 0.6, 0.3))),
              {"ty": "rp", "c": \(L.still("4")), "o": \(L.still("0")), "m": 1,
               "tr": {"a": \(L.still("[50, 50]")), "p": \(L.still("[0, 0]")), "s": \(L.still("[120, 80]")),
                "r": \(L.still("30")), "so": \(L.still("100")), "eo": \(L.still("100"))}},
              \(Self.stillGroupTransform)]}
            """
        try expectMatchesReference(
            L.make(layers: L.shapeLayer("bars", shapes: bars)), frames: [0], mean: 1.5, ssim: 0.97)
    }

    /// A zero scale taken a negative number of times (an infinite matrix) draws that copy as
    /// nothing; the copy taken no times is drawn where the items are.
    @Test func aCopyWithAnInfiniteTransformDrawsNothing() throws {
        let dot = """
            {"ty": "gr", "it": [\(L.rectangle(center: (50, 50), size: (20, 20))), \(L.fill((1, 0, 0))),
              {"ty": "rp", "c": \(L.still("2")), "o": \(L.still("-1")), "m": 1,
               "tr": {"a": \(L.still("[0, 0]")), "p": \(L.still("[0, 0]")), "s": \(L.still("[0, 0]")),
                "r": \(L.still("0")), "so": \(L.still("100")), "eo": \(L.still("100"))}}]}
            """
        let image = try renderedComposition(L.make(layers: L.shapeLayer("dot", shapes: dot)))
        #expect(image.pixel(x: 50, y: 50) == (255, 0, 0, 255))
        #expect(image.pixel(x: 20, y: 20).a == 0)
    }

    /// Copies moved and scaled in a row whose step animates along its position.
    @Test func repeaterMovingItsCopies() throws {
        let row = """
            {"ty": "gr", "it": [{"ty": "el", "p": \(L.still("[10, 50]")), "s": \(L.still("[12, 12]"))},
              \(L.fill((0.9, 0.4, 0.1))),
              {"ty": "rp", "c": \(L.still("5")), "o": \(L.still("0")), "m": 2,
               "tr": {"a": \(L.still("[0, 0]")), "p": \(L.animated([(0, "[8, 0]"), (30, "[18, 6]")])),
                "s": \(L.animated([(0, "[100, 100]"), (30, "[85, 85]")])), "r": \(L.still("0")),
                "so": \(L.animated([(0, "30"), (30, "100")])), "eo": \(L.still("100"))}},
              \(Self.stillGroupTransform)]}
            """
        let json = L.make(layers: L.shapeLayer("row", shapes: row))
        try expectMatchesReference(json, frames: [0, 10, 20, 30], mean: 1.5, ssim: 0.97)
    }
}
