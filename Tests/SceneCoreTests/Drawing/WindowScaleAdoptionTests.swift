import Foundation
import Testing

@testable import SceneCore

/// A window gives the layers of its tree its scale as their `contentsScale`, except where the
/// app set it, without actions, and redraws what draws itself.
@Suite struct WindowScaleAdoptionTests {
    /// A layer that counts its drawings.
    private final class CountingLayer: CALayer, @unchecked Sendable {
        var drawings = 0
        override func draw(in ctx: CGContext) { drawings += 1 }
    }

    @Test func layersTheAppLeftAloneTakeTheScaleAndDrawnOnesRedraw() {
        let root = CALayer()
        let text = CATextLayer()
        text.string = "Hi"
        let pinned = CALayer()
        pinned.contentsScale = 3
        let picture = CALayer()
        picture.contents = CGImage(rgbaPixels: [UInt8](repeating: 255, count: 16), width: 2, height: 2)
        let drawn = CountingLayer()
        drawn.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        drawn.setNeedsDisplay()
        drawn.displayIfNeeded()
        let mask = CALayer()
        for layer in [text, pinned, picture, drawn] as [CALayer] { root.addSublayer(layer) }
        picture.mask = mask
        CATransaction.flush()

        root.adoptWindowScale(2)
        #expect([root, text, picture, drawn, mask].allSatisfy { $0.contentsScale == 2 })
        #expect(pinned.contentsScale == 3, "the app's own scale is kept")
        // The transaction it makes displays what it marked: what draws itself drew again at the
        // new scale, and the app's own contents stay.
        #expect(text.state.glyphs?.scale == 2)
        #expect(drawn.drawings == 2 && drawn.contents.map { ($0 as! CGImage).width } == 20)
        #expect(picture.contents.map { ($0 as! CGImage).width } == 2)
        #expect(text.animationKeys() == nil, "no action runs")
        #expect(!text.shouldArchiveValue(forKey: "contentsScale"), "not recorded as set by the app")

        // A later scale replaces the window's, never the app's.
        root.adoptWindowScale(1)
        #expect(text.contentsScale == 1 && pinned.contentsScale == 3)
    }
}
