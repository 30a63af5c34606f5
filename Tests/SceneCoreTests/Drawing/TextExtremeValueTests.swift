import Foundation
import SceneCoreFuzzSupport
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Text layers with extreme values (NaN, infinite, huge, negative, zero) in every text property,
/// their bounds, `contentsScale` and an attributed string's attributes: committed and shown in a
/// frame, none traps (a Double → Int conversion or a 16-bit colour channel of Pango).
@Suite struct TextExtremeValueTests {
    static let extremes: [CGFloat] = [.nan, .infinity, -.infinity, 1e300, -1e300, 1e16, -1, 0, 1e-300, 12]

    /// Commits `layer` under a 64 × 48 root and builds a frame of it.
    static func commitAndShow(_ layer: CATextLayer) -> DisplayList {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        root.addSublayer(layer)
        let probe = CommitProbe(root: root)
        return probe.frame(at: CACurrentMediaTime()).output.displayList
    }

    /// Before, each trapped: Pango units of a wrapped layer 1e16 points wide (`Int` of 1e19),
    /// a NaN colour component (`UInt16(NaN)`), and right-aligned text in a layer 1e300 points
    /// wide (a glyph's pixel `Int32(1e300)`).
    @Test func theCasesThatTrappedDrawWhatFits() {
        let wide = CATextLayer()
        wide.frame = CGRect(x: 0, y: 0, width: 1e16, height: 40)
        wide.isWrapped = true
        wide.string = "wrapped in a layer 1e16 points wide"
        #expect(!Self.commitAndShow(wide).instances.isEmpty)

        let coloured = CATextLayer()
        coloured.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        let attributed = NSMutableAttributedString(string: "NaN")
        attributed.addAttribute(
            .foregroundColor, value: CGColor(red: .nan, green: .infinity, blue: 1e300, alpha: 1),
            range: NSRange(location: 0, length: 3))
        coloured.string = attributed
        let (list, messages) = Diagnostics.capturing { Self.commitAndShow(coloured) }
        #expect(!list.instances.isEmpty)
        #expect(messages.contains { $0.contains("not finite") }, "\(messages)")
        let colours = coloured.state.glyphs?.runs?.runs.compactMap(\.color) ?? []
        #expect(colours == [RGBA(r: 0, g: 1, b: 1, a: 1)])

        let far = CATextLayer()
        far.frame = CGRect(x: 0, y: 0, width: 1e300, height: 40)
        far.alignmentMode = .right
        far.string = "right-aligned 1e300 points away"
        _ = Self.commitAndShow(far)
    }

    /// Before, FreeType failed for a face of 65,536 pixels or more, which left DejaVu Sans blank
    /// for the rest of the process: other suites' text drew nothing. Pango asks for the size
    /// times the device scale squared, so 1e300 points, 1,100 points at `contentsScale` 8
    /// (70,400 pixels) and 20 points at 1e37 each made one; sizes are now capped at 16,384
    /// of those pixels, with one logged error.
    @Test(arguments: [(1e300, 1), (1_100, 8), (20, 1e37)] as [(CGFloat, CGFloat)])
    func aHugeFontLeavesTheFontUsable(fontSize: CGFloat, contentsScale: CGFloat) throws {
        let huge = CATextLayer()
        huge.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        huge.font = "DejaVu Sans"
        huge.fontSize = fontSize
        huge.contentsScale = contentsScale
        huge.string = "Huge"
        let messages = Diagnostics.capturing { _ = Self.commitAndShow(huge) }.1
        #expect(messages.contains { $0.contains("larger than text is drawn") }, "\(messages)")
        let plain = CATextLayer()
        plain.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        plain.font = "DejaVu Sans"
        plain.fontSize = 20
        plain.string = "Hi"
        let image = try renderedDrawing(of: plain)
        #expect(image.pixels.contains { $0 != 0 }, "DejaVu Sans drew nothing")
    }

    /// Random layers, each value drawn from the extremes, through commit and a frame; the
    /// frame's display list has no NaN.
    @Test func extremeValuesNeverTrap() {
        var random = SplitMix64(seed: 0x7E47)
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        for index in 0..<propertyCaseCount(ciDefault: 60) {
            let layer = CATextLayer()
            let (x, y, width, height) = (
                pick(Self.extremes), pick(Self.extremes), pick(Self.extremes), pick(Self.extremes)
            )
            let size = pick(Self.extremes)
            let scale = pick(Self.extremes)
            let wraps = pick([true, false])
            let truncation = pick([CATextLayerTruncationMode.none, .start, .middle, .end])
            let alignment = pick([CATextLayerAlignmentMode.natural, .left, .right, .center, .justified])
            let font = TextFont(name: "DejaVu Sans", size: pick(Self.extremes))
            let colour = CGColor(
                red: pick(Self.extremes), green: 0.5, blue: pick(Self.extremes), alpha: pick(Self.extremes))
            let attributed = pick([true, false])
            let description =
                "case \(index): frame (\(x), \(y), \(width), \(height)) fontSize \(size) contentsScale \(scale) wraps \(wraps) \(truncation.rawValue) \(alignment.rawValue) attributed \(attributed) font \(font.size) colour \(colour.rgba)"
            withTimeLimit(10, describing: { description }) {
                layer.frame = CGRect(x: x, y: y, width: width, height: height)
                layer.fontSize = size
                layer.contentsScale = scale
                layer.isWrapped = wraps
                layer.truncationMode = truncation
                layer.alignmentMode = alignment
                layer.foregroundColor = colour
                let text = "Extreme values\nover two paragraphs \u{05E9}\u{05DC}\u{05D5}\u{05DD} \u{1F600}"
                if attributed {
                    let string = NSMutableAttributedString(string: text)
                    string.addAttribute(.font, value: font, range: NSRange(location: 0, length: 7))
                    string.addAttribute(.foregroundColor, value: colour, range: NSRange(location: 3, length: 9))
                    layer.string = string
                } else {
                    layer.string = text
                }
                let list = Diagnostics.capturing { Self.commitAndShow(layer) }.0
                RenderTreeMirror.expectDrawable(list, description)
            }
        }
    }
}
