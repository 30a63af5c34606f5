import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `CGFont` and `CTFont` as ported code makes them, found by fontconfig through Pango, and
/// `CATextLayer.font` drawing them: a font object draws exactly as its name does, at the layer's
/// `fontSize`. Fonts are DejaVu (fonts-dejavu-core).
@Suite struct FontTests {
    /// What a 240 x 60 text layer drawing "Hamburgefonts" in `font` at `size` shows.
    func pixels(_ font: Any, size: CGFloat = 20) throws -> [UInt8] {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 240, height: 60)
        layer.string = "Hamburgefonts"
        layer.font = font
        layer.fontSize = size
        return try renderedDrawing(of: layer).pixels
    }

    @Test func cgFontAndCTFontDrawPixelIdenticalToTheirName() throws {
        let name = try pixels("DejaVu Sans Bold")
        let cgFont = try #require(CGFont("DejaVu Sans Bold"))
        #expect(try pixels(cgFont) == name)
        #expect(try pixels(CTFontCreateWithName("DejaVu Sans Bold", 20, nil)) == name)
        #expect(try pixels(TextFont(name: "DejaVu Sans Bold", size: 20)) == name)
        #expect(try pixels("DejaVu Sans") != name, "bold and regular differ, so the comparison means something")
    }

    @Test func theLayersFontSizeWinsOverTheCTFontsSize() throws {
        let small = CTFontCreateWithName("DejaVu Sans Bold", 8, nil)
        let large = CTFontCreateWithName("DejaVu Sans Bold", 60, nil)
        #expect(try pixels(small, size: 30) == pixels("DejaVu Sans Bold", size: 30))
        #expect(try pixels(large, size: 12) == pixels("DejaVu Sans Bold", size: 12))
        #expect(try pixels(small, size: 30) != pixels("DejaVu Sans Bold", size: 8))
    }

    @Test func helveticaResolvesToItsSubstitute() throws {
        let font = CTFontCreateWithName("Helvetica", 40, nil)
        #expect(CTFontGetSize(font) == 40)
        #expect(CTFontGetMatrix(font) == .identity)
        #expect(!CTFontCopyFamilyName(font).isEmpty && !CTFontCopyPostScriptName(font).isEmpty)
        #expect(!CTFontCopyFullName(font).isEmpty)
        // It draws as the layer's default font, the name "Helvetica", does.
        #expect(try pixels(font) == pixels("Helvetica"))
        let cgFont = try #require(CGFont("Helvetica"))
        #expect(cgFont.postScriptName == CTFontCopyPostScriptName(font))
    }

    @Test func namesComeFromTheFaceFound() throws {
        let bold = try #require(CGFont("DejaVu Sans Bold"))
        #expect(bold.fullName == "DejaVu Sans Bold")
        #expect(bold.postScriptName == "DejaVuSans-Bold")
        let byPostScriptName = try #require(CGFont("DejaVuSans-Bold"))
        #expect(byPostScriptName.fullName == "DejaVu Sans Bold")
        let ctFont = CTFontCreateWithName("DejaVu Serif Italic", 14, nil)
        #expect(CTFontCopyPostScriptName(ctFont) == "DejaVuSerif-Italic")
        #expect(CTFontCopyFullName(ctFont) == "DejaVu Serif Italic")
        #expect(CTFontCopyFamilyName(ctFont) == "DejaVu Serif")
        #expect(CGFont("") == nil && CGFont("   ") == nil)
    }

    @Test func cfStringNamesAndCoreTextsDefaultSize() throws {
        let name: CFString = CFStringCreateWithCString(nil, "DejaVu Sans Bold", CFStringBuiltInEncodings.UTF8.rawValue)
        let cgFont = try #require(CGFont(name))
        #expect(cgFont.postScriptName == "DejaVuSans-Bold")
        var matrix = CGAffineTransform(scaleX: 2, y: 1)
        let ctFont = CTFontCreateWithName(name, 0, &matrix)
        #expect(CTFontGetSize(ctFont) == 12, "size 0 is Core Text's default, 12")
        #expect(CTFontGetMatrix(ctFont) == CGAffineTransform(scaleX: 2, y: 1))
        #expect(try pixels(ctFont) == pixels("DejaVu Sans Bold"))
    }

    @Test func theLayerKeepsFontObjectsAndRefusesOtherValues() throws {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 50, height: 20)
        let cgFont = try #require(CGFont("DejaVu Sans"))
        layer.font = cgFont
        #expect(layer.font as? CGFont === cgFont)
        #expect(layer.value(forKey: "font") as? CGFont === cgFont)
        layer.display()
        // The same name in another form draws the same text: nothing to redraw.
        layer.font = CTFontCreateWithName("DejaVu Sans", 30, nil)
        #expect(!layer.needsDisplay())
        layer.font = CTFontCreateWithName("DejaVu Serif", 30, nil)
        #expect(layer.needsDisplay())
        let messages = Diagnostics.capturing { layer.font = CGPoint.zero }
        #expect(layer.font is CTFont)
        #expect(messages.contains { $0.contains("CATextLayer.font") && $0.contains("refused") })
    }

    @Test func anAttributedRunInACTFontIsDrawnAtTheFontsSize() throws {
        func attributed(_ font: Any) throws -> [UInt8] {
            let text = NSAttributedString(string: "Big", attributes: [.font: font])
            let layer = CATextLayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 60)
            layer.string = text
            return try renderedDrawing(of: layer).pixels
        }
        let drawn = try attributed(CTFontCreateWithName("DejaVu Sans Bold", 36, nil))
        #expect(try drawn == attributed(TextFont(name: "DejaVu Sans Bold", size: 36)))
        #expect(try drawn != attributed(TextFont(name: "DejaVu Sans Bold", size: 12)))
    }
}
