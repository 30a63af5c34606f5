import Foundation
import GLBackend
import SceneComposition
import Testing

/// Text layers, checked against the geometry Lottie gives text (rlottie draws none): point text
/// on its baseline, aligned to its origin; box text wrapped in its box; documents switching at
/// their frames; the text set by key path; the features not played warned about.
@Suite struct CompositionTextTests {
    /// A text document: `text` in DejaVu Sans (through the font list) at `size`, colour
    /// `color` (0–1), justification `j`, in a box when `box` is given (x, y, width, height).
    private static func document(
        _ text: String, size: Double = 20, color: String = "[1, 0, 0]", j: Int = 0, box: [Double]? = nil
    ) -> String {
        let boxed = box.map { ", \"ps\": [\($0[0]), \($0[1])], \"sz\": [\($0[2]), \($0[3])]" } ?? ""
        return "{\"t\": \"\(text)\", \"f\": \"DejaVuSans\", \"s\": \(size), \"fc\": \(color), \"j\": \(j)\(boxed)}"
    }

    /// A text layer named `name` at `position` showing `documents` (frame, document).
    private static func textLayer(
        _ name: String = "Label", position: (Double, Double), documents: [(Int, String)], extra: String = ""
    ) -> String {
        let keys = documents.map { "{\"t\": \($0.0), \"s\": \($0.1)}" }.joined(separator: ", ")
        return """
            {"ddd": 0, "ty": 5, "nm": "\(name)", "ind": 1, "ip": 0, "op": 30, "st": 0,
             "ks": \(LottieDocument.transform(position: position)), "t": {"d": {"k": [\(keys)]}\(extra)}}
            """
    }

    /// A 200 x 100 composition of `layers`, with DejaVu Sans in its font list.
    private static func composition(_ layers: String, assets: String = "", more: String = "") -> String {
        """
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 200, "h": 100, "assets": [\(assets)],
         "fonts": {"list": [{"fName": "DejaVuSans", "fFamily": "DejaVu Sans", "fStyle": "Regular"}]},
         "layers": [\(layers)]\(more)}
        """
    }

    private func render(_ json: String, frame: Double = 0, setUp: (CACompositionLayer) -> Void = { _ in })
        throws -> RenderedImage
    {
        let layer = CACompositionLayer(composition: try CAComposition(data: Data(json.utf8)))
        layer.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        layer.currentFrame = frame
        setUp(layer)
        return try OffscreenRenderer(width: 200, height: 100).render(layer)
    }

