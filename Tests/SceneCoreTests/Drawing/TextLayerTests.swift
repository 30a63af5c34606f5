import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// CATextLayer drawn by Pango: defaults, rendered extent and colour, wrapping, truncation,
/// alignment, contentsScale, attributed strings, and when it redraws. Fonts are DejaVu
/// (fonts-dejavu-core), so the extents below are DejaVu Sans metrics: at 20 px "Hello" is
/// 50.3 px wide, its capitals 14.6 px tall, the baseline 18.6 px below the line's top.
@Suite struct TextLayerTests {
    /// The box of pixels with alpha over `threshold` (nil when there are none).
    static func ink(_ image: CGImage, threshold: UInt8 = 64) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y).a > threshold {
                box = box.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x), max($0.maxY, y)) } ?? (x, y, x, y)
            }
        }
        return box
    }

    /// Runs of consecutive columns holding ink, left to right, each with the rows its ink spans.
    static func inkedColumnRuns(_ image: CGImage) -> [(columns: ClosedRange<Int>, rows: ClosedRange<Int>)] {
        var runs: [(columns: ClosedRange<Int>, rows: ClosedRange<Int>)] = []
        for x in 0..<image.width {
            let rows = (0..<image.height).filter { image.pixel(x: x, y: $0).a > 64 }
            guard let top = rows.first, let bottom = rows.last else { continue }
            if let last = runs.last, last.columns.upperBound == x - 1 {
                runs[runs.count - 1] = (
                    last.columns.lowerBound...x, min(top, last.rows.lowerBound)...max(bottom, last.rows.upperBound)
                )
            } else {
                runs.append((x...x, top...bottom))
            }
        }
        return runs
    }

    static func textLayer(_ string: Any?, width: CGFloat, height: CGFloat, size: CGFloat = 20) -> CATextLayer {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        layer.font = "DejaVu Sans"
        layer.fontSize = size
        layer.string = string
        return layer
    }

    /// The text `layer` shows: what it draws from the glyph atlas, as its backing store of
    /// `bounds` x `contentsScale` pixels would hold it.
    static func render(_ layer: CALayer) throws -> CGImage {
        layer.display()
        return try renderedDrawing(of: layer)
    }

    @Test func defaultsAreApples() {
        let layer = CATextLayer()
        #expect(layer.string == nil)
        #expect(layer.font as? String == "Helvetica")
        #expect(layer.fontSize == 36)
        #expect(layer.foregroundColor == CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(layer.isWrapped == false)
        #expect(layer.truncationMode == .none)
        #expect(layer.alignmentMode == .natural)
        #expect(layer.allowsFontSubpixelQuantization == false)
        #expect(layer.needsDisplayOnBoundsChange)
        #expect(CATextLayer.needsDisplay(forKey: "string"))
        #expect(CATextLayer.needsDisplay(forKey: "fontSize"))
        #expect(CATextLayer.needsDisplay(forKey: "foregroundColor"))
        #expect(!CATextLayer.needsDisplay(forKey: "position"))
        #expect(!CALayer.needsDisplay(forKey: "string"))
    }

    @Test func helloHasDejaVuExtentInTheForegroundColour() throws {
        let layer = Self.textLayer("Hello", width: 200, height: 40)
        layer.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let image = try Self.render(layer)
        #expect(image.width == 200 && image.height == 40)
        let box = try #require(Self.ink(image))
        #expect((0...4).contains(box.minX))
        #expect((45...52).contains(box.maxX))
        #expect((2...6).contains(box.minY))
        #expect((17...20).contains(box.maxY))
        // Every inked pixel is red (anti-aliased edges only lower alpha), and the stems are solid.
        var solid = 0
        for y in box.minY...box.maxY {
            for x in box.minX...box.maxX {
                let p = image.pixel(x: x, y: y)
                guard p.a > 64 else { continue }
                #expect(p.r > 240 && p.g < 16 && p.b < 16)
                if p.a == 255 { solid += 1 }
            }
        }
        #expect(solid > 40)
    }

    @Test func defaultColourIsWhiteAndNilColourDrawsNothing() throws {
        let layer = Self.textLayer("Hello", width: 200, height: 40)
        let image = try Self.render(layer)
        let box = try #require(Self.ink(image))
        let solid = (box.minY...box.maxY).flatMap { y in (box.minX...box.maxX).map { image.pixel(x: $0, y: y) } }
            .filter { $0.a == 255 }
        #expect(!solid.isEmpty)
        #expect(solid.allSatisfy { $0.r == 255 && $0.g == 255 && $0.b == 255 })
        layer.foregroundColor = nil
        #expect(Self.ink(try Self.render(layer)) == nil)
    }

    @Test func wrappedTextTakesSeveralLinesAndUnwrappedOne() throws {
        let text = "one two three four five six seven eight"
        let wrapped = Self.textLayer(text, width: 120, height: 200)
        wrapped.isWrapped = true
        let wrappedInk = try #require(Self.ink(try Self.render(wrapped)))
        // At 20 px a line is 23.3 px tall: four or more lines reach below row 70.
        #expect(wrappedInk.maxY > 70)
        #expect(wrappedInk.maxX < 120)

        let single = Self.textLayer(text, width: 120, height: 200)
        let singleInk = try #require(Self.ink(try Self.render(single)))
        #expect(singleInk.maxY < 24)
        // The one line runs past the right edge, cut off there.
        #expect(singleInk.maxX >= 118)
    }

    @Test(arguments: [CATextLayerTruncationMode.end, .start])
    func truncationShowsAnEllipsis(mode: CATextLayerTruncationMode) throws {
        let layer = Self.textLayer("The quick brown fox jumps over the lazy dog", width: 150, height: 30)
        layer.truncationMode = mode
        let image = try Self.render(layer)
        let runs = Self.inkedColumnRuns(image)
        try #require(runs.count > 6)
        // The ellipsis: three small dots on the baseline (about 2.5 px square at 20 px, at rows
        // 16...18), at the end of the line for .end and at its start for .start.
        let dots = mode == .end ? Array(runs.suffix(3)) : Array(runs.prefix(3))
        for dot in dots {
            #expect(dot.columns.count <= 4)
            #expect(dot.rows.count <= 4)
            #expect(dot.rows.lowerBound >= 14 && dot.rows.upperBound <= 20)
        }
        // The letters next to the dots are taller than a dot.
        let neighbour = mode == .end ? runs[runs.count - 4] : runs[3]
        #expect(neighbour.rows.count > 6)
        let box = try #require(Self.ink(image))
        #expect(box.maxX < 150)
    }

    @Test func wrappedTruncationKeepsTheLinesThatFit() throws {
        let text = "one two three four five six seven eight nine ten eleven"
        let layer = Self.textLayer(text, width: 120, height: 60)
        layer.isWrapped = true
        layer.truncationMode = .end
        let box = try #require(Self.ink(try Self.render(layer)))
        // Two 23.3 px lines fit in 60 px; the third is dropped, the second ends in "…".
        #expect((30..<47).contains(box.maxY))
        layer.truncationMode = .none
        #expect(try #require(Self.ink(try Self.render(layer))).maxY >= 59)
    }

    @Test(arguments: [false, true])
    func alignmentPlacesTheLine(wrapped: Bool) throws {
        func inkBox(_ mode: CATextLayerAlignmentMode) throws -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
            let layer = Self.textLayer("Hello", width: 300, height: 40)
            layer.isWrapped = wrapped
            layer.alignmentMode = mode
            return try #require(Self.ink(try Self.render(layer)))
        }
        let left = try inkBox(.left)
        let natural = try inkBox(.natural)
        #expect(left.minX <= 4 && natural.minX == left.minX)
        let right = try inkBox(.right)
        #expect(right.maxX >= 293 && right.maxX <= 299)
        #expect(right.minX > 240)
        let center = try inkBox(.center)
        #expect(abs((center.minX + center.maxX) - 300) <= 6)
    }

    @Test func contentsScaleTwoDoublesTheBitmapAndTheText() throws {
        let layer = Self.textLayer("Hello", width: 200, height: 40)
        let box1 = try #require(Self.ink(try Self.render(layer)))
        layer.contentsScale = 2
        #expect(layer.needsDisplay())
        let image = try Self.render(layer)
        #expect(image.width == 400 && image.height == 80)
        let box2 = try #require(Self.ink(image))
        #expect(abs(box2.minX - 2 * box1.minX) <= 2)
        #expect(abs(box2.maxX - 2 * box1.maxX) <= 2)
        #expect(abs(box2.minY - 2 * box1.minY) <= 2)
        #expect(abs(box2.maxY - 2 * box1.maxY) <= 2)
    }

    @Test func attributedStringRunsKeepTheirColoursAndFonts() throws {
        let text = NSMutableAttributedString(string: "Red Blue")
        let red = NSRange(location: 0, length: 3)
        let blue = NSRange(location: 4, length: 4)
        text.addAttribute(.foregroundColor, value: CGColor(red: 1, green: 0, blue: 0, alpha: 1), range: red)
        text.addAttribute(.foregroundColor, value: CGColor(red: 0, green: 0, blue: 1, alpha: 1), range: blue)
        text.addAttribute(.font, value: TextFont(name: "DejaVu Sans", size: 20), range: red)
        text.addAttribute(.font, value: TextFont(name: "DejaVu Sans Bold", size: 40), range: blue)
        let layer = Self.textLayer(text, width: 300, height: 60)
        layer.foregroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)  // ignored for attributed strings
        let image = try Self.render(layer)
        let runs = Self.inkedColumnRuns(image)
        let solid = runs.map { run in
            run.columns.flatMap { x in run.rows.map { image.pixel(x: x, y: $0) } }.filter { $0.a == 255 }
        }
        // "Red" is three 20 px glyph runs in red, "Blue" 40 px bold glyphs in blue after them.
        let redRuns = runs.indices.filter { i in solid[i].contains { $0.r == 255 && $0.b == 0 } }
        let blueRuns = runs.indices.filter { i in solid[i].contains { $0.b == 255 && $0.r == 0 } }
        try #require(redRuns.count >= 3 && blueRuns.count >= 3)
        #expect(try #require(redRuns.max()) < #require(blueRuns.min()))
        #expect(solid.joined().allSatisfy { $0.g == 0 })
        let redHeight = try #require(redRuns.map { runs[$0].rows.count }.max())
        let blueHeight = try #require(blueRuns.map { runs[$0].rows.count }.max())
        #expect(blueHeight > redHeight + 10)
    }

    @Test func redrawsForTextAndSizeChangesButNotForMoves() {
        final class CountingTextLayer: CATextLayer {
            var displays = 0
            override func display() {
                displays += 1
                super.display()
            }
        }
        let layer = CountingTextLayer()
        LayerTest.commitWithoutActions {
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 30)
            layer.string = "first"
        }
        #expect(layer.displays == 1)
        #expect(layer.contents is CGImage)
        LayerTest.commitWithoutActions {
            layer.position = CGPoint(x: 80, y: 90)
            layer.opacity = 0.5
            layer.string = "first"
        }
        #expect(layer.displays == 1)
        LayerTest.commitWithoutActions { layer.string = "second" }
        #expect(layer.displays == 2)
        LayerTest.commitWithoutActions { layer.fontSize = 12 }
        #expect(layer.displays == 3)
        LayerTest.commitWithoutActions { layer.foregroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1) }
        #expect(layer.displays == 4)
        LayerTest.commitWithoutActions { layer.bounds.size.width = 140 }
        #expect(layer.displays == 5)
        LayerTest.commitWithoutActions { layer.bounds.origin = CGPoint(x: 5, y: 5) }
        #expect(layer.displays == 5)
        LayerTest.commitWithoutActions { layer.alignmentMode = .center }
        #expect(layer.displays == 6)
    }

    /// A NaN, infinite or negative font size is refused with a logged error; the old size stays,
    /// unmarked as set, and nothing is redrawn or animated.
    @Test(arguments: [.nan, -1, -.infinity, .infinity] as [CGFloat])
    func badFontSizesAreRefused(_ bad: CGFloat) {
        let layer = CATextLayer()
        layer.fontSize = 20
        let messages = Diagnostics.capturing { layer.fontSize = bad }
        #expect(layer.fontSize == 20)
        #expect(messages.contains { $0.contains("CATextLayer.fontSize") && $0.contains("refused") }, "\(messages)")
        let fresh = CATextLayer()
        _ = Diagnostics.capturing { fresh.setValue(bad, forKey: "fontSize") }
        #expect(fresh.fontSize == 36)
        #expect(!fresh.shouldArchiveValue(forKey: "fontSize"))
        layer.fontSize = 0
        #expect(layer.fontSize == 0)
    }

    @Test func keyValueCodingReachesTheTextProperties() {
        let layer = CATextLayer()
        layer.setValue(24, forKey: "fontSize")
        layer.setValue(true, forKey: "wrapped")
        layer.setValue("end", forKey: "truncationMode")
        layer.setValue("Some text", forKey: "string")
        #expect(layer.fontSize == 24)
        #expect(layer.isWrapped)
        #expect(layer.truncationMode == .end)
        #expect(layer.value(forKey: "string") as? String == "Some text")
        #expect(layer.value(forKey: "alignmentMode") as? String == "natural")
        layer.setValue(CATextLayerAlignmentMode.right, forKey: "alignmentMode")
        #expect(layer.alignmentMode == .right)
        layer.setValue(nil, forKey: "foregroundColor")
        #expect(layer.foregroundColor == nil)
        layer.setValue(CGPoint.zero, forKey: "fontSize")
        #expect(layer.fontSize == 24)
        layer.setValue(7, forKey: "string")
        #expect(layer.string as? String == "Some text")
        layer.font = 42
        #expect(layer.font as? String == "Helvetica")
    }

    @Test func drawTextIsUprightInALayerContext() throws {
        final class LabelLayer: CALayer {
            override func draw(in ctx: CGContext) {
                ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
                ctx.drawText("T", at: CGPoint(x: 10, y: 50), fontName: "DejaVu Sans", fontSize: 40)
            }
        }
        let layer = LabelLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 60)
        let image = try Self.render(layer)
        let box = try #require(Self.ink(image))
        // y down: the baseline y = 50 is row 50 and the glyph rises above it.
        #expect((48...50).contains(box.maxY))
        #expect((18...24).contains(box.minY))
        func width(ofRow y: Int) -> Int { (0..<image.width).filter { image.pixel(x: $0, y: y).a > 128 }.count }
        #expect(width(ofRow: box.minY + 1) > 3 * width(ofRow: box.maxY - 1))
    }

    @Test func drawTextIsUprightInAYUpBitmapContext() throws {
        let context = try #require(
            CGContext(
                data: nil, width: 80, height: 60, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpace.srgb,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        let advance = context.drawText("T", at: CGPoint(x: 10, y: 10), fontName: "DejaVu Sans", fontSize: 40)
        #expect(advance > 20 && advance < 30)
        let image = try #require(context.makeImage())
        let box = try #require(Self.ink(image))
        // The baseline y = 10 is image row 50 (y up); the glyph stands on it, 29 px tall.
        #expect((48...50).contains(box.maxY))
        #expect((18...24).contains(box.minY))
        // Upright: the T's crossbar is at the top of the glyph, its stem below.
        func width(ofRow y: Int) -> Int { (0..<image.width).filter { image.pixel(x: $0, y: y).a > 128 }.count }
        #expect(width(ofRow: box.minY + 1) > 3 * width(ofRow: box.maxY - 1))
        #expect(image.pixel(x: (box.minX + box.maxX) / 2, y: box.maxY - 1).b == 255)
    }
}

