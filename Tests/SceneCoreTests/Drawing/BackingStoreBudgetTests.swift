import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// The backing-store budget: at most 8192 pixels a side and 2^24 pixels, whatever the bounds,
/// `contentsScale`, path or line width, with one warning per requested size, not one per redraw.
@Suite struct BackingStoreBudgetTests {
    private func image(_ layer: CALayer) -> CGImage? { layer.contents as? CGImage }

    @Test func theScaleIsLoweredOnlyAsFarAsTheBudgetNeeds() {
        #expect(BackingStoreBudget.scale(for: CGSize(width: 200, height: 100), at: 2) == 2)
        // By area: 300 x 300 points fit 4096 x 4096 pixels at 4096 / 300, less the rounding.
        let byArea = BackingStoreBudget.scale(for: CGSize(width: 300, height: 300), at: 1000)
        #expect((300 * byArea).rounded(.up) == 4096)
        #expect(BackingStoreBudget.fits(CGSize(width: 300, height: 300), at: byArea))
        // By side: 100,000 x 10 points are 8192 pixels wide.
        let bySide = BackingStoreBudget.scale(for: CGSize(width: 100_000, height: 10), at: 1)
        #expect((100_000 * bySide).rounded(.up) == 8192 && (10 * bySide).rounded(.up) == 1)
        // A margin of a pixel a side is left for a store placed on whole pixels.
        let withMargin = BackingStoreBudget.scale(for: CGSize(width: 300, height: 300), at: 1000, margin: 1)
        #expect((300 * withMargin).rounded(.up) == 4095)
    }

    /// Before, a text layer at `contentsScale` 1000 got a store of 8192 x 8192 pixels
    /// (256 MiB, twice that while it was copied into an image).
    @Test func aTextLayerAtScale1000IsDrawnWithinTheBudgetAndWarnsOnce() throws {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
        layer.string = "Scale"
        layer.contentsScale = 1000
        let first = Diagnostics.capturing { layer.displayIfNeeded() }
        let drawn = try #require(image(layer))
        #expect(drawn.width == 4096 && drawn.height == 4096)
        #expect(first.count == 1)
        #expect(first.first?.contains("is drawn at scale") == true)
        layer.setNeedsDisplay()
        let second = Diagnostics.capturing { layer.displayIfNeeded() }
        #expect(second.isEmpty)
        #expect(image(layer)?.width == 4096)
    }

    /// Before, a 200 x 200 shape layer with a path reaching 1e9 got a store of 8193 x 8193
    /// pixels (256 MiB, over the side limit), with the shape drawn at a scale of 8e-6.
    @Test func aShapeWithHugeCoordinatesGetsAStoreWithinTheBudget() throws {
        let layer = CAShapeLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 1e9, y: 1e9))
        path.addLine(to: CGPoint(x: 0, y: 100))
        layer.path = path
        layer.strokeColor = CGColor(gray: 0, alpha: 1)
        let messages = Diagnostics.capturing { layer.displayIfNeeded() }
        let drawn = try #require(image(layer))
        // Within a square of 4096 pixels around the bounds, at the layer's own scale.
        #expect(drawn.width <= 4096 && drawn.height <= 4096)
        #expect(messages.isEmpty)
    }

    @Test func aShapeReachingFarBeyondItsBoundsIsDrawnSharpNearThem() throws {
        let layer = CAShapeLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 100))
        path.addLine(to: CGPoint(x: 1e6, y: 100))
        layer.path = path
        layer.fillColor = nil
        layer.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.lineWidth = 10
        layer.displayIfNeeded()
        let drawn = try #require(image(layer))
        // The bounds and the line (with a point of anti-aliasing to the left), cut to a square
        // of 4096 pixels (one less, for placing it on whole pixels) centred on the bounds:
        // 1947.5 points right of them, rounded up to the pixel.
        #expect(drawn.layerRect == CGRect(x: -1, y: 0, width: 2149, height: 200))
        #expect(drawn.width == 2149 && drawn.height == 200)
        // Drawn at the layer's own scale: the line is 10 pixels thick, from y = 95 to 105.
        expectPixel(drawn, 151, 100, (0, 0, 255, 255))
        expectPixel(drawn, 2001, 104, (0, 0, 255, 255))
        expectPixel(drawn, 151, 94, (0, 0, 0, 0))
    }

    @Test func aHugeLineWidthFillsTheAreaNearTheBoundsWithTheStroke() throws {
        let layer = CAShapeLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        layer.path = CGPath(rect: CGRect(x: 50, y: 50, width: 100, height: 100), transform: nil)
        layer.fillColor = nil
        layer.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.lineWidth = 1e9
        layer.displayIfNeeded()
        let drawn = try #require(image(layer))
        // A square of 4096 pixels centred on the bounds, on whole pixels.
        #expect(drawn.width == 4096 && drawn.height == 4096)
        #expect(drawn.layerRect == CGRect(x: -1948, y: -1948, width: 4096, height: 4096))
        expectPixel(drawn, 2048, 2048, (255, 0, 0, 255))
        expectPixel(drawn, 10, 10, (255, 0, 0, 255))
    }

    @Test func aLayerContextOverTheBudgetIsRefused() {
        #expect(CGContext(layerWidth: 4096, height: 4096, scale: 1) != nil)
        #expect(CGContext(layerWidth: 4097, height: 4096, scale: 1) == nil)
        #expect(CGContext(layerWidth: 8193, height: 1, scale: 1) == nil)
    }
}
