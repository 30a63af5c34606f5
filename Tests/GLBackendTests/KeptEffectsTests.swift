import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// Masks, content shadows and filters kept between frames (FrameBuilder+CachedEffects): a
/// masked, shadowed or filtered layer whose content stays the same is drawn once into a bitmap
/// in its own space and then composited from it, however it moves; one whose content changes
/// every frame is drawn directly, as before.
@Suite struct KeptEffectsTests {
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let black = CGColor(gray: 0, alpha: 1)

    /// A white 120x120 root, paused at time 0 by a manual clock, holding a 40x40 blue square at
    /// (40, 40) that `configure` gives its effect.
    func scene(_ configure: (CALayer) -> Void) -> (clock: ManualClock, layer: CALayer) {
        let root = whiteRoot(120, 120)
        let layer = solidLayer(CGRect(x: 40, y: 40, width: 40, height: 40), blue)
        configure(layer)
        root.addSublayer(layer)
        return (ManualClock(root, at: 0), layer)
    }

    /// Masks `layer` to the circle inscribed in its bounds.
    func maskToCircle(_ layer: CALayer) {
        let circle = CAShapeLayer()
        circle.frame = layer.bounds
        circle.path = CGPath(ellipseIn: layer.bounds, transform: nil)
        layer.mask = circle
    }

    /// Gives `layer` a black shadow, radius 4, offset 6 down.
    func castShadow(_ layer: CALayer) {
        layer.shadowOpacity = 1
        layer.shadowRadius = 4
        layer.shadowOffset = CGSize(width: 0, height: 6)
        layer.shadowColor = black
    }

    /// Adds a turn of `layer` from 0 to a half turn over 1 s, linear, and commits it.
    func turn(_ layer: CALayer) {
        layer.add(basic("transform.rotation.z", from: 0, to: Double.pi, duration: 1), forKey: "turn")
        CATransaction.flush()
    }

    /// `configure`'s scene turning (`turn`), drawn once at 0.25 s by a new renderer; the clock
    /// and the renderer.
    func firstTurningFrame(_ configure: (CALayer) -> Void) throws -> (ManualClock, OffscreenRenderer) {
        let (clock, layer) = scene(configure)
        turn(layer)
        let renderer = try OffscreenRenderer(width: 120, height: 120)
        clock.seek(to: 0.25)
        _ = try renderer.render(clock.layer)
        return (clock, renderer)
    }

    /// The same scene drawn directly: `configure`'s layer still at `angle`, with an invisible
    /// sublayer whose colour animates, so that an animation changes its content every frame.
    func drawnDirectly(at angle: CGFloat, _ configure: (CALayer) -> Void) throws -> RenderedImage {
        let (clock, _) = scene { layer in
            configure(layer)
            layer.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
            let invisible = solidLayer(layer.bounds, black)
            invisible.opacity = 0
            invisible.add(basic("backgroundColor", from: black, to: blue, duration: 1), forKey: "tint")
            layer.addSublayer(invisible)
        }
        let renderer = try OffscreenRenderer(width: 120, height: 120)
        clock.seek(to: 0.5)
        let image = try renderer.render(clock.layer)
        #expect(renderer.statistics.rasterCacheMisses == 0 && renderer.statistics.rasterCacheHits == 0)
        return image
    }

    @Test func aTurningMaskedLayerIsMaskedOnceThenDrawnFromItsBitmap() throws {
        let (clock, renderer) = try firstTurningFrame(maskToCircle)
        #expect(renderer.statistics.rasterCacheMisses == 1 && renderer.statistics.maskedGroups == 1)
        #expect(renderer.statistics.rasterCacheBytes == 40 * 40 * 8)
        clock.seek(to: 0.5)
        let quarter = try renderer.render(clock.layer)
        #expect(renderer.statistics.rasterCacheHits == 1 && renderer.statistics.rasterCacheMisses == 0)
        #expect(renderer.statistics.maskedGroups == 0 && renderer.statistics.groups == 0)
        // A quarter turn about the square's centre puts the bitmap's pixels on the window's:
        // the picture is the one drawn directly.
        #expect(largestDifference(quarter, try drawnDirectly(at: .pi / 2, maskToCircle)) <= 1)
        expectPixel(quarter, 60, 60, (0, 0, 255, 255))
        expectPixel(quarter, 42, 42, (255, 255, 255, 255), "outside the circle")
        // At any other angle the bitmap is resampled: the edge pixels differ a little.
        clock.seek(to: 0.3)
        let turned = try renderer.render(clock.layer)
        #expect(renderer.statistics.rasterCacheHits == 1)
        let direct = try drawnDirectly(at: 0.3 * .pi, maskToCircle)
        #expect(meanDifference(turned, direct) < 0.5)
        expectPixel(turned, 60, 60, (0, 0, 255, 255))
    }

