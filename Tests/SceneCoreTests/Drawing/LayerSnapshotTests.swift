import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `CALayer.render(in:)`: layer trees drawn by Cairo into a bitmap context, checked by pixels.
/// The contexts are flipped to the layers' y-down space first, as iOS code flips a bitmap context.
@Suite struct LayerSnapshotTests {
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    static let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)

    /// An RGBA context of `width` x `height` pixels, flipped so that user space is y down.
    static func flippedContext(_ width: Int, _ height: Int) -> CGContext {
        let ctx = CGContext(
            data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: 1, y: -1)
        return ctx
    }

    static func layer(_ frame: CGRect, _ color: CGColor?) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }

    /// The scene: a rounded background, a bordered image, a circle, text, an axial gradient, a
    /// half-opaque group of two overlapping squares and a clip, on white, 200 x 240.
    static func scene() -> CALayer {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 240), white)
        let rounded = layer(CGRect(x: 10, y: 10, width: 80, height: 60), red)
        rounded.cornerRadius = 20
        let image = layer(CGRect(x: 110, y: 10, width: 80, height: 60), nil)
        image.contents = ImageFixtures.quadrants()
        image.borderWidth = 4
        image.borderColor = black
        let circle = CAShapeLayer()
        circle.frame = CGRect(x: 10, y: 90, width: 60, height: 60)
        circle.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 60), transform: nil)
        circle.fillColor = blue
        let text = CATextLayer()
        text.frame = CGRect(x: 80, y: 90, width: 110, height: 30)
        text.string = "HI"
        text.font = "DejaVu Sans"
        text.fontSize = 24
        text.foregroundColor = black
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 10, y: 160, width: 100, height: 30)
        gradient.colors = [red, blue]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let group = layer(CGRect(x: 120, y: 130, width: 60, height: 60), nil)
        group.opacity = 0.5
        group.addSublayer(layer(CGRect(x: 0, y: 0, width: 40, height: 40), green))
        group.addSublayer(layer(CGRect(x: 20, y: 20, width: 40, height: 40), green))
        let clip = layer(CGRect(x: 130, y: 200, width: 40, height: 30), nil)
        clip.masksToBounds = true
        clip.addSublayer(layer(CGRect(x: -20, y: -20, width: 80, height: 70), yellow))
        for sublayer in [rounded, image, circle, text, gradient, group, clip] { root.addSublayer(sublayer) }
        return root
    }

    static func snapshot(of root: CALayer, _ width: Int, _ height: Int) -> CGImage {
        let ctx = flippedContext(width, height)
        root.render(in: ctx)
        return ctx.makeImage()!
    }

    @Test func sceneIsDrawnPixelByPixel() throws {
        let image = Self.snapshot(of: Self.scene(), 200, 240)
        try? image.pngData().write(to: URL(fileURLWithPath: "/tmp/layer-snapshot-scene.png"))
        let white: Pixel = (255, 255, 255, 255)
        // Rounded background: inside, and the corner the radius cuts away.
        expectPixel(image, 50, 40, (255, 0, 0, 255), tolerance: 0)
        expectPixel(image, 12, 12, white, tolerance: 0)
        expectPixel(image, 88, 68, white, tolerance: 0)
        expectPixel(image, 12, 40, (255, 0, 0, 255), tolerance: 0)
        // The image's quadrants, top row at the top, and the border over it.
        expectPixel(image, 125, 22, (255, 0, 0, 255), tolerance: 0)
        expectPixel(image, 175, 22, (0, 255, 0, 255), tolerance: 0)
        expectPixel(image, 125, 55, (0, 0, 255, 255), tolerance: 0)
        expectPixel(image, 175, 55, white, tolerance: 0)
        expectPixel(image, 111, 40, (0, 0, 0, 255), tolerance: 0)
        expectPixel(image, 150, 67, (0, 0, 0, 255), tolerance: 0)
        expectPixel(image, 150, 70, white, tolerance: 0)
        // The circle: its centre, and a corner of its square outside it.
        expectPixel(image, 40, 120, (0, 0, 255, 255), tolerance: 0)
        expectPixel(image, 12, 92, white, tolerance: 0)
        expectPixel(image, 40, 92, (0, 0, 255, 255), tolerance: 0)
        // The gradient, at pixel centres: t 0.005 (x 10), 0.995 (x 109), 0.505 (x 60).
        expectPixel(image, 10, 175, (254, 0, 1, 255), tolerance: 0)
        expectPixel(image, 109, 175, (1, 0, 254, 255), tolerance: 0)
        expectPixel(image, 60, 175, (126, 0, 129, 255), tolerance: 0)
        expectPixel(image, 60, 192, white, tolerance: 0)
        // The half-opaque group: one layer of green at half (alpha 128) over white, also where
        // the squares overlap (drawn one by one at half, the overlap would be (64, 255, 64)).
        expectPixel(image, 125, 135, (127, 255, 127, 255), tolerance: 0)
        expectPixel(image, 150, 160, (127, 255, 127, 255), tolerance: 0)
        expectPixel(image, 175, 185, (127, 255, 127, 255), tolerance: 0)
        expectPixel(image, 175, 135, white, tolerance: 0)
        // The clip: the yellow sublayer only inside its superlayer's bounds.
        expectPixel(image, 131, 201, (255, 255, 0, 255), tolerance: 0)
        expectPixel(image, 168, 228, (255, 255, 0, 255), tolerance: 0)
        expectPixel(image, 128, 210, white, tolerance: 0)
        expectPixel(image, 150, 232, white, tolerance: 0)
    }

    @Test func textIsDrawnAsTheLayerDrawsIt() throws {
        let text = CATextLayer()
        text.frame = CGRect(x: 0, y: 0, width: 110, height: 30)
        text.string = "HI"
        text.font = "DejaVu Sans"
        text.fontSize = 24
        text.foregroundColor = Self.black
        let snapshot = Self.snapshot(of: text, 110, 30)
        // The same text drawn by the layer into a backing store of its own.
        let store = try #require(CGContext(layerWidth: 110, height: 30, scale: 1))
        text.draw(in: store)
        let drawn = try #require(store.makeImage())
        #expect(largestDifference(snapshot, drawn) == 0)
        // The H's stems and the I are solid black at x 3, 14 and 21; between them and after
        // the I it is empty.
        for x in [3, 14, 21] { expectPixel(snapshot, x, 14, (0, 0, 0, 255), tolerance: 0) }
        for x in [8, 18, 30, 60] { expectPixel(snapshot, x, 14, (0, 0, 0, 0), tolerance: 0) }
    }

    @Test func withoutAFlipTheSnapshotIsUpsideDown() {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 10, height: 10), nil)
        root.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 10, height: 3), Self.red))
        let ctx = CGContext(
            data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        root.render(in: ctx)
        let image = ctx.makeImage()!
        // Layer y 0..<3 is user y 0..<3 of a y-up context: the image's bottom rows, as on iOS.
        expectPixel(image, 5, 8, (255, 0, 0, 255), tolerance: 0)
        expectPixel(image, 5, 1, (0, 0, 0, 0), tolerance: 0)
    }

    @Test func theLayerIsDrawnInItsOwnSpaceWithItsSublayersPlaced() {
        // The root's position and transform are not applied; a sublayer's are.
        let root = Self.layer(CGRect(x: 500, y: 500, width: 40, height: 40), nil)
        root.transform = CATransform3DMakeScale(3, 3, 1)
        root.bounds.origin = CGPoint(x: 10, y: 0)
        let turned = Self.layer(CGRect(x: 0, y: 0, width: 20, height: 10), Self.blue)
        turned.position = CGPoint(x: 30, y: 20)
        turned.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        root.addSublayer(turned)
        root.sublayerTransform = CATransform3DMakeTranslation(0, 5, 0)
        let image = Self.snapshot(of: root, 40, 40)
        // Turned a quarter: 10 wide, 20 tall about (30, 20), moved down 5 by the sublayer
        // transform: x 25..<35, y 15..<35 of the root's bounds space, which is user space (the
        // bounds origin (10, 0) is the point drawn at user (10, 0)).
        expectPixel(image, 26, 16, (0, 0, 255, 255), tolerance: 0)
        expectPixel(image, 34, 34, (0, 0, 255, 255), tolerance: 0)
        expectPixel(image, 24, 20, (0, 0, 0, 0), tolerance: 0)
        expectPixel(image, 36, 20, (0, 0, 0, 0), tolerance: 0)
        expectPixel(image, 30, 13, (0, 0, 0, 0), tolerance: 0)
        expectPixel(image, 30, 36, (0, 0, 0, 0), tolerance: 0)
    }

    @Test func sublayersAreDrawnInZPositionOrderAndHiddenOnesNot() {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 10, height: 10), nil)
        let front = Self.layer(CGRect(x: 0, y: 0, width: 10, height: 10), Self.red)
        front.zPosition = 1
        root.addSublayer(front)
        root.addSublayer(Self.layer(CGRect(x: 0, y: 0, width: 10, height: 10), Self.blue))
        let hidden = Self.layer(CGRect(x: 0, y: 0, width: 5, height: 5), Self.green)
        hidden.isHidden = true
        hidden.zPosition = 2
        root.addSublayer(hidden)
        let image = Self.snapshot(of: root, 10, 10)
        expectPixel(image, 2, 2, (255, 0, 0, 255), tolerance: 0)
        expectPixel(image, 7, 7, (255, 0, 0, 255), tolerance: 0)
    }

    @Test func theMaskLayersAlphaMasksTheLayer() {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 20, height: 20), Self.red)
        let mask = Self.layer(CGRect(x: 0, y: 0, width: 10, height: 20), Self.black)
        let faint = Self.layer(
            CGRect(x: 10, y: 0, width: 10, height: 10), CGColor(red: 0, green: 0, blue: 0, alpha: 0.5))
        mask.addSublayer(faint)
        mask.masksToBounds = false
        root.mask = mask
        let image = Self.snapshot(of: root, 20, 20)
        expectPixel(image, 5, 5, (255, 0, 0, 255), tolerance: 0)
        expectPixel(image, 15, 5, (255, 0, 0, 128), tolerance: 0)
        expectPixel(image, 15, 15, (0, 0, 0, 0), tolerance: 0)
    }

    @Test func aShadowOfRadiusZeroIsTheLayerMovedAndTinted() {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 40, height: 40), Self.white)
        let casting = Self.layer(CGRect(x: 10, y: 10, width: 10, height: 10), Self.red)
        casting.shadowOpacity = 0.5
        casting.shadowRadius = 0
        casting.shadowOffset = CGSize(width: 5, height: 5)
        root.addSublayer(casting)
        let image = Self.snapshot(of: root, 40, 40)
        expectPixel(image, 15, 15, (255, 0, 0, 255), tolerance: 0)
        // Black at opacity 0.5 (alpha 128) over white.
        expectPixel(image, 22, 22, (127, 127, 127, 255), tolerance: 0)
        expectPixel(image, 26, 26, (255, 255, 255, 255), tolerance: 0)
    }

    @Test func aBlurredShadowFallsOffOverTwiceItsRadius() {
        let root = Self.layer(CGRect(x: 0, y: 0, width: 100, height: 100), Self.white)
        let casting = Self.layer(CGRect(x: 20, y: 20, width: 40, height: 40), Self.red)
        casting.shadowOpacity = 1
        casting.shadowRadius = 4
        casting.shadowOffset = CGSize(width: 20, height: 0)
        casting.shadowPath = CGPath(rect: casting.bounds, transform: nil)
        root.addSublayer(casting)
        let image = Self.snapshot(of: root, 100, 100)
        // The shadow's right edge is at x 80. Pixel centre 79.5 is covered 0.55 (the Gaussian of
        // σ 4 cut at 8, from 0.5 inside the edge), 82.5 is 0.26, and from 88 (8 past it) nothing.
        expectPixel(image, 70, 40, (0, 0, 0, 255), tolerance: 0)
        expectPixel(image, 79, 40, (114, 114, 114, 255), tolerance: 0)
        expectPixel(image, 82, 40, (189, 189, 189, 255), tolerance: 0)
        expectPixel(image, 88, 40, (255, 255, 255, 255), tolerance: 0)
    }

    @Test func gradientsOfEveryKind() {
        func drawn(_ type: CAGradientLayerType, start: CGPoint, end: CGPoint) -> CGImage {
            let gradient = CAGradientLayer()
            gradient.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            gradient.type = type
            gradient.colors = [Self.red, Self.blue]
            gradient.startPoint = start
            gradient.endPoint = end
            return Self.snapshot(of: gradient, 40, 40)
        }
        let radial = drawn(.radial, start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 1))
        // Pixel centres: (20.5, 20.5) is t = |(0.5, 0.5) / 20| = 0.035; (39.5, 20.5) is 0.975.
        expectPixel(radial, 20, 20, (246, 0, 9, 255), tolerance: 0)
        expectPixel(radial, 39, 20, (6, 0, 249, 255), tolerance: 1)
        expectPixel(radial, 0, 0, (0, 0, 255, 255), tolerance: 0)
        // Conic from the right, clockwise on screen: pixel centres at turns 0.245 (below the
        // centre), 0.4945 (left) and 0.7555 (above). Cairo shades the mesh within 2 of the
        // exact interpolation.
        let conic = drawn(.conic, start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 0.5))
        expectPixel(conic, 20, 35, (193, 0, 62, 255), tolerance: 2)
        expectPixel(conic, 5, 20, (129, 0, 126, 255), tolerance: 2)
        expectPixel(conic, 20, 5, (62, 0, 193, 255), tolerance: 2)
    }

    @Test func transparencyLayersCompositeOnceWithTheAlphaInEffect() {
        let ctx = Self.flippedContext(10, 10)
        ctx.setAlpha(0.5)
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.setFillColor(Self.red)
        ctx.fill(CGRect(x: 0, y: 0, width: 6, height: 10))
        ctx.fill(CGRect(x: 4, y: 0, width: 6, height: 10))
        ctx.endTransparencyLayer()
        let image = ctx.makeImage()!
        expectPixel(image, 5, 5, (255, 0, 0, 128), tolerance: 0)
        expectPixel(image, 1, 5, (255, 0, 0, 128), tolerance: 0)
    }

    @Test func aTextLayerRenderedToAnImageIsAnEmitterCellsContents() throws {
        // The particle playgrounds' idiom: a text layer drawn into an image context, its image
        // the cell's contents.
        let text = CATextLayer()
        text.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        text.string = "A"
        text.font = "DejaVu Sans"
        text.fontSize = 30
        text.foregroundColor = Self.white
        text.alignmentMode = .center
        let ctx = Self.flippedContext(40, 40)
        text.render(in: ctx)
        let image = try #require(ctx.makeImage())
        try? image.pngData().write(to: URL(fileURLWithPath: "/tmp/layer-snapshot-emitter-text.png"))
        var inked = 0
        for y in 0..<40 {
            for x in 0..<40 where image.pixel(x: x, y: y).a == 255 {
                inked += 1
                #expect(image.pixel(x: x, y: y).r == 255)
            }
        }
        #expect(inked > 50)
        let cell = CAEmitterCell()
        cell.contents = image
        #expect((cell.contents as? CGImage) === image)
    }
}
