import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// An image assigned to a gradient layer's `contents` shows over the gradient, placed as the
/// renderer places contents, in the one backing store the layer shows (`state.contents`).
@Suite struct GradientContentsTests {
    static let white: Pixel = (255, 255, 255, 255)
    static let green: Pixel = (0, 255, 0, 255)

    /// A 20 x 10 opaque image: a white top row over green.
    static func stripe() -> CGImage {
        var pixels: [UInt8] = []
        for y in 0..<10 {
            for _ in 0..<20 { pixels += y == 0 ? [255, 255, 255, 255] : [0, 255, 0, 255] }
        }
        return CGImage(rgbaPixels: pixels, width: 20, height: 10)!
    }

    /// A 100 x 100 gradient from red (top) to blue (bottom).
    static func gradient(_ configure: (CAGradientLayer) -> Void = { _ in }) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        configure(layer)
        return layer
    }

    /// The backing store after `display()`.
    static func displayed(_ layer: CALayer) throws -> CGImage {
        layer.display()
        return try #require(layer.state.contents)
    }

    /// Whether the pixel is the red-to-blue gradient (opaque, no green).
    static func isGradient(_ p: Pixel) -> Bool { p.a == 255 && p.g == 0 && Int(p.r) + Int(p.b) >= 254 }

    @Test func contentsReturnsOnlyWhatWasAssigned() throws {
        let layer = Self.gradient()
        let store = try Self.displayed(layer)
        #expect(layer.contents == nil, "the gradient's backing store is not the contents")
        #expect(store.fillsBounds)
        let image = Self.stripe()
        layer.contents = image
        #expect(layer.needsDisplay())
        #expect(layer.state.contents === store, "shown once the layer displays")
        let drawn = try Self.displayed(layer)
        #expect(layer.contents as? CGImage === image)
        #expect(drawn !== image && drawn.fillsBounds && drawn.width == 100 && drawn.height == 100)
        layer.contents = nil
        #expect(layer.needsDisplay())
        let cleared = try Self.displayed(layer)
        #expect(Self.isGradient(cleared.pixel(x: 50, y: 50)))
    }

    @Test func theImageIsPlacedByTheContentsGravityOverTheGradient() throws {
        // "bottom" is the minimum y, at the top of a layer that is not flipped, as on iOS.
        let placements: [(CALayerContentsGravity, x: Int, y: Int)] = [
            (.center, 40, 45), (.bottomLeft, 0, 0), (.topRight, 80, 90), (.left, 0, 45),
        ]
        for (gravity, x, y) in placements {
            let layer = Self.gradient {
                $0.contents = Self.stripe()
                $0.contentsGravity = gravity
            }
            let image = try Self.displayed(layer)
            expectPixel(image, x, y, Self.white, tolerance: 0, "\(gravity.rawValue): the image's top row")
            expectPixel(image, x + 19, y, Self.white, tolerance: 0)
            expectPixel(image, x, y + 1, Self.green, tolerance: 0)
            expectPixel(image, x + 19, y + 9, Self.green, tolerance: 0)
            for (gx, gy) in [(x - 1, y + 5), (x + 20, y + 5), (x + 10, y - 1), (x + 10, y + 10)]
            where (0..<100).contains(gx) && (0..<100).contains(gy) {
                #expect(Self.isGradient(image.pixel(x: gx, y: gy)), "\(gravity.rawValue): (\(gx), \(gy)) is gradient")
            }
        }
    }

    @Test func contentsScaleGivesTheImageItsSizeInPoints() throws {
        let layer = Self.gradient {
            $0.contentsScale = 2
            $0.contents = Self.stripe()
            $0.contentsGravity = .center
        }
        let image = try Self.displayed(layer)
        // 20 x 10 pixels at scale 2 are 10 x 5 points, centred: pixels 90...109 by 95...104.
        #expect(image.width == 200 && image.height == 200)
        expectPixel(image, 90, 95, Self.white, tolerance: 0)
        expectPixel(image, 109, 104, Self.green, tolerance: 0)
        #expect(Self.isGradient(image.pixel(x: 89, y: 100)) && Self.isGradient(image.pixel(x: 100, y: 105)))
    }

    @Test func resizeAndContentsRectStretchTheImageWithItsFilter() throws {
        let quadrants = ImageFixtures.quadrants()
        let layer = Self.gradient {
            $0.contents = quadrants
            $0.magnificationFilter = .nearest
        }
        let image = try Self.displayed(layer)
        expectPixel(image, 0, 0, (255, 0, 0, 255), tolerance: 0)
        expectPixel(image, 49, 49, (255, 0, 0, 255), tolerance: 0)
        expectPixel(image, 50, 49, (0, 255, 0, 255), tolerance: 0)
        expectPixel(image, 49, 50, (0, 0, 255, 255), tolerance: 0)
        expectPixel(image, 99, 99, (255, 255, 255, 255), tolerance: 0)
        layer.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5)
        #expect(layer.needsDisplay())
        let green = try Self.displayed(layer)
        for (x, y) in [(0, 0), (50, 50), (99, 99)] { expectPixel(green, x, y, (0, 255, 0, 255), tolerance: 0) }
    }

    @Test func theBackingStoreFillsTheBoundsWhateverTheContentsProperties() throws {
        let layer = Self.gradient {
            $0.contentsGravity = .topLeft
            $0.contentsRect = CGRect(x: 0, y: 0, width: 0.25, height: 0.25)
            $0.contentsCenter = CGRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2)
        }
        let image = try Self.displayed(layer)
        let pieces = ContentsLayout.pieces(for: layer.state, image: image)
        #expect(
            pieces == [ContentsLayout.Piece(destination: layer.bounds, source: CGRect(x: 0, y: 0, width: 1, height: 1))]
        )
    }

    @Test func changingTheImagesPlacementRedraws() {
        for key in ["contentsGravity", "contentsRect", "contentsCenter", "contentsScale", "magnificationFilter"] {
            #expect(CAGradientLayer.needsDisplay(forKey: key), "\(key)")
        }
        let layer = Self.gradient { $0.contents = Self.stripe() }
        layer.display()
        layer.contentsGravity = .center
        #expect(layer.needsDisplay())
        layer.display()
        layer.contents = layer.contents
        #expect(!layer.needsDisplay(), "the same image again changes nothing")
    }

    @Test func drawInContextGoesOverTheImageAndTheGradient() throws {
        final class MarkedGradient: CAGradientLayer {
            override func draw(in ctx: CGContext) {
                ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
                ctx.fill(CGRect(x: 45, y: 48, width: 10, height: 10))
            }
        }
        let layer = MarkedGradient()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        layer.contents = Self.stripe()
        layer.contentsGravity = .center
        let image = try Self.displayed(layer)
        expectPixel(image, 50, 50, Self.white, tolerance: 0, "the drawing")
        expectPixel(image, 42, 50, Self.green, tolerance: 0, "the image")
        #expect(Self.isGradient(image.pixel(x: 50, y: 20)), "the gradient, though draw(in:) does not call super")
    }

    @Test func aDelegateDisplayThatSetsTheContentsKeepsTheGradientBeneath() throws {
        final class Setter: CALayerDelegate {
            let image = GradientContentsTests.stripe()
            func display(_ layer: CALayer) { layer.contents = image }
        }
        let setter = Setter()
        let layer = Self.gradient {
            $0.delegate = setter
            $0.contentsGravity = .center
        }
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let image = try #require(layer.state.contents)
        #expect(layer.contents as? CGImage === setter.image)
        expectPixel(image, 50, 50, Self.green, tolerance: 0)
        #expect(Self.isGradient(image.pixel(x: 50, y: 20)))
        #expect(!layer.needsDisplay())
    }

    @Test func assigningAnImageToACommittedLayerCrossFadesFromWhatWasShown() throws {
        let layer = Self.gradient()
        LayerTest.commitWithoutActions { layer.position = CGPoint(x: 50, y: 50) }
        let shown = try #require(layer.state.contents)
        let image = Self.stripe()
        LayerTest.commitNow { layer.contents = image }
        let fade = try #require(layer.animation(forKey: "contents") as? CABasicAnimation)
        #expect(fade.fromValue as? CGImage === shown)
        #expect(layer.contents as? CGImage === image)
        #expect(layer.state.contents !== shown && layer.state.contents?.fillsBounds == true)
        #expect(layer.presentation()?.contents as? CGImage === image)
    }
}