    /// The bounds of the pixels at least half covered, and the colours of the fully covered ones.
    private func ink(_ image: RenderedImage) -> (bounds: CGRect, colors: Set<[UInt8]>) {
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        var colors: Set<[UInt8]> = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                guard p.a >= 128 else { continue }
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x + 1), max(maxY, y + 1))
                if p.a == 255 { colors.insert([p.r, p.g, p.b]) }
            }
        }
        guard maxX >= 0 else { return (.null, []) }
        return (CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY), colors)
    }

    /// "HHHH" at 20 points from (20, 60): capitals stand on the baseline, 0.73 font sizes tall
    /// (DejaVu Sans's cap height), starting at the origin, in the document's colour.
    @Test func pointTextStandsOnItsBaseline() throws {
        let json = Self.composition(Self.textLayer(position: (20, 60), documents: [(0, Self.document("HHHH"))]))
        let (bounds, colors) = ink(try render(json))
        #expect(bounds.minX >= 20 && bounds.minX <= 24, "\(bounds)")
        #expect(bounds.maxY >= 59 && bounds.maxY <= 61, "\(bounds)")
        #expect(bounds.minY >= 44 && bounds.minY <= 47, "\(bounds)")
        #expect(colors == [[255, 0, 0]])
    }

    /// Centred text is centred on the layer's origin; right-aligned text ends there.
    @Test func alignedPointText() throws {
        let centred = Self.composition(
            Self.textLayer(position: (100, 60), documents: [(0, Self.document("HHHH", j: 2))]))
        let middle = ink(try render(centred)).bounds
        #expect(abs(middle.midX - 100) <= 2, "\(middle)")
        let right = Self.composition(
            Self.textLayer(position: (180, 60), documents: [(0, Self.document("HHHH", j: 1))]))
        let end = ink(try render(right)).bounds
        #expect(end.maxX <= 180 && end.maxX >= 176, "\(end)")
    }

    /// Box text wraps inside its box, on several lines, in its colour.
    @Test func boxTextWrapsInItsBox() throws {
        let json = Self.composition(
            Self.textLayer(
                position: (0, 0),
                documents: [
                    (0, Self.document("ONE TWO THREE FOUR", size: 16, color: "[0, 0, 1]", box: [20, 10, 80, 80]))
                ]))
        let (bounds, colors) = ink(try render(json))
        #expect(bounds.minX >= 20 && bounds.maxX <= 100, "\(bounds)")
        #expect(bounds.minY >= 10 && bounds.maxY <= 90, "\(bounds)")
        #expect(bounds.height > 30, "\(bounds)")
        #expect(colors == [[0, 0, 255]])
    }

    /// Documents switch at their frames: red before frame 15, blue from it.
    @Test func documentsSwitchAtTheirFrames() throws {
        let json = Self.composition(
            Self.textLayer(
                position: (20, 60),
                documents: [(0, Self.document("HHHH")), (15, Self.document("HHHH", color: "[0, 0, 1]"))]))
        #expect(ink(try render(json, frame: 5)).colors == [[255, 0, 0]])
        #expect(ink(try render(json, frame: 14)).colors == [[255, 0, 0]])
        #expect(ink(try render(json, frame: 15)).colors == [[0, 0, 255]])
        #expect(ink(try render(json, frame: 29)).colors == [[0, 0, 255]])
    }

    /// "Button.Label.Text" sets the text of layer "Label" in precomposition layer "Button", in
    /// every document; centred point text is sized for its new text, still centred on its origin.
    @Test func textSetByKeyPath() throws {
        let label = Self.textLayer(
            position: (100, 60),
            documents: [(0, Self.document("H", j: 2)), (15, Self.document("H", color: "[0, 0, 1]", j: 2))])
        let json = Self.composition(
            """
            {"ddd": 0, "ty": 0, "nm": "Button", "ind": 1, "refId": "button", "w": 200, "h": 100, "ip": 0, "op": 30,
             "st": 0, "ks": {}}
            """,
            assets: "{\"id\": \"button\", \"layers\": [\(label)]}")
        let narrow = ink(try render(json)).bounds
        #expect(narrow.width < 20, "\(narrow)")
        var read: Any?
        for frame in [0.0, 20] {
            let wide = ink(
                try render(json, frame: frame) { layer in
                    #expect(layer.inputKeyPaths.contains("Button.Label.Text"))
                    #expect(layer.setValue("HHHHHHHHHH", forInputKeyPath: "Button.Label.Text"))
                    read = layer.value(forInputKeyPath: "**.Text")
                }
            ).bounds
            #expect(wide.width > 120, "frame \(frame): \(wide)")
            #expect(abs(wide.midX - 100) <= 2, "frame \(frame): \(wide)")
        }
        #expect(read as? String == "HHHHHHHHHH")
    }

    /// Text in a composition scaled up is laid out for the pixels it covers.
    @Test func textFollowsTheCompositionsScale() throws {
        let json = Self.composition(Self.textLayer(position: (20, 60), documents: [(0, Self.document("H"))]))
        let layer = CACompositionLayer(composition: try CAComposition(data: Data(json.utf8)))
        layer.frame = CGRect(x: 0, y: 0, width: 600, height: 300)
        layer.layoutIfNeeded()
        var texts: [CATextLayer] = []
        var pending: [CALayer] = [layer]
        while let next = pending.popLast() {
            if let text = next as? CATextLayer { texts.append(text) }
            pending += next.sublayers ?? []
        }
        #expect(texts.map(\.contentsScale) == [3])
    }

    /// Glyph shapes, text animators and text on a path are named in the warnings.
    @Test func featuresNotPlayedAreWarnedAbout() throws {
        let json = Self.composition(
            Self.textLayer(
                position: (20, 60), documents: [(0, Self.document("H"))],
                extra: ", \"a\": [{\"nm\": \"Animator 1\"}], \"p\": {\"m\": 1}"),
            more: ", \"chars\": [{\"ch\": \"H\"}]")
        let composition = try CAComposition(data: Data(json.utf8))
        #expect(
            composition.warnings == [
                "text glyph shapes (drawn with fonts) (not played): \"Label\"",
                "text animators (not played): \"Label\"", "text on paths (not played): \"Label\"",
            ])
    }
}
