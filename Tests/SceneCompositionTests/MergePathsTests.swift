import Foundation
import GLBackend
import SceneComposition
import Testing

/// Merge paths (`mm`): each mode's area checked against coverage computed here from the shapes
/// (rlottie 0.2 ignores merge items and fills the paths together).
@Suite struct MergePathsTests {
    private typealias L = LottieDocument

    /// A square 40 across centred at (40, 50).
    private static let square = L.rectangle(center: (40, 50), size: (40, 40))
    private static func inSquare(_ p: CGPoint) -> Bool { abs(p.x - 40) <= 20 && abs(p.y - 50) <= 20 }

    /// A circle 40 across centred at `center`, drawn counter-clockwise when `reversed`.
    private static func circle(_ center: (Double, Double), reversed: Bool = false) -> String {
        "{\"ty\": \"el\", \"p\": \(L.still("[\(center.0), \(center.1)]")), \"s\": \(L.still("[40, 40]"))"
            + (reversed ? ", \"d\": 3}" : "}")
    }
    private static func inCircle(_ p: CGPoint, _ center: (Double, Double)) -> Bool {
        hypot(p.x - center.0, p.y - center.1) <= 20
    }

    private static func merge(_ mode: Int) -> String { "{\"ty\": \"mm\", \"mm\": \(mode)}" }

    /// One shape layer whose group holds `items` (JSON array elements) and a red fill.
    private static func document(_ items: [String], fillOpacity: Double = 100) -> String {
        let group =
            "{\"ty\": \"gr\", \"it\": [\((items + [L.fill((1, 0, 0), opacity: fillOpacity)]).joined(separator: ", "))]}"
        return L.make(layers: L.shapeLayer("merged", shapes: group))
    }

    /// Each mode on a square and a circle overlapping it, the circle drawn the other way round:
    /// merging alone (1) fills both as one path, so their overlap winds to nothing; adding (2)
    /// is their union whatever their direction.
    @Test(arguments: [
        (1, "merge"), (2, "add"), (3, "subtract"), (4, "intersect"), (5, "exclude"),
    ])
    func mode(_ mode: Int, _ name: String) throws {
        let json = Self.document([Self.square, Self.circle((60, 50), reversed: true), Self.merge(mode)])
        try expectCoverage(
            json, frames: [0],
            inside: { _, p in
                let (a, b) = (Self.inSquare(p), Self.inCircle(p, (60, 50)))
                return switch mode {
                case 2: a || b
                case 3: a && !b
                case 4: a && b
                default: a != b
                }
            })
    }

    /// Three parts: the first less the other two; a union inside a group, less a circle after it.
    @Test func subtractingSeveralAndNestedMerges() throws {
        let json = Self.document([Self.square, Self.circle((60, 50)), Self.circle((30, 70)), Self.merge(3)])
        try expectCoverage(
            json, frames: [0],
            inside: { _, p in Self.inSquare(p) && !Self.inCircle(p, (60, 50)) && !Self.inCircle(p, (30, 70)) })
        let union = "{\"ty\": \"gr\", \"it\": [\(Self.square), \(Self.circle((40, 30))), \(Self.merge(2))]}"
        let nested = Self.document([union, Self.circle((60, 50)), Self.merge(3)])
        try expectCoverage(
            nested, frames: [0],
            inside: { _, p in (Self.inSquare(p) || Self.inCircle(p, (40, 30))) && !Self.inCircle(p, (60, 50)) })
    }

    /// A group is one operand, its paths filled together: a group of a square and a circle
    /// intersected with a circle after it; a group of two overlapping circles taken from the
    /// square.
    @Test func aGroupIsOneOperand() throws {
        let pair = "{\"ty\": \"gr\", \"it\": [\(Self.square), \(Self.circle((40, 30)))]}"
        let intersected = Self.document([pair, Self.circle((60, 50)), Self.merge(4)])
        try expectCoverage(
            intersected, frames: [0],
            inside: { _, p in (Self.inSquare(p) || Self.inCircle(p, (40, 30))) && Self.inCircle(p, (60, 50)) })
        let circles = "{\"ty\": \"gr\", \"it\": [\(Self.circle((60, 50))), \(Self.circle((45, 65)))]}"
        let subtracted = Self.document([Self.square, circles, Self.merge(3)])
        try expectCoverage(
            subtracted, frames: [0],
            inside: { _, p in Self.inSquare(p) && !Self.inCircle(p, (60, 50)) && !Self.inCircle(p, (45, 65)) })
    }

