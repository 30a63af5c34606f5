import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// `CALayer.render(in:)` (Cairo, on the app side) against the headless renderer (GL) drawing
/// the same tree: the same colours at the same places.
@Suite struct LayerSnapshotMatchTests {
    static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: 1)
    }

    /// A rounded background, a bordered image, a circle, an axial gradient, a half-opaque group,
    /// a clip, a rotated layer and a geometry-flipped shape, on white, 200 x 240.
    static func scene() -> CALayer {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 200, height: 240), color(1, 1, 1))
        let rounded = solidLayer(CGRect(x: 10, y: 10, width: 80, height: 60), color(1, 0, 0))
        rounded.cornerRadius = 20
        let image = solidLayer(CGRect(x: 110, y: 10, width: 80, height: 60))
        image.contents = quadrantImage(size: 16)
        image.borderWidth = 4
        image.borderColor = color(0, 0, 0)
        let circle = CAShapeLayer()
        circle.frame = CGRect(x: 10, y: 90, width: 60, height: 60)
        circle.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 60), transform: nil)
        circle.fillColor = color(0, 0, 1)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 10, y: 160, width: 100, height: 30)
        gradient.colors = [color(1, 0, 0), color(0, 0, 1)]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let group = solidLayer(CGRect(x: 120, y: 130, width: 60, height: 60))
        group.opacity = 0.5
        group.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 40, height: 40), color(0, 1, 0)))
        group.addSublayer(solidLayer(CGRect(x: 20, y: 20, width: 40, height: 40), color(0, 1, 0)))
        let clip = solidLayer(CGRect(x: 130, y: 200, width: 40, height: 30))
        clip.masksToBounds = true
        clip.addSublayer(solidLayer(CGRect(x: -20, y: -20, width: 80, height: 70), color(1, 1, 0)))
        let turned = solidLayer(CGRect(x: 80, y: 100, width: 30, height: 20), color(0, 0.5, 0.5))
        turned.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        let flipped = CAShapeLayer()
        flipped.frame = CGRect(x: 20, y: 200, width: 60, height: 36)
        flipped.path = CGPath(rect: CGRect(x: 0, y: 0, width: 60, height: 10), transform: nil)
        flipped.fillColor = color(1, 0, 1)
        flipped.isGeometryFlipped = true
        for sublayer in [rounded, image, circle, gradient, group, clip, turned, flipped] { root.addSublayer(sublayer) }
        return root
    }

    @Test func theSnapshotShowsWhatTheRendererShows() throws {
        let root = Self.scene()
        let rendered = try render(root)
        let ctx = try #require(
            CGContext(
                data: nil, width: 200, height: 240, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.translateBy(x: 0, y: 240)
        ctx.scaleBy(x: 1, y: -1)
        root.render(in: ctx)
        let snapshot = try #require(ctx.makeImage())
        // The flipped shape's band lies along the bottom of its bounds.
        expectPixel(snapshot, 40, 231, (255, 0, 255, 255), tolerance: 0)
        expectPixel(snapshot, 40, 204, (255, 255, 255, 255), tolerance: 0)
        let points = [
            (50, 40), (12, 12), (12, 40), (125, 22), (175, 22), (125, 55), (175, 55), (111, 40), (150, 67),
            (40, 120), (12, 92), (10, 175), (60, 175), (109, 175), (125, 135), (150, 160), (175, 135),
            (131, 201), (128, 210), (150, 232), (95, 110), (100, 112), (40, 231), (40, 204),
        ]
        for (x, y) in points {
            let drawn = snapshot.pixel(x: x, y: y)
            expectPixel(rendered, x, y, drawn, tolerance: 2, "the snapshot's pixel at (\(x), \(y))")
        }
        // Everywhere, edges included: the two differ by little (Cairo anti-aliases the turned
        // layer's edges, which the renderer draws hard, as allowsEdgeAntialiasing is false).
        #expect(meanDifference(rendered, snapshot) < 1)
    }
}