    @Test func aTurningShadowedLayerKeepsItsBlurredShadow() throws {
        let (clock, renderer) = try firstTurningFrame(castShadow)
        #expect(renderer.statistics.rasterCacheMisses == 1 && renderer.statistics.shadows == 1)
        // The bitmap holds the square and its shadow: the square moved 6 down and grown by
        // 3σ + 2 = 14 each side, with the square itself: 68 x 68 pixels.
        #expect(renderer.statistics.rasterCacheBytes == 68 * 68 * 8)
        clock.seek(to: 0.5)
        let quarter = try renderer.render(clock.layer)
        #expect(renderer.statistics.rasterCacheHits == 1 && renderer.statistics.shadows == 0)
        #expect(renderer.statistics.filterPasses == 0, "no blur pass")
        let direct = try drawnDirectly(at: .pi / 2, castShadow)
        #expect(largestDifference(quarter, direct) <= 3)
        // Turned a quarter, the offset (in the layer's space) points left: 2 px left of the
        // square the shadow is dark; 2 px right of it, 8 px past the shadow's edge, it is
        // nearly gone (½·erfc(8 / 4√2) = 2.4 %).
        #expect(quarter.pixel(x: 38, y: 60).r < 160)
        #expect(quarter.pixel(x: 82, y: 60).r > 245)
    }

    /// Blurs `layer` by a Gaussian blur of radius 4, then halves its saturation.
    func blurAndDesaturate(_ layer: CALayer) {
        let blur = CAFilter(type: .gaussianBlur)
        blur.setValue(4, forKey: "inputRadius")
        let saturation = CAFilter(type: .colorSaturate)
        saturation.setValue(0.5, forKey: "inputAmount")
        layer.filters = [blur, saturation]
    }

    @Test func aTurningBlurredLayerIsBlurredOnceThenDrawnFromItsBitmap() throws {
        let (clock, renderer) = try firstTurningFrame(blurAndDesaturate)
        #expect(renderer.statistics.rasterCacheMisses == 1 && renderer.statistics.filterPasses > 0)
        // The square grown by the blur's reach, 3σ + 4 = 16 each side: 72 x 72 pixels.
        #expect(renderer.statistics.rasterCacheBytes == 72 * 72 * 8)
        clock.seek(to: 0.5)
        let quarter = try renderer.render(clock.layer)
        #expect(renderer.statistics.rasterCacheHits == 1 && renderer.statistics.rasterCacheMisses == 0)
        #expect(renderer.statistics.filterPasses == 0 && renderer.statistics.groups == 0, "no blur pass")
        #expect(largestDifference(quarter, try drawnDirectly(at: .pi / 2, blurAndDesaturate)) <= 2)
        // Half saturated, the blue is (0.0361, 0.0361, 0.5361) of 255 at the centre (the
        // blur leaves it whole 20 px from the edges), and the blur fades it out past them.
        expectPixel(quarter, 60, 60, (9, 9, 137, 255), tolerance: 2)
        #expect(quarter.pixel(x: 39, y: 60).r > 60 && quarter.pixel(x: 39, y: 60).r < 200, "blurred across the edge")
        clock.seek(to: 0.3)
        let turned = try renderer.render(clock.layer)
        #expect(renderer.statistics.rasterCacheHits == 1)
        #expect(meanDifference(turned, try drawnDirectly(at: 0.3 * .pi, blurAndDesaturate)) < 0.5)
    }

    @Test func aBlurIsKeptOnlyWhereTheBitmapsPixelsAreTheScreens() throws {
        // Scaled by 1.1 (a bitmap at 2^(1/4) ≈ 1.19 a unit would blur 8 % less on screen), or
        // blurred wider than a quarter of the window (the window caps the blur, a bitmap would
        // not): drawn directly, blurred every frame.
        for configure in [
            { (layer: CALayer) in
                self.blurAndDesaturate(layer)
                layer.transform = CATransform3DMakeScale(1.1, 1.1, 1)
            },
            { (layer: CALayer) in
                let blur = CAFilter(type: .gaussianBlur)
                blur.setValue(40, forKey: "inputRadius")
                layer.filters = [blur]
            },
        ] {
            let (clock, _) = scene(configure)
            let renderer = try OffscreenRenderer(width: 120, height: 120)
            for time in [0.2, 0.4] {
                clock.seek(to: time)
                _ = try renderer.render(clock.layer)
                #expect(renderer.statistics.rasterCacheMisses == 0 && renderer.statistics.rasterCacheHits == 0)
                #expect(renderer.statistics.filterPasses > 0)
            }
        }
        // A colour filter alone is the same in any space: kept at any scale.
        let (clock, _) = scene { layer in
            let saturation = CAFilter(type: .colorSaturate)
            saturation.setValue(0, forKey: "inputAmount")
            layer.filters = [saturation]
            layer.transform = CATransform3DMakeScale(1.1, 1.1, 1)
        }
        let renderer = try OffscreenRenderer(width: 120, height: 120)
        _ = try renderer.render(clock.layer)
        #expect(renderer.statistics.rasterCacheMisses == 1)
        let image = try renderer.render(clock.layer)
        #expect(renderer.statistics.rasterCacheHits == 1 && renderer.statistics.filterPasses == 0)
        expectPixel(image, 60, 60, (18, 18, 18, 255), tolerance: 1, "blue's luminance, 0.0722")
    }

