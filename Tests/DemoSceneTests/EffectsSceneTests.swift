import GLBackend
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import demo_window

/// The effects scene: captioned panels of masks, blend modes, animated filters and frosted glass,
/// rendered headlessly at chosen times.
@Suite struct EffectsSceneTests {
    let size = CGSize(width: 960, height: 600)

    /// The scene rendered at `seconds` after it was built.
    func rendered(at seconds: Double) throws -> (root: CALayer, image: RenderedImage) {
        let clock = ManualClock(EffectsScene.make(size), at: 0)
        CATransaction.flush()
        clock.seek(to: seconds)
        let renderer = try OffscreenRenderer(width: Int(size.width), height: Int(size.height))
        return (clock.layer, try renderer.render(clock.layer, at: clock.now))
    }

    /// The centre of `name`'s frame in root coordinates.
    func centre(of name: String, in root: CALayer) throws -> CGPoint {
        let layer = try #require(root.descendant(named: name))
        let frame = layer.convert(layer.bounds, to: root)
        return CGPoint(x: frame.midX, y: frame.midY)
    }

    @Test func everyPanelHasACaptionNamingWhatItShows() throws {
        let root = EffectsScene.make(size)
        for (index, name) in EffectsScene.panels.enumerated() {
            let panel = try #require(root.descendant(named: "panel-\(name)"))
            let caption = try #require(panel.sublayers?.first as? CATextLayer)
            #expect(caption.string as? String == EffectsScene.captions[index])
        }
        let blend = try #require(root.descendant(named: "panel-blend"))
        for mode in EffectsScene.blendModes {
            #expect((blend.descendant(named: "label-\(mode.label)") as? CATextLayer)?.string as? String == mode.label)
            #expect(blend.descendant(named: "blend-\(mode.label)")?.compositingFilter as? String == mode.filter)
        }
    }

    @Test func theCircleMaskCutsThePictureAndTheWipeRevealsIt() throws {
        let (root, image) = try rendered(at: 1)
        let circled = try #require(root.descendant(named: "mask-circle"))
        let frame = circled.convert(circled.bounds, to: root)
        // Inside the circle: the picture's blue quadrant; the frame's corner, outside it: white.
        expectPixel(image, at: CGPoint(x: frame.midX - 10, y: frame.midY + 10), (60, 90, 230, 255), tolerance: 2)
        expectPixel(image, at: CGPoint(x: frame.minX + 2, y: frame.maxY - 2), (255, 255, 255, 255))
        // Half-way through the wipe (1 s of 2): the left half shows, the right half does not.
        let wiped = try #require(root.descendant(named: "mask-wipe"))
        let wipe = wiped.convert(wiped.bounds, to: root)
        expectPixel(image, at: CGPoint(x: wipe.minX + wipe.width * 0.25, y: wipe.maxY - 10), (60, 90, 230, 255))
        expectPixel(image, at: CGPoint(x: wipe.minX + wipe.width * 0.75, y: wipe.maxY - 10), (255, 255, 255, 255))
    }

    @Test func theMultiplyTileMultipliesThePicture() throws {
        let (root, image) = try rendered(at: 0)
        let tile = try #require(root.descendant(named: "blend-multiply"))
        let frame = tile.convert(tile.bounds, to: root)
        // Over the blue quadrant (60, 90, 230): orange (0.98, 0.55, 0.1) at alpha 0.85, multiplied.
        let point = CGPoint(x: frame.midX, y: frame.maxY - 12)
        func channel(_ s: Double, _ d: Double) -> UInt8 {
            UInt8(((s * 0.85 * d + d * (1 - 0.85)) * 255).rounded())
        }
        expectPixel(
            image, at: point, (channel(0.98, 60 / 255), channel(0.55, 90 / 255), channel(0.1, 230 / 255), 255),
            tolerance: 2)
    }

    @Test func theBlurAndSaturationAnimateOnTheRenderSide() throws {
        let (root, start) = try rendered(at: 0)
        let (_, later) = try rendered(at: 1)
        let blurred = try #require(root.descendant(named: "filter-blur"))
        let frame = blurred.convert(blurred.bounds, to: root)
        // On the boundary between the red and blue quadrants: sharp at radius 0, mixed at radius 6.
        let edge = CGPoint(x: frame.minX + 10, y: frame.midY)
        expectPixel(start, at: edge, (60, 90, 230, 255), tolerance: 2)
        let mixed = later.pixel(at: edge)
        #expect(mixed.r > 100 && mixed.b > 100, "red and blue mixed: \(mixed)")
        // The saturation starts at 0: grey.
        let saturated = try centre(of: "filter-saturate", in: root)
        let grey = start.pixel(at: CGPoint(x: saturated.x - 20, y: saturated.y - 20))
        #expect(abs(Int(grey.r) - Int(grey.g)) <= 2 && abs(Int(grey.g) - Int(grey.b)) <= 2, "grey: \(grey)")
    }

    @Test func theGlassBlursTheStripesBehindIt() throws {
        let (root, image) = try rendered(at: 0)
        let glass = try #require(root.descendant(named: "glass"))
        let frame = glass.convert(glass.bounds, to: root)
        // Stripes are 24 wide: along the middle row, neighbouring pixels under the glass differ
        // little, outside it they jump between stripe colours.
        let row = frame.midY
        func jump(from x: CGFloat, to end: CGFloat) -> Int {
            var largest = 0
            var x = x
            while x < end {
                let a = image.pixel(at: CGPoint(x: x, y: row))
                let b = image.pixel(at: CGPoint(x: x + 1, y: row))
                largest = max(largest, abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b)))
                x += 1
            }
            return largest
        }
        #expect(jump(from: frame.minX + 10, to: frame.maxX - 10) < 60)
        let stage = try #require(root.descendant(named: "glass-content"))
        let outside = stage.convert(stage.bounds, to: root)
        #expect(jump(from: outside.minX + 2, to: frame.minX - 2) > 150)
    }
}
