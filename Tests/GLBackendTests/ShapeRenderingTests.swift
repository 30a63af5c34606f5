import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// `CAShapeLayer` drawn by the render side from its committed and animated values, against the
/// same shape drawn by Cairo directly into a bitmap (`ShapeDrawing`, the drawing the app side
/// used to upload), both over white. At a layer's natural size the raster lands pixel for pixel
/// on the target, so the tolerance is 1 (the texture's sampling at pixel centres).
@Suite struct ShapeRenderingTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let white = CGColor(gray: 1, alpha: 1)

    /// A five-pointed star in a 100 x 100 box.
    static let star: CGPath = {
        let path = CGMutablePath()
        for i in 0..<10 {
            let angle = -CGFloat.pi / 2 + CGFloat(i) * .pi / 5
            let radius: CGFloat = i % 2 == 0 ? 42 : 18
            let point = CGPoint(x: 50 + radius * cos(angle), y: 52 + radius * sin(angle))
            if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
        return path
    }()

    /// A 100 x 100 shape layer at the origin drawing the star: filled blue, stroked red 6 points
    /// wide with round joins, configured by `configure`.
    func starLayer(_ configure: (CAShapeLayer) -> Void = { _ in }) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.path = Self.star
        layer.fillColor = Self.blue
        layer.strokeColor = Self.red
        layer.lineWidth = 6
        layer.lineJoin = .round
        configure(layer)
        return layer
    }

    /// The star drawn by Cairo directly over white into `size` points at `scale`, with the
    /// stroke from `strokeStart` to `strokeEnd`, as the app side drew it into a backing store.
    func cairoStar(
        strokeStart: CGFloat = 0, strokeEnd: CGFloat = 1, fill: RGBA? = Self.blue.value, size: CGFloat = 100,
        scale: CGFloat = 1
    ) throws -> CGImage {
        let pixels = Int(size * scale)
        let context = try #require(CGContext(layerWidth: pixels, height: pixels, scale: scale))
        context.setFillColor(Self.white)
        context.fill(CGRect(x: 0, y: 0, width: size, height: size))
        let drawing = ShapeDrawing(
            path: Self.star.elements, fillColor: fill, fillRule: .winding, strokeColor: Self.red.value, lineWidth: 6,
            lineCap: .butt, lineJoin: .round, miterLimit: 10, dashes: [], dashPhase: 0, strokeStart: strokeStart,
            strokeEnd: strokeEnd)
        drawing.draw(in: context, scale: scale)
        return try #require(context.makeImage())
    }

    @Test func aStillShapeMatchesCairoAndIsRasterisedOnce() throws {
        let root = whiteRoot()
        root.addSublayer(starLayer())
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let first = try renderer.render(root)
        #expect(renderer.statistics.textureUploads == 2, "an atlas page, then the star into it")
        let reference = try cairoStar()
        #expect(largestDifference(first, reference) <= 1)
        // The star's fill, its stroke on a tip, and white outside it.
        expectPixel(first, 50, 52, (0, 0, 255, 255))
        expectPixel(first, 50, 10, (255, 0, 0, 255))
        expectPixel(first, 5, 95, (255, 255, 255, 255))
        let second = try renderer.render(root)
        #expect(renderer.statistics.textureUploads == 0, "the kept raster is drawn again")
        #expect(largestDifference(first, second) == 0)
    }

    @Test func aGeometryFlippedShapeLayerDrawsItsPathFlippedAsItsSublayers() throws {
        // A red band along the path's y = 0...20 and a blue sublayer at (0, 0): with the layer's
        // geometry flipped both sit at the bottom of its bounds, the band at rows 80...100.
        let root = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), Self.white)
        let shape = CAShapeLayer()
        shape.frame = root.bounds
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 20), transform: nil)
        shape.fillColor = Self.red
        shape.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), Self.blue))
        shape.isGeometryFlipped = true
        root.addSublayer(shape)
        let image = try render(root)
        expectPixel(image, 50, 90, (255, 0, 0, 255), tolerance: 0)
        expectPixel(image, 50, 81, (255, 0, 0, 255), tolerance: 0)
        expectPixel(image, 50, 78, (255, 255, 255, 255), tolerance: 0)
        expectPixel(image, 50, 10, (255, 255, 255, 255), tolerance: 0)
        expectPixel(image, 5, 95, (0, 0, 255, 255), tolerance: 0)
        expectPixel(image, 5, 85, (255, 0, 0, 255), tolerance: 0)
    }

    @Test func strokeEndMidAnimationIsDrawnByTheRenderSide() throws {
        let clock = ManualClock(whiteRoot(), at: 0)
        let layer = starLayer()
        clock.layer.addSublayer(layer)
        CATransaction.flush()
        layer.add(basic("strokeEnd", from: 0, to: 1, duration: 4), forKey: "draw")
        CATransaction.flush()
        clock.seek(to: 1)
        let image = try render(clock.layer, at: clock.now)
        #expect(largestDifference(image, try cairoStar(strokeEnd: 0.25)) <= 1)
        #expect(layer.strokeEnd == 1, "the model keeps its value")
    }

    @Test func animationsKeepChangingThePictureWithoutCommits() throws {
        // The app thread commits nothing between the frames (as when it is blocked): the render
        // side alone evaluates `strokeEnd` and `fillColor` and draws each frame's shape.
        let root = whiteRoot()
        let layer = starLayer()
        root.addSublayer(layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        _ = try renderer.render(root, at: 1000)
        layer.add(basic("strokeEnd", from: 0, to: 1, duration: 4) { $0.beginTime = 1000 }, forKey: "stroke")
        layer.add(
            basic("fillColor", from: Self.blue, to: Self.white, duration: 4) { $0.beginTime = 1000 }, forKey: "fill")
        var frames: [RenderedImage] = []
        for t in [1001.0, 1002, 1003] {
            frames.append(try renderer.render(root, at: t))
            #expect(renderer.statistics.textureUploads == 1, "a new raster each frame, at \(t)")
        }
        let quarter = try cairoStar(strokeEnd: 0.25, fill: RGBA(r: 0.25, g: 0.25, b: 1, a: 1))
        let half = try cairoStar(strokeEnd: 0.5, fill: RGBA(r: 0.5, g: 0.5, b: 1, a: 1))
        #expect(largestDifference(frames[0], quarter) <= 1)
        #expect(largestDifference(frames[1], half) <= 1)
        #expect(largestDifference(frames[1], frames[2]) > 0)
        // The fill a quarter of the way from blue to white.
        expectPixel(frames[0], 50, 52, (64, 64, 255, 255))
    }

    @Test func aStrokeDrawingItselfUploadsOnlyThePixelsThatChanged() throws {
        let root = whiteRoot()
        let layer = starLayer { $0.fillColor = nil }
        root.addSublayer(layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        _ = try renderer.render(root, at: 1000)
        let whole = renderer.statistics.uploadedBytes
        layer.add(basic("strokeEnd", from: 0, to: 1, duration: 10) { $0.beginTime = 1000 }, forKey: "stroke")
        _ = try renderer.render(root, at: 1004)
        // A tenth of the stroke more: the pixels around that part of the star, not the raster.
        let frame = try renderer.render(root, at: 1005)
        #expect(renderer.statistics.textureUploads == 1)
        #expect(renderer.statistics.uploadedBytes > 0 && renderer.statistics.uploadedBytes < whole / 2)
        #expect(largestDifference(frame, try cairoStar(strokeEnd: 0.5, fill: nil)) <= 1)
    }

    @Test func aScaledLayerIsRasterisedAtTheScreensScale() throws {
        // Scaled 2x by its transform, the shape is drawn at 2 pixels a point: as sharp as Cairo
        // drawing it at scale 2, not a 1x raster stretched.
        let root = whiteRoot(200, 200)
        let layer = starLayer()
        layer.anchorPoint = .zero
        layer.position = .zero
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        root.addSublayer(layer)
        let image = try render(root)
        #expect(largestDifference(image, try cairoStar(scale: 2)) <= 1)
    }

    @Test func theShapeLiesOverTheContentsAndUnderTheSublayers() throws {
        let root = whiteRoot()
        let layer = starLayer()
        layer.contents = CGImage(rgbaPixels: [0, 255, 0, 255], width: 1, height: 1)
        layer.addSublayer(solidLayer(CGRect(x: 40, y: 40, width: 20, height: 20), Self.white))
        root.addSublayer(layer)
        let image = try render(root)
        expectPixel(image, 50, 50, (255, 255, 255, 255), "the sublayer over the shape")
        expectPixel(image, 35, 52, (0, 0, 255, 255), "the shape's fill over the contents")
        expectPixel(image, 5, 95, (0, 255, 0, 255), "the contents outside the shape")
    }

    @Test func masksToBoundsClipsTheShapeToTheRoundedBounds() throws {
        let root = whiteRoot()
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        layer.path = CGPath(rect: CGRect(x: -20, y: -20, width: 100, height: 100), transform: nil)
        layer.fillColor = Self.red
        root.addSublayer(layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let unclipped = try renderer.render(root)
        expectPixel(unclipped, 5, 5, (255, 0, 0, 255), "the shape is not clipped to the bounds by default")
        commitWithoutActions {
            layer.masksToBounds = true
            layer.cornerRadius = 10
        }
        let clipped = try renderer.render(root)
        expectPixel(clipped, 5, 5, (255, 255, 255, 255))
        expectPixel(clipped, 21, 21, (255, 255, 255, 255), "outside the rounded corner")
        expectPixel(clipped, 50, 50, (255, 0, 0, 255))
    }

    @Test func smallShapesShareAnAtlasPageAndADrawCall() throws {
        let root = whiteRoot(200, 100)
        for i in 0..<50 {
            let layer = CAShapeLayer()
            layer.frame = CGRect(x: CGFloat(i % 10) * 20, y: CGFloat(i / 10) * 20, width: 20, height: 20)
            layer.path = CGPath(ellipseIn: CGRect(x: 2, y: 2, width: 16, height: 16), transform: nil)
            layer.fillColor = i % 2 == 0 ? Self.red : Self.blue
            root.addSublayer(layer)
        }
        let renderer = try OffscreenRenderer(width: 200, height: 100)
        let image = try renderer.render(root)
        // Each layer has a path of its own; the 25 red and the 25 blue circles are one shape each.
        #expect(renderer.statistics.textureUploads == 3, "an atlas page, then each different circle into it")
        #expect(renderer.statistics.drawCalls == 1)
        expectPixel(image, 10, 10, (255, 0, 0, 255))
        expectPixel(image, 30, 10, (0, 0, 255, 255))
        expectPixel(image, 1, 1, (255, 255, 255, 255))
    }
}