/// `fontSize` and `foregroundColor` animate: the render side draws the colour of text from the
/// glyph atlas; the app thread redraws a backing store's text with the animated values.
@Suite struct TextLayerAnimationTests {
    /// A text layer drawn into a backing store, as a subclass is.
    final class BitmapTextLayer: CATextLayer {}

    func pausedText(_ text: CATextLayer = CATextLayer()) -> (ManualClock, CATextLayer) {
        let paused = ManualClock(text) { layer in
            let text = layer as! CATextLayer
            text.bounds = CGRect(x: 0, y: 0, width: 120, height: 40)
            text.string = "HHHH"
            text.fontSize = 24
            text.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        }
        return (paused, text)
    }

    /// The most opaque pixel's colour: the middle of a stroke.
    func ink(_ image: CGImage) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
        var best: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)?
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if p.a > (best?.a ?? 0) { best = p }
            }
        }
        return best
    }

    func fade() -> CABasicAnimation {
        basic(
            "foregroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
            to: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
    }

    @Test func theRenderSideDrawsAColourAnimationWithoutRedrawingTheText() throws {
        let (paused, text) = pausedText()
        let glyphs = try #require(text.state.glyphs)
        paused.add(fade(), forKey: "fade")
        paused.seek(to: 100.5)
        #expect(!text.needsDisplay(), "the colour animation does not mark the text for display")
        let p = try #require(ink(renderedDrawing(of: text)))
        #expect(p.a == 255 && abs(Int(p.r) - 128) <= 2 && abs(Int(p.b) - 128) <= 2 && p.g == 0)
        paused.seek(to: 100.75)
        let later = try #require(ink(renderedDrawing(of: text)))
        #expect(later.a == 255 && abs(Int(later.r) - 64) <= 2 && abs(Int(later.b) - 191) <= 2 && later.g == 0)
        #expect(text.state.glyphs == glyphs, "the glyphs committed before the animation are drawn")
        #expect(text.foregroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1), "the model keeps its value")
        let shown = try #require(text.presentation()?.foregroundColor)
        #expect(abs(shown.components![0] - 0.25) < 0.01 && abs(shown.components![2] - 0.75) < 0.01)
    }

    @Test func aBackingStoresTextIsRedrawnWithTheInterpolatedColour() throws {
        let (paused, text) = pausedText(BitmapTextLayer())
        paused.add(fade(), forKey: "fade")
        paused.seek(to: 100.5)
        text.display()
        let image = try #require(text.contents as? CGImage)
        let p = try #require(ink(image))
        #expect(p.a == 255 && abs(Int(p.r) - 128) <= 2 && abs(Int(p.b) - 128) <= 2 && p.g == 0)
        #expect(text.state.glyphs == nil, "a subclass draws into a backing store")
    }

    @Test func settingTheSizeOnACommittedLayerAnimatesItImplicitly() throws {
        let (_, text) = pausedText()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        text.fontSize = 48
        CATransaction.commit()
        let animation = try #require(text.animation(forKey: "fontSize") as? CABasicAnimation)
        #expect(animation.fromValue as? CGFloat == 24)
        #expect(animation.duration == 2)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        text.foregroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        CATransaction.commit()
        #expect(text.animation(forKey: "foregroundColor") == nil)
    }
}
