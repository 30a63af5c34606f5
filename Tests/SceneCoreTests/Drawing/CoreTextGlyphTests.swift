import Foundation
import Testing

@testable import SceneCore

/// Core Text's glyph calls on DejaVu Sans, against the numbers in its font tables: 2,048 units
/// to the em; "A" is glyph 36, advance 1,401, box (16, 0)–(1384, 1493); "O" is glyph 50, two
/// contours, box (115, −29)–(1497, 1520). At 100 points a unit is 100 / 2048 points.
@Suite struct CoreTextGlyphTests {
    let font = CTFontCreateWithName("DejaVu Sans", 100, nil)
    static let unit = 100.0 / 2048

    func glyphs(_ text: String) -> (glyphs: [CGGlyph], found: Bool) {
        let characters = Array(text.utf16)
        var glyphs = [CGGlyph](repeating: 0xFFFF, count: characters.count)
        let found = CTFontGetGlyphsForCharacters(font, characters, &glyphs, characters.count)
        return (glyphs, found)
    }

    @Test func charactersMapToTheFontsGlyphs() {
        #expect(glyphs("A") == ([36], true))
        #expect(glyphs("AO") == ([36, 50], true))
        // U+E000 (private use) is not in DejaVu Sans: glyph 0 and false, the others still mapped.
        #expect(glyphs("A\u{E000}O") == ([36, 0, 50], false))
        // A surrogate pair (U+1F600, which DejaVu Sans has): the glyph at its first index, 0 at
        // its second.
        let pair = glyphs("A\u{1F600}")
        #expect(pair.found && pair.glyphs.count == 3)
        #expect(pair.glyphs[0] == 36 && pair.glyphs[1] > 50 && pair.glyphs[2] == 0)
        // A lone surrogate is no character: glyph 0.
        let lone = [UniChar(0xD83D), UniChar(65)]
        var loneGlyphs: [CGGlyph] = [9, 9]
        #expect(!CTFontGetGlyphsForCharacters(font, lone, &loneGlyphs, 2))
        #expect(loneGlyphs == [0, 36])
    }

    @Test func advancesAreTheFontsAtItsSize() {
        var glyphs: [CGGlyph] = [36, 50]
        var advances = [CGSize](repeating: CGSize(width: -1, height: -1), count: 2)
        let total = CTFontGetAdvancesForGlyphs(font, .horizontal, &glyphs, &advances, 2)
        // FreeType hands advances over in 16.16 fixed point.
        #expect(abs(advances[0].width - 1401 * Self.unit) < 0.001)
        #expect(abs(advances[1].width - 1612 * Self.unit) < 0.001)
        #expect(advances[0].height == 0 && advances[1].height == 0)
        #expect(abs(total - (1401 + 1612) * Self.unit) < 0.002)
        #expect(CTFontGetAdvancesForGlyphs(font, .default, &glyphs, nil, 2) == total)
        // Vertically: DejaVu Sans has no vertical metrics; HarfBuzz's default is the line height.
        let vertical = CTFontGetAdvancesForGlyphs(font, .vertical, &glyphs, &advances, 1)
        #expect(vertical > 100 && vertical < 130)
        #expect(advances[0] == CGSize(width: vertical, height: 0))
    }

    @Test func boundingRectsAreTheOutlinesBoxesYUp() {
        var glyphs: [CGGlyph] = [36, 50]
        var rects = [CGRect](repeating: .null, count: 2)
        let union = CTFontGetBoundingRectsForGlyphs(font, .horizontal, &glyphs, &rects, 2)
        func expectBox(_ r: CGRect, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            #expect(abs(r.minX - x0 * Self.unit) < 0.01, "\(r)")
            #expect(abs(r.minY - y0 * Self.unit) < 0.01, "\(r)")
            #expect(abs(r.maxX - x1 * Self.unit) < 0.01, "\(r)")
            #expect(abs(r.maxY - y1 * Self.unit) < 0.01, "\(r)")
        }
        expectBox(rects[0], 16, 0, 1384, 1493)
        expectBox(rects[1], 115, -29, 1497, 1520)
        expectBox(union, 16, -29, 1497, 1520)
        // A space has no outline.
        var space: [CGGlyph] = self.glyphs(" ").glyphs
        #expect(CTFontGetBoundingRectsForGlyphs(font, .default, &space, nil, 1) == .zero)
    }

