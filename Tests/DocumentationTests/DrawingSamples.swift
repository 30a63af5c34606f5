import Foundation
import GLBackend
import SceneCore
import Testing

// The samples of "Drawing content" (SceneCore.docc).

/// A delegate that draws a layer's content.
final class DialDrawer: NSObject, CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1))
        ctx.fillEllipse(in: layer.bounds.insetBy(dx: 4, dy: 4))
    }
}

/// A layer subclass that draws its own content.
final class StripesLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(gray: 0.2, alpha: 1)
        for x in stride(from: 0, to: bounds.width, by: 20) {
            ctx.fill(CGRect(x: x, y: 0, width: 10, height: bounds.height))
        }
    }
}

@Suite struct DrawingSamples {
    @Test func delegateAndSubclassDrawing() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)

        let drawer = DialDrawer()  // layers hold their delegate weakly: keep it alive
        let dial = CALayer()
        dial.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        dial.contentsScale = 2  // a backing store of 200 x 200 pixels, sharp at scale 2
        dial.delegate = drawer
        dial.setNeedsDisplay()  // drawn during the next commit, then uploaded once
        root.addSublayer(dial)

        let stripes = StripesLayer()
        stripes.frame = CGRect(x: 100, y: 0, width: 100, height: 100)
        stripes.setNeedsDisplay()
        root.addSublayer(stripes)

        let image = try OffscreenRenderer(width: 200, height: 100).render(root)
        let centre = image.pixel(x: 50, y: 50)
        let expected = [230, 77, 51]  // (0.9, 0.3, 0.2), each channel rounded either way
        #expect(zip([centre.r, centre.g, centre.b], expected).allSatisfy { abs(Int($0) - $1) <= 1 })
        #expect(image.pixel(x: 105, y: 50).r == 51)
        #expect(image.pixel(x: 115, y: 50).a == 0)
    }

    @Test func imagesAsContents() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("photo-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: url) }
        let red = Array([[UInt8]](repeating: [255, 0, 0, 255], count: 64 * 32).joined())
        try #require(CGImage(rgbaPixels: red, width: 64, height: 32)).pngData().write(to: url)
        let photoLayer = CALayer()
        photoLayer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)

        let photo = try CGImage.load(contentsOf: url)  // PNG or JPEG
        photoLayer.contents = photo
        photoLayer.contentsGravity = .resizeAspect  // fitted inside the bounds, keeping its shape
        photoLayer.contentsScale = 2  // the image's pixels per point when gravity does not scale it

        let image = try OffscreenRenderer(width: 100, height: 100).render(photoLayer)
        #expect(image.pixel(x: 50, y: 50).r == 255)
        #expect(image.pixel(x: 50, y: 10).a == 0, "above the fitted picture")
    }

    @Test func layersThatDrawTheirValues() throws {
        let title = CATextLayer()  // Pango: fonts, wrapping, truncation, alignment
        title.frame = CGRect(x: 0, y: 0, width: 240, height: 40)
        title.string = "Hello, Linux"
        title.font = "DejaVu Sans Bold"  // a name, a CGFont or a CTFont
        title.fontSize = 28
        title.foregroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
        title.contentsScale = 2

        let tick = CAShapeLayer()
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 10, y: 30), CGPoint(x: 25, y: 45), CGPoint(x: 55, y: 10)])
        tick.path = path
        tick.strokeColor = CGColor(red: 0.2, green: 0.7, blue: 0.35, alpha: 1)
        tick.fillColor = nil
        tick.lineWidth = 6
        let draw = CABasicAnimation(keyPath: "strokeEnd")  // "draw the line"
        draw.fromValue = 0
        draw.duration = 0.6
        tick.add(draw, forKey: "draw")

        let glow = CAGradientLayer()  // axial, radial or conic
        glow.colors = [CGColor(red: 1, green: 0.5, blue: 0, alpha: 1), CGColor(red: 0.5, green: 0, blue: 1, alpha: 1)]
        glow.type = .radial
        glow.startPoint = CGPoint(x: 0.5, y: 0.5)  // the centre
        glow.endPoint = CGPoint(x: 1, y: 1)

        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 100)
        glow.frame = root.bounds
        tick.frame = CGRect(x: 0, y: 40, width: 60, height: 60)
        for layer in [glow, title, tick] { root.addSublayer(layer) }
        let image = try OffscreenRenderer(width: 240, height: 100).render(root, at: CACurrentMediaTime() + 1)
        #expect(image.pixel(x: 120, y: 50).a == 255)
        let darkText = (0..<240).contains { x in (0..<40).contains { y in image.pixel(x: x, y: y).r < 60 } }
        #expect(darkText)
    }
}
