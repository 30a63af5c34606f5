import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Long strings in text layers: only the lines that can show are laid out.
@Suite struct LongTextTests {
    private static let sentence = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. "
    /// About 1 MB of text in one paragraph.
    private static let megabyte = String(repeating: sentence, count: 1_000_000 / sentence.utf8.count)

    private func drawn(_ string: String, truncation: CATextLayerTruncationMode = .none) throws -> CGImage {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 300, height: 200)
        layer.string = string
        layer.fontSize = 18
        layer.isWrapped = true
        layer.truncationMode = truncation
        layer.displayIfNeeded()
        return try renderedDrawing(of: layer)
    }

    /// Before, wrapping 1 MB took 5.8 to 7.3 s inside the commit (a debug build); the layout
    /// now stops two lines below the bounds: about 0.1 s. The bound leaves room for a loaded machine.
    @Test func wrappingAMegabyteStringLaysOutOnlyWhatShows() throws {
        let start = ContinuousClock.now
        let whole = try drawn(Self.megabyte)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < .seconds(2), "took \(elapsed)")
        // The same pixels as the first 20 sentences alone, which fill more than the bounds.
        let prefix = try drawn(String(repeating: Self.sentence, count: 20))
        #expect(whole.pixels == prefix.pixels)
    }

    @Test func endTruncationOfAMegabyteStringEndsInTheSameEllipsis() throws {
        let whole = try drawn(Self.megabyte, truncation: .end)
        let prefix = try drawn(String(repeating: Self.sentence, count: 20), truncation: .end)
        #expect(whole.pixels == prefix.pixels)
    }

    /// Unwrapped and untruncated, a line is laid out whole (it is aligned by its width), but
    /// only the glyphs near the bounds are committed for the render side to draw.
    @Test func anUnwrappedMegabyteLineCommitsOnlyTheGlyphsNearTheBounds() throws {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 300, height: 40)
        layer.string = Self.megabyte
        layer.fontSize = 18
        layer.display()
        let glyphs = try #require(layer.state.glyphs?.runs)
        // 300 points of 18-point text hold about 35 glyphs; the 512-pixel reach past the edge
        // about 60 more.
        #expect(glyphs.glyphCount > 30 && glyphs.glyphCount < 150, "\(glyphs.glyphCount) glyphs")
        let pixels = glyphs.runs.flatMap(\.glyphs).map(\.pixel.x)
        #expect(pixels.allSatisfy { $0 > -512 && $0 < 300 + 512 })
    }

    @Test func aPrefixEndsOnAWholeCharacterAndCutsTheRuns() {
        let attributed = NSMutableAttributedString(string: "ab\u{e9}\u{1F600}cd")
        attributed.addAttribute(
            .foregroundColor, value: CGColor(gray: 0, alpha: 1), range: NSRange(location: 1, length: 4))
        let content = TextContent(attributed)
        // "a" "b" "é" (2 bytes) then the emoji (4 bytes): 6 bytes stop before the emoji.
        let cut = content.prefix(bytes: 6)
        #expect(cut.text == "ab\u{e9}")
        #expect(cut.runs.map(\.bytes) == [0..<1, 1..<4])
        #expect(content.prefix(bytes: 100).text == content.text)
    }
}