    @Test func aLayerWhoseContentAnimatesIsDrawnDirectlyEveryFrame() throws {
        let (clock, layer) = scene { layer in
            self.maskToCircle(layer)
            self.castShadow(layer)
        }
        let inner = solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20), black)
        layer.addSublayer(inner)
        inner.add(basic("opacity", from: 1, to: 0, duration: 1), forKey: "fade")
        CATransaction.flush()
        let renderer = try OffscreenRenderer(width: 120, height: 120)
        for time in [0.2, 0.4, 0.6] {
            clock.seek(to: time)
            let image = try renderer.render(clock.layer)
            #expect(renderer.statistics.rasterCacheMisses == 0 && renderer.statistics.rasterCacheHits == 0)
            #expect(renderer.statistics.maskedGroups == 1 && renderer.statistics.shadows == 1)
            // The black square fading out over the blue one.
            expectPixel(image, 60, 60, (0, 0, UInt8((255 * time).rounded()), 255), tolerance: 2, "t = \(time)")
        }
    }

    @Test func aGrowingLayerKeepsItsBitmapForAQuarterOctaveOfScales() throws {
        let (clock, layer) = scene(maskToCircle)
        layer.add(basic("transform.scale", from: 1, to: 1.5, duration: 1), forKey: "grow")
        CATransaction.flush()
        let renderer = try OffscreenRenderer(width: 120, height: 120)
        // Scales 1.02, 1.04, 1.06 and 1.18 share the bitmap at 2^(1/4) ≈ 1.189; 1.2 needs the next step.
        for (time, misses) in [(0.04, 1), (0.08, 0), (0.12, 0), (0.36, 0), (0.4, 1)] {
            clock.seek(to: time)
            _ = try renderer.render(clock.layer)
            #expect(renderer.statistics.rasterCacheMisses == misses, "t = \(time)")
        }
        #expect(renderer.statistics.rasterCacheBytes == 57 * 57 * 8, "40 × 2^(2/4) = 56.6, rounded up")
    }

    @Test func layersThatNeedWhatLiesBehindThemOrOutgrowTheWindowAreDrawnDirectly() throws {
        let (clock, layer) = scene { layer in
            self.maskToCircle(layer)
            layer.compositingFilter = "multiplyBlendMode"
        }
        let big = solidLayer(CGRect(x: -20, y: -20, width: 160, height: 160), blue)
        castShadow(big)
        clock.layer.insertSublayer(big, at: 0)
        turn(layer)
        let renderer = try OffscreenRenderer(width: 120, height: 120)
        for time in [0.2, 0.4] {
            clock.seek(to: time)
            _ = try renderer.render(clock.layer)
            #expect(renderer.statistics.rasterCacheMisses == 0 && renderer.statistics.rasterCacheHits == 0)
            #expect(renderer.statistics.maskedGroups == 1 && renderer.statistics.shadows == 1)
        }
    }

    @Test func theBitmapScaleIsTheScreenScaleRoundedUpToAQuarterOctave() {
        #expect(FrameBuilder.bitmapScale(1) == 1)
        #expect(FrameBuilder.bitmapScale(1.005) == 1, "within 1 % stays")
        #expect(isClose(FrameBuilder.bitmapScale(1.02), exp2(0.25)))
        #expect(FrameBuilder.bitmapScale(0.5) == 0.5)
        #expect(isClose(FrameBuilder.bitmapScale(0.7), exp2(-0.5)))
        #expect(isClose(FrameBuilder.bitmapScale(3), 2 * exp2(0.75)))
        #expect(FrameBuilder.bitmapScale(0) == 0)
        #expect(FrameBuilder.bitmapScale(.nan) == 0)
        #expect(FrameBuilder.bitmapScale(.infinity) == 0)
    }
}
