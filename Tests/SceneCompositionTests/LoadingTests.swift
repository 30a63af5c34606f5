import Foundation
import GLBackend
import SceneComposition
import Testing

/// Bad input: errors thrown, values dropped with warnings, limits kept; unsupported features
/// reported once; `.lottie` archives.
@Suite struct LoadingTests {
    private typealias L = LottieDocument

    private func load(_ json: String) throws -> CAComposition {
        try CAComposition(data: Data(json.utf8))
    }

    @Test func malformedAndTruncatedDataThrow() throws {
        #expect(throws: CompositionError.malformed("the data is not valid JSON")) { try load("{\"w\": 10,") }
        #expect(throws: CompositionError.malformed("the JSON is not an object")) { try load("[1, 2]") }
        let whole = L.make(layers: L.shapeLayer("box", shapes: L.rectangle(center: (5, 5), size: (5, 5))))
        for length in stride(from: 0, to: whole.utf8.count - 1, by: 7) {
            #expect(throws: CompositionError.self) { try load(String(whole.prefix(length))) }
        }
        // A number JSON cannot hold (an infinity) is refused with the document.
        #expect(throws: CompositionError.malformed("the data is not valid JSON")) {
            try load(whole.replacingOccurrences(of: "\"w\": 100", with: "\"w\": 1e999"))
        }
        #expect(throws: CompositionError.malformed("no layers")) {
            try load("{\"w\": 10, \"h\": 10, \"fr\": 30, \"ip\": 0, \"op\": 10}")
        }
    }

    @Test func absurdSizesRatesAndFrameCountsThrow() throws {
        let layers = "\"layers\": []"
        #expect(throws: CompositionError.limitExceeded("w = 1000000000.0 (0 < w ≤ 16384)")) {
            try load("{\"w\": 1e9, \"h\": 10, \"fr\": 30, \"ip\": 0, \"op\": 10, \(layers)}")
        }
        #expect(throws: CompositionError.limitExceeded("h = -5.0 (0 < h ≤ 16384)")) {
            try load("{\"w\": 10, \"h\": -5, \"fr\": 30, \"ip\": 0, \"op\": 10, \(layers)}")
        }
        #expect(throws: CompositionError.limitExceeded("frame rate 0.0 (0 < fr ≤ 1000.0)")) {
            try load("{\"w\": 10, \"h\": 10, \"fr\": 0, \"ip\": 0, \"op\": 10, \(layers)}")
        }
        #expect(throws: CompositionError.limitExceeded("frames 0.0 to 1e+20 (op must follow ip, by at most 1000000)")) {
            try load("{\"w\": 10, \"h\": 10, \"fr\": 30, \"ip\": 0, \"op\": 1e20, \(layers)}")
        }
        #expect(throws: CompositionError.limitExceeded("frames 5.0 to 5.0 (op must follow ip, by at most 1000000)")) {
            try load("{\"w\": 10, \"h\": 10, \"fr\": 30, \"ip\": 5, \"op\": 5, \(layers)}")
        }
    }

    @Test func cyclicPrecompositionsThrow() throws {
        func precomp(_ ref: String) -> String {
            "{\"ddd\": 0, \"ty\": 0, \"nm\": \"\(ref)\", \"refId\": \"\(ref)\", \"w\": 10, \"h\": 10, \"ip\": 0, \"op\": 10, \"ks\": {}}"
        }
        let assets = """
            {"id": "a", "layers": [\(precomp("b"))]}, {"id": "b", "layers": [\(precomp("c"))]},
            {"id": "c", "layers": [\(precomp("a"))]}
            """
        #expect(throws: CompositionError.cyclicPrecomposition("a")) {
            try load(L.make(layers: precomp("a"), assets: assets))
        }
        let selfReference = "{\"id\": \"s\", \"layers\": [\(precomp("s"))]}"
        #expect(throws: CompositionError.cyclicPrecomposition("s")) {
            try load(L.make(layers: "", assets: selfReference))
        }
    }

    @Test func keyframesThatAreNotNumbersAreDroppedAndTheRestPlays() throws {
        let transform = L.transform(
            anchor: L.still("[0, 0]"),
            position:
                "{\"a\": 1, \"k\": [{\"t\": 0, \"s\": [20, 20]}, {\"t\": 10, \"s\": [\"NaN\", 5]}, {\"t\": 20, \"s\": [null, 3]}, {\"t\": 30, \"s\": [80, 20]}]}",
            scale: L.still("[100, 100]"), rotation: L.still("0"), opacity: L.still("100"))
        let json = L.make(
            layers: L.shapeLayer(
                "box", transform: transform,
                shapes: "\(L.rectangle(center: (0, 0), size: (10, 10))), \(L.fill((0, 0, 1)))"))
        let composition = try load(json)
        #expect(
            composition.warnings == [
                "a keyframe with a value that is not a finite number in layer \"box\" was dropped"
            ])
        let image = try renderedComposition(composition, frame: 15)
        // Halfway from (20, 20) to (80, 20), the two bad keyframes left out.
        #expect(image.pixel(x: 50, y: 20) == (0, 0, 255, 255))
        #expect(image.pixel(x: 20, y: 20).a == 0)
    }

    /// An anchor of one component (lottie-ios's `pr_1599`) is read as lottie-ios reads it: that
    /// x, and 0 for y. (rlottie 0.2 draws such a layer nowhere.)
    @Test func anAnchorOfOneComponentHasZeroForY() throws {
        let transform = L.transform(
            anchor: L.still("[30]"), position: L.still("[50, 50]"), scale: L.still("[100, 100]"),
            rotation: L.still("0"), opacity: L.still("100"))
        let json = L.make(
            layers: L.shapeLayer(
                "box", transform: transform,
                shapes: "\(L.rectangle(center: (0, 0), size: (10, 10))), \(L.fill((0, 0, 1)))"))
        let composition = try load(json)
        #expect(composition.warnings == [])
        let image = try renderedComposition(composition)
        // The box centred at (50 - 30, 50 - 0).
        #expect(image.pixel(x: 20, y: 50) == (0, 0, 255, 255))
        #expect(image.pixel(x: 50, y: 50).a == 0)
    }

    @Test func unsupportedFeaturesAreListedOncePerFeatureWithTheirLayers() throws {
        let masked = """
            {"ddd": 0, "ty": 4, "nm": "masked", "ind": 1, "ip": 0, "op": 30, "ks": {}, "hasMask": true,
             "masksProperties": [{"mode": "d", "pt": {"a": 0, "k": {"c": true, "v": [], "i": [], "o": []}}}],
             "shapes": [{"ty": "zz"}]}
            """
        let text = """
            {"ddd": 0, "ty": 5, "nm": "title", "ind": 2, "tt": 3, "ip": 0, "op": 30, "ks": {},
             "t": {"a": [{}], "d": {"k": [{"s": {"t": "x", "s": 10}, "t": 0}]}}}
            """
        let alsoMasked = masked.replacingOccurrences(of: "\"masked\"", with: "\"second\"")
        let composition = try load(L.make(layers: [masked, text, alsoMasked].joined(separator: ",")))
        #expect(
            composition.warnings == [
                "zig zag (not played): \"masked\", \"second\"", "mask mode d (not played): \"masked\", \"second\"",
                "text animators (not played): \"title\"",
            ])
        let layer = CACompositionLayer(composition: composition)
        #expect(layer.warnings == composition.warnings)
    }

    @Test func nestedPrecompositionsStopAtTheLayerLimit() throws {
        // Five levels of ten instances each: 111,110 layers if built whole.
        var assets: [String] = []
        for level in 0..<5 {
            let child =
                level == 4
                ? "{\"ddd\": 0, \"ty\": 1, \"nm\": \"leaf\", \"sw\": 2, \"sh\": 2, \"sc\": \"#ff0000\", \"ip\": 0, \"op\": 10, \"ks\": {}}"
                : "{\"ddd\": 0, \"ty\": 0, \"nm\": \"p\", \"refId\": \"l\(level + 1)\", \"w\": 10, \"h\": 10, \"ip\": 0, \"op\": 10, \"ks\": {}}"
            assets.append(
                "{\"id\": \"l\(level)\", \"layers\": [\(Array(repeating: child, count: 10).joined(separator: ","))]}")
        }
        let root =
            "{\"ddd\": 0, \"ty\": 0, \"nm\": \"top\", \"refId\": \"l0\", \"w\": 10, \"h\": 10, \"ip\": 0, \"op\": 10, \"ks\": {}}"
        let layer = CACompositionLayer(
            composition: try load(L.make(layers: root, assets: assets.joined(separator: ","))))
        #expect(layer.warnings == ["over 4096 layers: the rest were left out"])
        func count(_ layer: CALayer) -> Int { 1 + (layer.sublayers ?? []).reduce(0) { $0 + count($1) } }
        #expect(count(layer) < 3 * 4096 + 10)
    }

    @Test func dotLottieArchiveWithAnImage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dotlottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pixels = (0..<64).flatMap { _ in [UInt8]([30, 200, 90, 255]) }
        try CGImage(rgbaPixels: pixels, width: 8, height: 8)!.pngData().write(
            to: folder.appendingPathComponent("green.png"))
        let asset = "{\"id\": \"img\", \"w\": 8, \"h\": 8, \"u\": \"/images/\", \"p\": \"green.png\", \"e\": 0}"
        let layer = """
            {"ddd": 0, "ty": 2, "nm": "picture", "ind": 1, "refId": "img", "ip": 0, "op": 30,
             "ks": \(L.transform(position: (20, 20), scale: 500))}
            """
        try Data(L.make(layers: layer, assets: asset).utf8).write(to: folder.appendingPathComponent("anim.json"))
        try Data("{\"version\": \"1\", \"animations\": [{\"id\": \"anim\"}]}".utf8)
            .write(to: folder.appendingPathComponent("manifest.json"))
        let archive = folder.appendingPathComponent("test.lottie")
        _ = try ReferenceRenderer.run([
            "dotlottie", archive.path, "manifest.json=\(folder.path)/manifest.json",
            "animations/anim.json=\(folder.path)/anim.json", "images/green.png=\(folder.path)/green.png",
        ])
        let composition = try CAComposition(contentsOf: archive)
        #expect(composition.size == CGSize(width: 100, height: 100))
        #expect(composition.warnings.isEmpty)
        let player = CACompositionLayer(composition: composition)
        player.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let image = try OffscreenRenderer(width: 100, height: 100).render(player)
        #expect(image.pixel(x: 40, y: 40) == (30, 200, 90, 255))
        #expect(image.pixel(x: 70, y: 70).a == 0)

        let bytes = try Data(contentsOf: archive)
        for length in [10, bytes.count / 2, bytes.count - 10] {
            #expect(throws: CompositionError.self) { try CAComposition(data: bytes.prefix(length)) }
        }
    }
}
