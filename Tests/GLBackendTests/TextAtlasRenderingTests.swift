import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// `CATextLayer` drawn from the render side's glyph atlas, against the same text drawn by Pango
/// into a backing store (a subclass of `CATextLayer` draws there), both rendered over white.
/// The atlas holds cairo's own glyph bitmaps and places them on the whole pixels cairo draws
/// them at, so the two differ by the rounding of a colour multiplied on the GPU and where
/// neighbouring glyphs' anti-aliased edges overlap (the atlas blends them, cairo adds their
/// coverage): fewer than 1 % of the text's pixels off by more than 1. The one larger difference
/// is a top row of some hinted glyphs that cairo cuts off in the backing store (see
/// `expectAtlasMatchesPango`).
@Suite struct TextAtlasRenderingTests {
    /// A text layer drawn into a backing store, as every subclass is.
    final class BitmapTextLayer: CATextLayer {}

    static let white = CGColor(gray: 1, alpha: 1)
    static let paragraph =
        "Sphinx of black quartz, judge my vow. The quick brown fox jumps over the lazy dog — 0123456789!"

    func text(_ layer: CATextLayer = CATextLayer(), _ string: Any? = paragraph, scale: CGFloat = 1) -> CATextLayer {
        layer.bounds = CGRect(x: 0, y: 0, width: 240, height: 120)
        layer.font = "DejaVu Sans"
        layer.fontSize = 17
        layer.isWrapped = true
        layer.foregroundColor = CGColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 1)
        layer.string = string
        layer.contentsScale = scale
        return layer
    }

    /// The atlas's text and the backing store's, compared.
    func expectAtlasMatchesPango(_ atlas: CATextLayer, _ pango: CATextLayer) throws {
        let drawn = try renderedDrawing(of: atlas, over: Self.white)
        let reference = try renderedDrawing(of: pango, over: Self.white)
        #expect(atlas.state.glyphs != nil && atlas.contents == nil, "drawn from the atlas")
        #expect(pango.state.glyphs == nil && pango.contents != nil, "drawn into a backing store")
        #expect(drawn.width == reference.width && drawn.height == reference.height)
        let inked = (0..<reference.height).reduce(0) { count, y in
            count + (0..<reference.width).filter { reference.pixel(x: $0, y: y).r < 250 }.count
        }
        #expect(inked > 1000, "the text covers something to compare")
        // Where they differ by more than the tolerance, the atlas shows a glyph's top row that
        // cairo cut off the backing store's: cairo 1.16 clips a run of glyphs to the union of
        // their unhinted boxes at their fractional positions, and hinting can raise a stem a row
        // above that. Nothing the backing store drew is missing.
        var cutRows = 0
        for y in 0..<drawn.height {
            for x in 0..<drawn.width where !isClose(drawn.pixel(x: x, y: y), reference.pixel(x: x, y: y), tolerance: 2)
            {
                let below = y + 1 < drawn.height ? reference.pixel(x: x, y: y + 1) : reference.pixel(x: x, y: y)
                #expect(reference.pixel(x: x, y: y) == (255, 255, 255, 255) && below.r < 250, "(\(x), \(y))")
                cutRows += 1
            }
        }
        #expect(cutRows * 100 < inked, "\(cutRows) of \(inked) pixels")
        let off = differingPixels(drawn, reference, x: 0, y: 0, width: drawn.width, height: drawn.height)
        #expect(off * 100 < inked, "\(off) of \(inked) pixels differ by more than 1")
    }

    @Test(arguments: [1, 2] as [CGFloat])
    func aWrappedParagraphMatchesPangosBitmap(scale: CGFloat) throws {
        try expectAtlasMatchesPango(text(scale: scale), text(BitmapTextLayer(), scale: scale))
    }

    @Test func attributedRunsKeepTheirColoursAndMatchPangosBitmap() throws {
        let string = NSMutableAttributedString(string: "Red and blue runs, then plain black")
        string.addAttribute(
            .foregroundColor, value: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
            range: NSRange(location: 0, length: 3))
        string.addAttribute(
            .foregroundColor, value: CGColor(red: 0, green: 0, blue: 1, alpha: 1),
            range: NSRange(location: 8, length: 4))
        string.addAttribute(
            .font, value: TextFont(name: "DejaVu Sans Bold", size: 22), range: NSRange(location: 8, length: 4))
        let atlas = text(CATextLayer(), string)
        try expectAtlasMatchesPango(atlas, text(BitmapTextLayer(), string))
        let image = try renderedDrawing(of: atlas, over: Self.white)
        let colours = image.pixelNames { p in
            if p.r > 200 && p.g < 40 && p.b < 40 { return "red" }
            if p.b > 200 && p.r < 40 && p.g < 40 { return "blue" }
            return p.r < 40 && p.g < 40 && p.b < 40 ? "black" : nil
        }
        #expect(colours == ["red", "blue", "black"], "foregroundColor does not apply to an attributed string")
    }

    /// `string` in `color` at `fontSize` drawn from the atlas and into a backing store, over white.
    func atlasAndBackingStore(_ string: String, color: CGColor, fontSize: CGFloat) throws -> (CGImage, CGImage) {
        func configured(_ layer: CATextLayer) -> CATextLayer {
            let layer = text(layer, string)
            layer.foregroundColor = color
            layer.fontSize = fontSize
            return layer
        }
        let atlas = configured(CATextLayer())
        let drawn = try renderedDrawing(of: atlas, over: Self.white)
        #expect(atlas.state.glyphs != nil, "drawn from the atlas")
        return (drawn, try renderedDrawing(of: configured(BitmapTextLayer()), over: Self.white))
    }

    @Test func emojiKeepTheirColoursFromTheAtlasAsInTheBackingStore() throws {
        // White text on white: a silhouette would vanish; colour glyphs must not.
        let (drawn, reference) = try atlasAndBackingStore(
            "Fire 🔥 guitar 🎸 apple 🍎", color: CGColor(red: 1, green: 1, blue: 1, alpha: 1), fontSize: 24)
        for (image, name) in [(drawn, "emoji-atlas"), (reference, "emoji-backing-store")] {
            // Opaque over white, so the premultiplied pixels are the straight ones.
            let png = try PNGEncoder.encode(straightRGBA: Array(image.pixels), width: image.width, height: image.height)
            try png.write(to: URL(fileURLWithPath: NSTemporaryDirectory() + name + ".png"))
        }
        var coloured = 0
        for y in 0..<drawn.height {
            for x in 0..<drawn.width {
                let p = drawn.pixel(x: x, y: y)
                if Int(p.r) - Int(p.b) > 60 { coloured += 1 }
            }
        }
        #expect(coloured > 200, "the fire and the apple are red")
        let off = differingPixels(drawn, reference, x: 0, y: 0, width: drawn.width, height: drawn.height)
        #expect(off * 100 < drawn.width * drawn.height, "\(off) pixels differ by more than 1")
    }

    @Test func aCharacterNoFontHasIsDrawnAsItsBoxAsInTheBackingStore() throws {
        // U+10FFFD, a private-use code point no installed font draws: Pango's box with its hex.
        let (drawn, reference) = try atlasAndBackingStore(
            "[\u{10FFFD}]", color: CGColor(red: 0, green: 0, blue: 0, alpha: 1), fontSize: 30)
        /// The box around the pixels darker than mid-grey past the opening bracket, and their count.
        func ink(_ image: CGImage) -> (box: SIMD4<Int>, count: Int) {
            var box = SIMD4(Int.max, Int.max, Int.min, Int.min)
            var count = 0
            for y in 0..<image.height {
                for x in 14..<image.width where image.pixel(x: x, y: y).r < 160 {
                    box = SIMD4(min(box.x, x), min(box.y, y), max(box.z, x), max(box.w, y))
                    count += 1
                }
            }
            return (box, count)
        }
        let (drawnBox, drawnInk) = ink(drawn)
        let (referenceBox, referenceInk) = ink(reference)
        // The same box with its digits and the closing bracket, where the backing store draws them.
        // Pango strokes the box at the pen's fractional position; the atlas draws it on whole pixels,
        // so its lines may fall a pixel over and come out darker.
        #expect(referenceInk > 100, "the backing store draws the box")
        #expect(drawnInk > 100, "the atlas draws the box")
        #expect(abs(drawnInk - referenceInk) * 3 < referenceInk, "\(drawnInk) against \(referenceInk) inked")
        for edge in 0..<4 {
            #expect(abs(drawnBox[edge] - referenceBox[edge]) <= 1, "\(drawnBox) against \(referenceBox)")
        }
    }

    @Test func assignedContentsHideTheString() throws {
        // GNUstep's suite, run on Apple's QuartzCore: a text layer given contents shows them alone.
        let layer = text()
        let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let inked = try renderedDrawing(of: layer, over: Self.white)
        #expect(inked.pixels.count > 0)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.contents = CGImage(rgbaPixels: [255, 255, 0, 255], width: 1, height: 1)!
        CATransaction.commit()
        let covered = try renderedDrawing(of: layer, over: Self.white)
        // Every pixel is the image's: no glyph is drawn over it.
        var notYellow = 0
        for y in 0..<covered.height {
            for x in 0..<covered.width where covered.pixel(x: x, y: y) != (255, 255, 0, 255) { notYellow += 1 }
        }
        #expect(notYellow == 0)
        // Displaying the text again replaces the contents.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.foregroundColor = blue
        layer.string = "Again"
        CATransaction.commit()
        let again = try renderedDrawing(of: layer, over: Self.white)
        expectPixel(again, 200, 100, (255, 255, 255, 255), tolerance: 0)
        #expect(layer.contents == nil)
    }

    @Test func twoHundredTextLayersDrawInOneCall() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 400, height: 400), Self.white)
        for i in 0..<200 {
            let label = CATextLayer()
            label.frame = CGRect(x: CGFloat(i % 10) * 40, y: CGFloat(i / 10) * 20, width: 40, height: 20)
            label.fontSize = 11
            label.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            label.string = "#\(i)"
            root.addSublayer(label)
        }
        let renderer = try OffscreenRenderer(width: 400, height: 400)
        let image = try renderer.render(root)
        #expect(renderer.statistics.drawCalls == 1, "\(renderer.statistics)")
        #expect(
            renderer.statistics.instances == 690,
            "a quad for each glyph of #0 to #199 (the opaque root is the clear colour)")
        let inked = (0..<400).reduce(0) { n, y in n + (0..<400).filter { image.pixel(x: $0, y: y).r < 128 }.count }
        #expect(inked > 2000, "every label shows")
    }

    /// The commit carries new text layers' text unshaped; a frame shapes the text layers it
    /// draws, and a text layer outside the window (culled) is never shaped. New text for a layer
    /// a frame drew is shaped at the commit.
    @Test func textIsShapedWhereAFrameDrawsIt() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 200, height: 100), Self.white)
        let labels = (0..<50).map { i in
            let label = CATextLayer()
            // The first two inside the window, the rest far below it.
            label.frame = CGRect(x: 10, y: i < 2 ? CGFloat(i) * 30 + 10 : CGFloat(i) * 30 + 500, width: 180, height: 20)
            label.fontSize = 14
            label.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            label.string = "label \(i)"
            root.addSublayer(label)
            return label
        }
        CATransaction.flush()
        let committed = labels.compactMap(\.state.glyphs)
        #expect(committed.count == 50 && !committed.contains(where: \.isShaped), "the commit shapes nothing")
        let renderer = try OffscreenRenderer(width: 200, height: 100)
        let image = try renderer.render(root)
        #expect(labels.map { $0.state.glyphs?.isShaped == true } == (0..<50).map { $0 < 2 })
        let inked = (0..<100).reduce(0) { n, y in n + (0..<200).filter { image.pixel(x: $0, y: y).r < 128 }.count }
        #expect(inked > 100, "the two labels in the window show")
        // New text for a label a frame drew is shaped at the commit; a culled label's is not.
        labels[0].string = "label zero"
        labels[10].string = "label ten"
        CATransaction.flush()
        #expect(labels[0].state.glyphs?.isShaped == true && labels[10].state.glyphs?.isShaped == false)
    }

    /// A render tree kept from frame to frame, given the whole tree under `root` at each frame.
    struct Frames {
        let root: CALayer
        var tree = RenderTree()

        mutating func next() -> DisplayList {
            CATransaction.flush()
            var builder = CommitBuilder()
            builder.encodeWhole(root, markingCommitted: false)
            tree.apply(builder.finish())
            tree.glyphAtlas.beginFrame()
            var walked = FrameBuilder.walk(
                tree, root: root.layerID, width: Int(root.bounds.width), height: Int(root.bounds.height))
            return walked.finish()
        }
    }

    @Test func aChangedStringRasterisesOnlyItsNewGlyphs() throws {
        let layer = text(CATextLayer(), "abcabc")
        let root = solidLayer(CGRect(x: 0, y: 0, width: 240, height: 120))
        root.addSublayer(layer)
        layer.position = CGPoint(x: 120, y: 60)
        var frames = Frames(root: root)
        var tree: RenderTree { frames.tree }
        func frame() -> DisplayList { frames.next() }
        let first = frame()
        #expect(tree.glyphAtlas.rasterizations == 3)
        #expect(first.textureUpdates.count == 3, "one slot written per glyph")
        layer.string = "abd"
        let second = frame()
        #expect(tree.glyphAtlas.rasterizations == 4, "only d is new")
        #expect(second.textureUpdates.count == 1)
        let d = try #require(second.textureUpdates.first)
        #expect(d.pixels.count == d.width * d.height * 4 && d.width < 20 && d.height < 20)
        layer.string = "dab"
        layer.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let third = frame()
        #expect(tree.glyphAtlas.rasterizations == 4)
        #expect(third.textureUpdates.isEmpty, "known glyphs and a new colour upload nothing")
    }

    @Test func aColourAnimationChangesThePictureWithoutACommit() throws {
        let layer = text()
        layer.position = CGPoint(x: 120, y: 60)
        let root = solidLayer(CGRect(x: 0, y: 0, width: 240, height: 120), Self.white)
        root.addSublayer(layer)
        let renderer = try OffscreenRenderer(width: 240, height: 120)
        _ = try renderer.render(root)
        let pulse = basic(
            "foregroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
            to: CGColor(red: 0, green: 0.5, blue: 0, alpha: 1), duration: 10
        ) { $0.beginTime = 1000 }
        layer.add(pulse, forKey: "pulse")
        let atStart = try renderer.render(root, at: 1000)
        let uploads = renderer.statistics.uploadedBytes
        // No commit between these frames: the render side evaluates the colour.
        let midway = try renderer.render(root, at: 1005)
        #expect(renderer.statistics.uploadedBytes == 0 && uploads == 0, "no glyph is uploaded again")
        /// The pixel with the most ink over the white: the middle of a stroke.
        func mostInked(_ image: RenderedImage) -> Pixel {
            var best = image.pixel(x: 0, y: 0)
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image.pixel(x: x, y: y)
                    if Int(p.r) + Int(p.g) + Int(p.b) < Int(best.r) + Int(best.g) + Int(best.b) { best = p }
                }
            }
            return best
        }
        let start = mostInked(atStart)
        let middle = mostInked(midway)
        #expect(isClose(start, (255, 0, 0, 255), tolerance: 2), "\(start)")
        #expect(isClose(middle, (128, 64, 0, 255), tolerance: 2), "\(middle)")
    }

    @Test func aFullAtlasDrawsTheGlyphsThatFindNoRoomFromTheirOwnBitmapsAndIsEmptiedAtTheNextFrame() throws {
        // 227 different letters in a 250-point font: more than four 1024-pixel pages hold.
        let letters =
            (0x41...0x5A).map { $0 } + (0x61...0x7A).map { $0 } + (0xC0...0xFF).map { $0 }
            + (0x391...0x3A9).map { $0 } + (0x3B1...0x3C9).map { $0 } + (0x410...0x44F).map { $0 }
        let characters = letters.compactMap(Unicode.Scalar.init).filter { $0 != "×" && $0 != "÷" && $0.value != 0x3A2 }
        let words = stride(from: 0, to: characters.count, by: 6).map { start in
            String(String.UnicodeScalarView(characters[start..<min(start + 6, characters.count)]))
        }
        let layer = CATextLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 3000, height: 9000)
        layer.font = "DejaVu Sans"
        layer.fontSize = 250
        layer.isWrapped = true
        layer.string = words.joined(separator: " ")
        let root = solidLayer(CGRect(x: 0, y: 0, width: 3000, height: 9000))
        root.addSublayer(layer)
        var frames = Frames(root: root)
        let first = frames.next()
        let glyphs = try #require(layer.state.glyphs?.runs)
        let inked = characters.count
        #expect(glyphs.glyphCount > inked, "every letter is laid out, with the spaces within lines")
        #expect(first.instances.count == inked, "every glyph is drawn, from the atlas or its own bitmap")
        let images = Set(
            first.commands.compactMap { command -> UInt64? in
                guard case .draw(let batch) = command else { return nil }
                return batch.image?.imageID
            })
        #expect(images.count > GlyphAtlas.maximumPages, "the glyphs that found no room use their own bitmaps")
        #expect(!frames.tree.glyphAtlas.takeReplacedImages())
        let second = frames.next()
        #expect(frames.tree.glyphAtlas.takeReplacedImages(), "the full atlas was emptied")
        #expect(second.instances.count == inked)
        #expect(
            frames.tree.glyphAtlas.rasterizations == 2 * (inked + 1),
            "the emptied atlas forgot its glyphs (and the space): they were rasterised again")
        #expect(!second.textureUpdates.isEmpty)
    }
}
