import Foundation
import SceneComposition
import Testing

/// Masks against rlottie: added, inverted, intersecting, animated and translucent; track mattes of
/// every kind.
@Suite struct MaskTests {
    private typealias L = LottieDocument

    private static func path(_ points: [(Double, Double)]) -> String {
        let vertices = points.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ")
        let zeros = Array(repeating: "[0, 0]", count: points.count).joined(separator: ", ")
        return "{\"c\": true, \"v\": [\(vertices)], \"i\": [\(zeros)], \"o\": [\(zeros)]}"
    }

    private static func solid(_ name: String, index: Int, color: String, masks: String, position: (Double, Double))
        -> String
    {
        """
        {"ddd": 0, "ty": 1, "nm": "\(name)", "ind": \(index), "ip": 0, "op": 1000, "st": 0, "sw": 40, "sh": 40,
         "sc": "\(color)", "ks": \(L.transform(position: position)), "hasMask": true, "masksProperties": [\(masks)]}
        """
    }

    private static func mask(_ mode: String, _ shape: String, opacity: String = L.still("100"), inverted: Bool = false)
        -> String
    {
        "{\"mode\": \"\(mode)\", \"inv\": \(inverted), \"pt\": \(shape), \"o\": \(opacity), \"x\": {\"a\": 0, \"k\": 0}}"
    }

    @Test func addedInvertedAndIntersectingMasks() throws {
        let triangle = L.still(Self.path([(20, 0), (40, 40), (0, 40)]))
        let square = L.still(Self.path([(10, 10), (30, 10), (30, 30), (10, 30)]))
        let left = L.still(Self.path([(0, 0), (25, 0), (25, 40), (0, 40)]))
        let layers = [
            Self.solid("added", index: 1, color: "#d03020", masks: Self.mask("a", triangle), position: (5, 5)),
            Self.solid(
                "inverted", index: 2, color: "#2050d0", masks: Self.mask("a", square, inverted: true),
                position: (55, 5)),
            Self.solid(
                "intersected", index: 3, color: "#20a040",
                masks: Self.mask("a", triangle) + "," + Self.mask("i", left), position: (5, 55)),
            Self.solid(
                "subtracted", index: 4, color: "#a020a0", masks: Self.mask("s", square), position: (55, 55)),
        ]
        try expectMatchesReference(L.make(layers: layers.joined(separator: ",")), frames: [0], mean: 1.5, ssim: 0.97)
    }

    /// A difference mask that comes first draws as an added one (the difference of nothing
    /// and the mask is the mask), as rlottie draws it, inverted or not.
    @Test func aDifferenceMaskThatComesFirst() throws {
        let triangle = L.still(Self.path([(20, 0), (40, 40), (0, 40)]))
        let layers = [
            Self.solid("difference", index: 1, color: "#d03020", masks: Self.mask("f", triangle), position: (5, 5)),
            Self.solid(
                "inverted difference", index: 2, color: "#2050d0", masks: Self.mask("f", triangle, inverted: true),
                position: (55, 5)),
        ]
        let json = L.make(layers: layers.joined(separator: ","))
        #expect(try CAComposition(data: Data(json.utf8)).warnings == [])
        try expectMatchesReference(json, frames: [0], mean: 1.5, ssim: 0.97)
    }

    @Test func animatedTranslucentMask() throws {
        let small = Self.path([(15, 15), (25, 15), (25, 25), (15, 25)])
        let large = Self.path([(0, 0), (40, 0), (40, 40), (0, 40)])
        let shape = """
            {"a": 1, "k": [{"t": 0, "s": [\(small)], "o": {"x": 0.4, "y": 0}, "i": {"x": 0.6, "y": 1}},
             {"t": 30, "s": [\(large)]}]}
            """
        let layer = Self.solid(
            "growing", index: 1, color: "#e08010", masks: Self.mask("a", shape, opacity: L.still("60")),
            position: (30, 30))
        try expectMatchesReference(L.make(layers: layer), frames: [0, 10, 20, 30], mean: 1.5, ssim: 0.97)
    }

    @Test func alphaTrackMatte() throws {
        let matte = """
            {"ddd": 0, "ty": 4, "nm": "matte", "ind": 1, "td": 1, "ip": 0, "op": 1000, "st": 0,
             "ks": \(L.transform(anchor: L.still("[0, 0]"), position: L.animated([(0, "[30, 50]"), (30, "[70, 50]")]),
                scale: L.still("[100, 100]"), rotation: L.still("0"), opacity: L.still("100"))),
             "shapes": [{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [50, 50]}},
               {"ty": "fl", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 1}]}
            """
        let matted = """
            {"ddd": 0, "ty": 1, "nm": "stripes", "ind": 2, "tt": 1, "ip": 0, "op": 1000, "st": 0, "sw": 100, "sh": 40,
             "sc": "#3080e0", "ks": \(L.transform(position: (0, 30)))}
            """
        try expectMatchesReference(L.make(layers: matte + "," + matted), frames: [0, 15, 30], mean: 1.5, ssim: 0.97)
    }

    /// A moving matte of a white circle and a mid-grey square (`td`), and a solid matted by it
    /// with track matte `kind` (`tt`).
    private static func matted(by kind: Int) -> String {
        let matte = """
            {"ddd": 0, "ty": 4, "nm": "matte", "ind": 1, "td": 1, "ip": 0, "op": 1000, "st": 0,
             "ks": \(L.transform(anchor: L.still("[0, 0]"), position: L.animated([(0, "[30, 50]"), (30, "[60, 50]")]),
                scale: L.still("[100, 100]"), rotation: L.still("0"), opacity: L.still("100"))),
             "shapes": [
               {"ty": "gr", "it": [{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [40, 40]}},
                 {"ty": "fl", "c": {"a": 0, "k": [1, 1, 1, 1]}, "o": {"a": 0, "k": 100}, "r": 1},
                 {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
                  "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]},
               {"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [30, 0]}, "s": {"a": 0, "k": [24, 24]}, "r": {"a": 0, "k": 0}},
                 {"ty": "fl", "c": {"a": 0, "k": [0.5, 0.5, 0.5, 1]}, "o": {"a": 0, "k": 100}, "r": 1},
                 {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
                  "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]}
            """
        let matted = """
            {"ddd": 0, "ty": 1, "nm": "solid", "ind": 2, "tt": \(kind), "ip": 0, "op": 1000, "st": 0, "sw": 100,
             "sh": 60, "sc": "#3080e0", "ks": \(L.transform(position: (0, 20)))}
            """
        return matte + "," + matted
    }

    @Test(arguments: [(2, "inverted alpha"), (3, "luma"), (4, "inverted luma")])
    func trackMatte(kind: Int, name: String) throws {
        let composition = try CAComposition(data: Data(L.make(layers: Self.matted(by: kind)).utf8))
        #expect(composition.warnings.isEmpty, "\(name): \(composition.warnings)")
        try expectMatchesReference(L.make(layers: Self.matted(by: kind)), frames: [0, 15, 30], mean: 1.5, ssim: 0.97)
    }
}
