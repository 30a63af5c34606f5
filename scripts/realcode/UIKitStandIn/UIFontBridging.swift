// UIKit stand-in: on Apple's platforms a UIFont is toll-free bridged to CTFont, so Core Text's
// font calls take a UIFont as it is. SceneCore's CTFont is a final class, so the stand-in's
// UIFont is a class of its own and these overloads pass its Core Text font on. Ours.
import Foundation
import SceneCore

public func CTFontGetGlyphsForCharacters(
    _ font: UIFont, _ characters: UnsafePointer<UniChar>, _ glyphs: UnsafeMutablePointer<CGGlyph>, _ count: CFIndex
) -> Bool {
    CTFontGetGlyphsForCharacters(font.ctFont, characters, glyphs, count)
}

public func CTFontCreatePathForGlyph(
    _ font: UIFont, _ glyph: CGGlyph, _ matrix: UnsafePointer<CGAffineTransform>?
) -> CGPath? {
    CTFontCreatePathForGlyph(font.ctFont, glyph, matrix)
}
