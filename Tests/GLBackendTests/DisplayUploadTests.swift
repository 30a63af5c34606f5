import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// What the renderer uploads when a layer redraws: the whole backing store the first time,
/// only the marked rectangle after `setNeedsDisplay(_:)`.
@Suite struct DisplayUploadTests {
    final class Stripes: CALayerDelegate {
        var colour = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.setFillColor(colour)
            ctx.fill(layer.bounds)
        }
    }

    @Test func aDirtyRectIsUploadedAloneAndDrawnInPlace() throws {
        let root = whiteRoot(60, 40)
        let stripes = Stripes()
        let canvas = solidLayer(CGRect(x: 10, y: 10, width: 40, height: 20))
        canvas.delegate = stripes
        root.addSublayer(canvas)
        canvas.setNeedsDisplay()
        let renderer = try OffscreenRenderer(width: 60, height: 40)
        let first = try renderer.render(root)
        #expect(renderer.statistics.textureUploads == 1)
        #expect(renderer.statistics.uploadedBytes == 40 * 20 * 4)
        expectPixel(first, 30, 20, (255, 0, 0, 255))

        stripes.colour = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        canvas.setNeedsDisplay(CGRect(x: 4, y: 2, width: 8, height: 6))
        let second = try renderer.render(root)
        #expect(renderer.statistics.textureUploads == 1)
        #expect(renderer.statistics.uploadedBytes == 8 * 6 * 4, "only the dirty rectangle travels")
        // The redrawn part (window 14..<22, 12..<18) is blue; the rest of the layer stays red.
        expectPixel(second, 15, 13, (0, 0, 255, 255))
        expectPixel(second, 21, 17, (0, 0, 255, 255))
        expectPixel(second, 13, 13, (255, 0, 0, 255))
        expectPixel(second, 30, 20, (255, 0, 0, 255))
    }
}

/// Under a flipped superlayer a layer's contents are shown y-up (`contentsAreFlipped()`), and
/// what `draw(in:)` draws at a point of the layer appears at that point of the layer.
@Suite struct FlippedContentsTests {
    final class TopPainter: CALayerDelegate {
        func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 5))  // layer y 0..<5
        }
    }

    @Test func drawingLandsWhereTheLayersCoordinatesAre() throws {
        let painter = TopPainter()
        let root = whiteRoot(40, 40)
        let child = solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20))
        child.delegate = painter
        child.setNeedsDisplay()
        root.addSublayer(child)
        #expect(!child.contentsAreFlipped())
        let upright = try render(root)
        expectPixel(upright, 20, 12, (255, 0, 0, 255))
        expectPixel(upright, 20, 27, (255, 255, 255, 255))
        root.isGeometryFlipped = true
        #expect(child.contentsAreFlipped())
        let flipped = try render(root)
        // Layer y 0 is now at the bottom of the child on screen: the red band is there.
        expectPixel(flipped, 20, 27, (255, 0, 0, 255))
        expectPixel(flipped, 20, 12, (255, 255, 255, 255))
    }
}
