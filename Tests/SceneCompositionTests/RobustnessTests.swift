import Foundation
import GLBackend
import SceneComposition
import SceneCoreTestSupport
import Testing

/// Damaged and oversized documents: each load throws `CompositionError` or gives a composition
/// whose layer builds, never a crash or a hang.
@Suite struct RobustnessTests {
    private typealias L = LottieDocument

    /// A deterministic stream of numbers (SplitMix64).
    private struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// 300 mutations of a composition using most features, one each: a byte replaced by JSON's
    /// own punctuation, digits or huge or negative numbers, a span deleted or repeated.
    @Test func mutatedDocumentsThrowOrBuild() throws {
        let shapes = """
            {"ty": "gr", "it": [\(L.rectangle(center: (20, 20), size: (20, 10), roundness: 3)),
              {"ty": "el", "p": {"a": 0, "k": [40, 40]}, "s": \(L.animated([(0, "[10, 10]"), (20, "[30, 20]")]))},
              {"ty": "tm", "s": {"a": 0, "k": 10}, "e": {"a": 0, "k": 80}, "o": \(L.animated([(0, "0"), (30, "360")]))},
              {"ty": "st", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2},
               "d": [{"n": "d", "v": {"a": 0, "k": 4}}, {"n": "g", "v": {"a": 0, "k": 2}}]},
              {"ty": "gf", "t": 2, "s": {"a": 0, "k": [30, 30]}, "e": {"a": 0, "k": [50, 30]},
               "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5]}}, "o": {"a": 0, "k": 100}},
              {"ty": "rp", "c": {"a": 0, "k": 3}, "o": {"a": 0, "k": 0},
               "tr": {"p": {"a": 0, "k": [5, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
                "r": {"a": 0, "k": 10}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 50}}}]}
            """
        let layers = [
            L.shapeLayer("shapes", index: 1, shapes: shapes, parent: 2),
            "{\"ddd\": 0, \"ty\": 3, \"nm\": \"null\", \"ind\": 2, \"ip\": 0, \"op\": 30, \"ks\": \(L.transform(position: (5, 5)))}",
            "{\"ddd\": 0, \"ty\": 0, \"nm\": \"pre\", \"ind\": 3, \"refId\": \"p\", \"w\": 50, \"h\": 50, \"ip\": 0, \"op\": 30, \"st\": 5, \"ks\": {}, \"tm\": \(L.animated([(0, "1"), (30, "0.2")])), \"masksProperties\": [{\"mode\": \"a\", \"pt\": {\"a\": 0, \"k\": {\"c\": true, \"v\": [[0, 0], [40, 0], [20, 30]], \"i\": [[0, 0], [0, 0], [0, 0]], \"o\": [[0, 0], [0, 0], [0, 0]]}}, \"o\": {\"a\": 0, \"k\": 100}}]}",
        ]
        let asset =
            "{\"id\": \"p\", \"layers\": [\(L.shapeLayer("inner", shapes: L.rectangle(center: (10, 10), size: (8, 8))))]}"
        let original = Array(L.make(layers: layers.joined(separator: ","), assets: asset).utf8)
        let replacements: [[UInt8]] = [
            "{", "}", "[", "]", ",", ":", "\"", "0", "-1", "1e308", "-1e308", "null", "true",
        ]
        .map { Array($0.utf8) }
        var random = Random(state: 37)
        var loaded = 0
        for _ in 0..<300 {
            var bytes = original
            let at = random.next(bytes.count)
            switch random.next(3) {
            case 0: bytes.replaceSubrange(at..<(at + 1), with: replacements[random.next(replacements.count)])
            case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.next(20)))
            default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + random.next(40))], at: at)
            }
            do {
                let composition = try CAComposition(data: Data(bytes))
                let layer = CACompositionLayer(composition: composition)
                layer.currentProgress = 0.5
                loaded += 1
            } catch is CompositionError {
                continue
            }
        }
        // Most mutations break the JSON; some leave a playable composition.
        #expect(loaded > 20)
    }

    /// A list of 100,001 layers is cut to the limit with a warning.
    @Test func aHundredThousandLayers() throws {
        let solid = "{\"ty\": 1, \"sw\": 1, \"sh\": 1, \"sc\": \"#000000\", \"ip\": 0, \"op\": 1, \"ks\": {}}"
        let json = L.make(layers: Array(repeating: solid, count: 100_001).joined(separator: ","))
        let composition = try CAComposition(data: Data(json.utf8))
        #expect(composition.warnings == ["a layer list of 100001 layers was cut to 100000"])
        let layer = CACompositionLayer(composition: composition)
        #expect(layer.warnings.last == "over 4096 layers: the rest were left out")
    }

    /// Repeaters of 256 copies nested three deep make 1,024 copies at most, with a warning.
    @Test func nestedRepeatersStopAtTheCopyLimit() throws {
        let repeater = """
            {"ty": "rp", "c": {"a": 0, "k": 256}, "o": {"a": 0, "k": 0},
             "tr": {"p": {"a": 0, "k": [1, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
              "r": {"a": 0, "k": 0}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}}
            """
        var group = "\(L.rectangle(center: (1, 1), size: (1, 1))), \(L.fill((0, 0, 0))), \(repeater)"
        for _ in 0..<2 { group = "{\"ty\": \"gr\", \"it\": [\(group)]}, \(repeater)" }
        let layer = CACompositionLayer(
            composition: try CAComposition(data: Data(L.make(layers: L.shapeLayer("copies", shapes: group)).utf8)))
        #expect(layer.warnings == ["repeaters in layer \"copies\" make over 1024 copies: the rest were left out"])
        func shapes(_ layer: CALayer) -> Int {
            (layer is CAShapeLayer ? 1 : 0) + (layer.sublayers ?? []).reduce(0) { $0 + shapes($1) }
        }
        #expect(shapes(layer) == 1_024)
    }

    /// A path of 25,000 vertices under an animated trim, and under animated rounded corners
    /// (which double its vertices): the paths derived at every frame are sampled at fewer frames
    /// (100,000 vertices in all: 4 and 2 steps), not at each of the 1,000 they could be, so
    /// memory and load time stay bounded.
    @Test func longPathsDerivedEveryFrameAreSampledWithinAVertexBudget() throws {
        let count = 25_000
        let points = (0..<count).map { i -> String in
            let angle = Double(i) / Double(count) * 2 * .pi
            return "[\(50 + 40 * cos(angle)), \(50 + 40 * sin(angle))]"
        }
        let zeros = Array(repeating: "[0, 0]", count: count).joined(separator: ",")
        let path = "{\"c\": true, \"v\": [\(points.joined(separator: ","))], \"i\": [\(zeros)], \"o\": [\(zeros)]}"
        let shapes = """
            {"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": \(path)}},
              {"ty": "tm", "s": {"a": 0, "k": 0}, "e": \(L.animated([(0, "10"), (1000, "90")])), "o": {"a": 0, "k": 0},
               "m": 1}, \(L.fill((0, 0, 0)))]},
            {"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": \(path)}},
              {"ty": "rd", "r": \(L.animated([(0, "0"), (1000, "5")]))}, \(L.fill((0, 0, 0)))]}
            """
        let layer = CACompositionLayer(
            composition: try CAComposition(
                data: Data(L.make(frames: 1000, layers: L.shapeLayer("long", shapes: shapes)).utf8)))
        #expect(layer.warnings == [])
        layer.currentFrame = 500
        func pathKeyframes(_ layer: CALayer) -> [Int] {
            let group = layer.animation(forKey: "composition") as? CAAnimationGroup
            let own = (group?.animations ?? []).compactMap { animation -> Int? in
                guard let keyframes = animation as? CAKeyframeAnimation, keyframes.keyPath == "path" else { return nil }
                return keyframes.values?.count
            }
            return own + (layer.sublayers ?? []).flatMap(pathKeyframes)
        }
        let counts = pathKeyframes(layer)
        #expect(counts.sorted() == [3, 5])
    }

    /// A time-remapped precomposition inside another, shown at none of the outer one's sampled
    /// frames: its layers build with their first values and stay hidden.
    @Test func nestedTimeRemapShownAtNoSampledFrame() throws {
        let mover = L.shapeLayer(
            "mover", index: 1,
            transform: L.transform(
                anchor: L.still("[0, 0]"), position: L.animated([(0, "[10, 10]"), (30, "[90, 10]")]),
                scale: L.still("[100, 100]"), rotation: L.still("0"), opacity: L.still("100")),
            shapes: "\(L.rectangle(center: (0, 0), size: (10, 10))), \(L.fill((1, 0, 0)))")
        func precomp(_ reference: String, inPoint: Double, outPoint: Double) -> String {
            """
            {"ddd": 0, "ty": 0, "nm": "\(reference)", "ind": 1, "refId": "\(reference)", "w": 100, "h": 100,
             "ip": \(inPoint), "op": \(outPoint), "st": 0, "tm": \(L.animated([(0, "0"), (30, "1")])), "ks": {}}
            """
        }
        let assets = """
            {"id": "outer", "layers": [\(precomp("inner", inPoint: 100, outPoint: 200))]},
            {"id": "inner", "layers": [\(mover)]}
            """
        let image = try renderedComposition(
            L.make(layers: precomp("outer", inPoint: 0.5, outPoint: 30), assets: assets), frame: 15)
        #expect(image.pixel(x: 50, y: 10).a == 0)
    }

    /// 300 `.lottie` archives with a byte changed or a span cut or zeroed: each throws or loads.
    @Test func mutatedArchivesThrowOrLoad() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("archives-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = L.make(
            layers: L.shapeLayer("box", shapes: "\(L.rectangle(center: (5, 5), size: (5, 5))), \(L.fill((1, 0, 0)))"))
        try Data(json.utf8).write(to: folder.appendingPathComponent("a.json"))
        try Data("{\"animations\": [{\"id\": \"a\"}]}".utf8).write(to: folder.appendingPathComponent("m.json"))
        let archive = folder.appendingPathComponent("a.lottie")
        _ = try ReferenceRenderer.run([
            "dotlottie", archive.path, "manifest.json=\(folder.path)/m.json", "animations/a.json=\(folder.path)/a.json",
        ])
        let original = [UInt8](try Data(contentsOf: archive))
        var random = Random(state: 5)
        var loaded = 0
        for _ in 0..<300 {
            var bytes = original
            let at = random.next(bytes.count)
            switch random.next(3) {
            case 0: bytes[at] = UInt8(random.next(256))
            case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.next(30)))
            default: bytes.replaceSubrange(at..<min(bytes.count, at + 4), with: [0xFF, 0xFF, 0xFF, 0xFF])
            }
            do {
                _ = CACompositionLayer(composition: try CAComposition(data: Data(bytes)))
                loaded += 1
            } catch is CompositionError {
                continue
            }
        }
        #expect(loaded > 0)
    }

    /// Extreme values where the loader computes with them: a trim turned 1e308 degrees (cutting
    /// the fill's paths too), a polystar of 1e300 points, rounded corners whose radius has
    /// keyframes at frames ±1e308 (further apart than a `Double` spans: sampling them crashed),
    /// a layer index of 9e18: each builds.
    @Test func extremeValuesBuild() throws {
        let shapes = """
            {"ty": "el", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 40]}},
            {"ty": "sr", "sy": 1, "p": {"a": 0, "k": [50, 50]}, "pt": {"a": 0, "k": 1e300}, "r": {"a": 0, "k": 0},
             "or": {"a": 0, "k": 20}, "ir": {"a": 0, "k": 10}},
            {"ty": "tm", "s": {"a": 0, "k": -1e308}, "e": {"a": 0, "k": 50}, "o": \(L.animated([(0, "0"), (30, "1e308")]))},
            {"ty": "rd", "r": {"a": 1, "k": [{"t": -1e308, "s": [0]}, {"t": 1e308, "s": [1e308]}]}},
            {"ty": "st", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}},
            \(L.fill((0, 0, 0)))
            """
        let json = L.make(layers: L.shapeLayer("extreme", index: 9_000_000_000_000_000_000, shapes: shapes))
        let layer = CACompositionLayer(composition: try CAComposition(data: Data(json.utf8)))
        layer.currentFrame = 10
        #expect(isClose(layer.currentFrame, 10))
    }
}
