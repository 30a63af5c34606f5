import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// The backing-store budget: at most 8192 pixels a side and 2^24 pixels, whatever the bounds,
/// `contentsScale`, path or line width, with one warning per requested size, not one per redraw.
@Suite struct BackingStoreBudgetTests {
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

    /// Before, a 300 x 300 text layer at `contentsScale` 1000 got a store of 8192 x 8192
    /// pixels (256 MiB, twice that while it was copied into an image). The scale is checked
    /// without drawing: a store at the budget takes seconds to draw in a debug build.
    @Test func aTextLayerAtScale1000GetsAStoreWithinTheBudgetAndWarnsOnce() {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
        layer.contentsScale = 1000
        var scale: CGFloat = 0
        let first = Diagnostics.capturing {
            scale = layer.backingStoreScale(for: layer.bounds.size, what: "CATextLayer.display")
        }
        #expect((300 * scale).rounded(.up) == 4096)
        #expect(first.count == 1)
        #expect(first.first?.hasPrefix("CATextLayer.display of ") == true)
        #expect(first.first?.contains("(a backing store is at most 8192 pixels a side and 16777216 pixels)") == true)
        let again = Diagnostics.capturing {
            _ = layer.backingStoreScale(for: layer.bounds.size, what: "CATextLayer.display")
        }
        #expect(again.isEmpty)
    }

    /// Before, a 200 x 200 shape layer with a path reaching 1e9 got a store of 8193 x 8193
    /// pixels (256 MiB, over the side limit), with the shape drawn at a scale of 8e-6.
    @Test func aShapeWithAHugeCoordinateGetsARasterWithinTheBudget() throws {
        let layer = CAShapeLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 100))
        path.addLine(to: CGPoint(x: 1e9, y: 100))
        layer.path = path
        layer.strokeColor = CGColor(gray: 0, alpha: 1)
        var raster: ShapeRaster?
        let messages = Diagnostics.capturing { raster = layer.rasterizedShape() }
        let drawn = try #require(raster)
        // Within a square of 4096 pixels around the bounds, at the scale asked for: the line's
        // width and a point of anti-aliasing each side, from y = 98.5 to 101.5 on whole pixels.
        #expect(drawn.image.width <= 4096 && drawn.rect.minY == 98 && drawn.image.height == 4)
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
        let drawn = try #require(layer.rasterizedShape())
        // The line (with a point of anti-aliasing round it), cut to a square of 4096 pixels (one
        // less, for placing it on whole pixels) centred on the bounds: 1947.5 points right of
        // them, rounded up to the pixel.
        #expect(drawn.rect == CGRect(x: -1, y: 94, width: 2149, height: 12))
        #expect(drawn.image.width == 2149 && drawn.image.height == 12)
        // Drawn at scale 1: the line is 10 pixels thick, from y = 95 to 105 (rows 1 to 10).
        expectPixel(drawn.image, 151, 6, (0, 0, 255, 255))
        expectPixel(drawn.image, 2001, 10, (0, 0, 255, 255))
        expectPixel(drawn.image, 151, 0, (0, 0, 0, 0))
    }

    /// Before, Cairo drew nothing for a line width of 1e8 or more (beyond its fixed-point range).
    @Test func aHugeLineWidthStillStrokes() throws {
        let shape = ShapeDrawing(
            path: CGPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10), transform: nil).elements, fillColor: nil,
            fillRule: .winding, strokeColor: RGBA(r: 1, g: 0, b: 0, a: 1), lineWidth: 1e9, lineCap: .butt,
            lineJoin: .miter, miterLimit: 10, dashes: [], dashPhase: 0, strokeStart: 0, strokeEnd: 1)
        let context = try #require(CGContext(layerWidth: 20, height: 20, scale: 1))
        shape.draw(in: context, scale: 1)
        let drawn = try #require(context.makeImage())
        expectPixel(drawn, 10, 10, (255, 0, 0, 255))
        expectPixel(drawn, 0, 0, (255, 0, 0, 255))
    }

    @Test func aLayerContextOverTheBudgetIsRefused() {
        #expect(CGContext(layerWidth: 4096, height: 4096, scale: 1) != nil)
        #expect(CGContext(layerWidth: 4097, height: 4096, scale: 1) == nil)
        #expect(CGContext(layerWidth: 8193, height: 1, scale: 1) == nil)
    }
}