    /// A translucent fill of a union covers the overlap once.
    @Test func translucentUnionCoversTheOverlapOnce() throws {
        let json = Self.document([Self.square, Self.circle((60, 50)), Self.merge(2)], fillOpacity: 50)
        try expectCoverage(
            json, frames: [0], opacity: 0.5, inside: { _, p in Self.inSquare(p) || Self.inCircle(p, (60, 50)) })
    }

    /// A part that moves is played by the render side: the intersection follows it.
    @Test func animatedPartOfAnIntersection() throws {
        let moving = """
            {"ty": "el", "p": \(L.animated([(0, "[20, 50]"), (30, "[80, 50]")], ease: (0, 0, 1, 1))), "s": \(L.still("[40, 40]"))}
            """
        let json = Self.document([Self.square, moving, Self.merge(4)])
        try expectCoverage(
            json, frames: [0, 10, 20, 30],
            inside: { frame, p in Self.inSquare(p) && Self.inCircle(p, (20 + 2 * frame, 50)) })
    }

    /// A trim in a group with a merge trims each path on its own, as rlottie (which ignores the
    /// merge) does.
    @Test func trimTrimsEachMergedPath() throws {
        let trim = "{\"ty\": \"tm\", \"s\": \(L.still("0")), \"e\": \(L.still("40")), \"o\": \(L.still("0")), \"m\": 1}"
        let stroke = """
            {"ty": "st", "c": \(L.still("[0, 0, 1, 1]")), "o": \(L.still("100")), "w": \(L.still("4")), "lc": 1, "lj": 1}
            """
        let shapes = [Self.square, Self.circle((60, 50)), Self.merge(1), trim, stroke].joined(separator: ", ")
        try expectMatchesReference(
            L.make(layers: L.shapeLayer("trimmed", shapes: "{\"ty\": \"gr\", \"it\": [\(shapes)]}")), frames: [0],
            mean: 1.5, ssim: 0.97)
    }

    /// A gradient fills the area merged; a stroke of a combined area draws the paths merged, and
    /// says so.
    @Test func gradientFillsTheMergedAreaAndStrokesAreWarnedAbout() throws {
        let gradient = """
            {"ty": "gf", "t": 1, "s": \(L.still("[20, 50]")), "e": \(L.still("[80, 50]")),
             "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1]}}, "o": \(L.still("100")), "r": 1}
            """
        let group =
            "{\"ty\": \"gr\", \"it\": [\(Self.square), \(Self.circle((60, 50))), \(Self.merge(3)), \(gradient)]}"
        try expectCoverage(
            L.make(layers: L.shapeLayer("gradient", shapes: group)), frames: [0],
            inside: { _, p in Self.inSquare(p) && !Self.inCircle(p, (60, 50)) })
        let stroke = """
            {"ty": "st", "c": \(L.still("[0, 0, 1, 1]")), "o": \(L.still("100")), "w": \(L.still("2")), "lc": 1, "lj": 1}
            """
        let stroked =
            "{\"ty\": \"gr\", \"it\": [\(Self.square), \(Self.circle((60, 50))), \(Self.merge(2)), \(stroke)]}"
        let layer = CACompositionLayer(
            composition: try CAComposition(data: Data(L.make(layers: L.shapeLayer("stroked", shapes: stroked)).utf8)))
        #expect(
            layer.warnings == [
                "strokes and trims of paths merged by adding, subtracting, intersecting or excluding (not played): \"stroked\""
            ])
    }
}