    @Test func theOutlineOfOIsTwoClosedContoursInItsBox() throws {
        let path = try #require(CTFontCreatePathForGlyph(font, 50, nil))
        let moves = path.elements.filter { if case .moveToPoint = $0 { true } else { false } }
        let closes = path.elements.filter { $0 == .closeSubpath }
        #expect(moves.count == 2)
        #expect(closes.count == 2)
        #expect(path.elements.last == .closeSubpath)
        var glyph: CGGlyph = 50
        var rect = CGRect.null
        _ = CTFontGetBoundingRectsForGlyphs(font, .horizontal, &glyph, &rect, 1)
        let box = path.boundingBoxOfPath
        #expect(abs(box.minX - rect.minX) < 0.5 && abs(box.maxX - rect.maxX) < 0.5, "\(box) vs \(rect)")
        #expect(abs(box.minY - rect.minY) < 0.5 && abs(box.maxY - rect.maxY) < 0.5, "\(box) vs \(rect)")
    }

    @Test func theOutlineOfAStandsOnTheBaselineAtCapHeight() throws {
        let box = try #require(CTFontCreatePathForGlyph(font, 36, nil)).boundingBoxOfPath
        #expect(box.minY >= -0.5)
        #expect(abs(box.minY) < 0.01)
        // DejaVu Sans's capitals are 1,493 units tall: 72.9 points at 100.
        #expect(abs(box.height - 1493 * Self.unit) < 0.01)
        #expect(abs(box.minX - 16 * Self.unit) < 0.01)
    }

    @Test func aMatrixTransformsTheOutline() throws {
        var moved = CGAffineTransform(translationX: 10, y: 20).scaledBy(x: 1, y: -1)
        let plain = try #require(CTFontCreatePathForGlyph(font, 36, nil)).boundingBoxOfPath
        let box = try #require(CTFontCreatePathForGlyph(font, 36, &moved)).boundingBoxOfPath
        // Flipped to y down and moved: the top of the A at y 20 − 72.9, its baseline at y 20.
        #expect(abs(box.minX - (plain.minX + 10)) < 1e-9)
        #expect(abs(box.maxY - (20 - plain.minY)) < 1e-9)
        #expect(abs(box.minY - (20 - plain.maxY)) < 1e-9)
        #expect(abs(box.width - plain.width) < 1e-9)
    }

    @Test func glyphsTheFontLacksHaveNoPath() {
        #expect(CTFontCreatePathForGlyph(font, 60_000, nil) == nil)
        var missing: CGGlyph = 60_000
        var advance = CGSize(width: -1, height: -1)
        #expect(CTFontGetAdvancesForGlyphs(font, .horizontal, &missing, &advance, 1) == 0)
        #expect(advance == .zero)
    }

    @Test func aGlyphPathDrawsLikeTheText() throws {
        // The path of "A" flipped into a layer's y-down space and filled: ink where the A is.
        var flip = CGAffineTransform(translationX: 0, y: 100).scaledBy(x: 1, y: -1)
        let path = try #require(CTFontCreatePathForGlyph(font, 36, &flip))
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 80, height: 110)
        shape.path = path
        shape.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        let ctx = try #require(CGContext(layerWidth: 80, height: 110, scale: 1))
        shape.render(in: ctx)
        let image = try #require(ctx.makeImage())
        // The apex (x 34.2, y 27.1) and the left foot (x 2, y 99) are inked; the middle of
        // the counter above the bar (x 34, y 60) and above the apex are not.
        #expect(image.pixel(x: 34, y: 29).a == 255)
        #expect(image.pixel(x: 4, y: 98).a == 255)
        #expect(image.pixel(x: 34, y: 20).a == 0)
        #expect(image.pixel(x: 34, y: 60).a == 0)
    }
}
