import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// Shadows through the headless renderer: black shadows (opacity 1) on a white root, so that a
/// pixel's shade is 255 × (1 − the shadow's alpha there). `shadowRadius` r blurs by σ = r, cut
/// at 2r, so a straight edge's shadow has nearly the alpha ½·erfc(d / (r√2)) at d past the
/// offset edge, and none from about 2r on.
@Suite struct ShadowTests {
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let white: Pixel = (255, 255, 255, 255)
    let black: Pixel = (0, 0, 0, 255)

    /// A layer at `frame` casting a black shadow of opacity 1.
    func caster(_ frame: CGRect, radius: CGFloat, offset: CGSize = .zero, color: CGColor? = nil) -> CALayer {
        let layer = solidLayer(frame, color ?? blue)
        layer.shadowOpacity = 1
        layer.shadowRadius = radius
        layer.shadowOffset = offset
        return layer
    }

    /// The shade (0...255) of a white pixel under a black shadow of alpha ½·erfc(d / (r√2)),
    /// d being the distance of the pixel's centre past the shadow's edge.
    func shade(distance d: Double, radius r: Double) -> Int {
        Int((255 * (1 - 0.5 * erfc(d / (r * 2.0.squareRoot())))).rounded())
    }

    func scene(_ width: CGFloat, _ height: CGFloat, _ layers: CALayer...) -> CALayer {
        let root = whiteRoot(width, height)
        for layer in layers { root.addSublayer(layer) }
        return root
    }

    @Test func radiusFiveIsPaintedNinePixelsPastTheEdgeAndGoneByTwelve() throws {
        // A 40x120 layer whose right edge is at x = 60; its shadow is measured along row 70.
        let root = scene(120, 140, caster(CGRect(x: 20, y: 10, width: 40, height: 120), radius: 5))
        let image = try render(root)
        for d in 0...8 {
            let expected = UInt8(shade(distance: Double(d) + 0.5, radius: 5))
            expectPixel(image, 60 + d, 70, (expected, expected, expected, 255), tolerance: 4, "\(d) px past the edge")
        }
        // Painted at 9 px; nothing from 12 px (2 × shadowRadius and a pixel or two: GNUstep's
        // suite, measured on Apple's QuartzCore), where a Gaussian uncut would still shade 253.
        #expect(image.pixel(x: 69, y: 70).r <= 252)
        for d in 12...20 { expectPixel(image, 60 + d, 70, white, tolerance: 0, "\(d) px past the edge") }
        try image.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory() + "shadow-radius5.png"))
    }

    @Test func radiusZeroIsAHardShadow() throws {
        let root = scene(
            100, 100,
            caster(CGRect(x: 20, y: 20, width: 40, height: 40), radius: 0, offset: CGSize(width: 10, height: 10)))
        let image = try render(root)
        expectPixel(image, 40, 40, opaque(blue), tolerance: 0)
        expectPixel(image, 65, 65, black, tolerance: 0)
        expectPixel(image, 69, 69, black, tolerance: 0)
        expectPixel(image, 70, 65, white, tolerance: 0)
        expectPixel(image, 65, 70, white, tolerance: 0)
        expectPixel(image, 25, 65, white, tolerance: 0, "the shadow starts at x = 30")
    }

    @Test func theOffsetIsInTheLayersSpaceSoTheDefaultCastsUpward() throws {
        let layer = solidLayer(CGRect(x: 30, y: 30, width: 40, height: 40), blue)
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        #expect(layer.shadowOffset == CGSize(width: 0, height: -3))
        let image = try render(scene(100, 100, layer))
        expectPixel(image, 50, 28, black, tolerance: 0, "(0, −3) casts 3 px up")
        expectPixel(image, 50, 26, white, tolerance: 0)
        expectPixel(image, 50, 70, white, tolerance: 0, "nothing below")
        // Under a geometry-flipped superlayer +y is up on screen, and the same offset casts down.
        let flipped = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        flipped.isGeometryFlipped = true
        let inner = solidLayer(CGRect(x: 30, y: 30, width: 40, height: 40), blue)
        inner.shadowOpacity = 1
        inner.shadowRadius = 0
        flipped.addSublayer(inner)
        let down = try render(scene(100, 100, flipped))
        expectPixel(down, 50, 71, black, tolerance: 0)
        expectPixel(down, 50, 28, white, tolerance: 0)
    }

    @Test func aSublayerStickingOutCastsToo() throws {
        let layer = caster(CGRect(x: 20, y: 20, width: 40, height: 20), radius: 0, offset: CGSize(width: 0, height: 30))
        layer.addSublayer(solidLayer(CGRect(x: 40, y: 0, width: 20, height: 20), red))
        let image = try render(scene(100, 100, layer))
        expectPixel(image, 70, 30, opaque(red), tolerance: 0)
        expectPixel(image, 30, 55, black, tolerance: 0, "the layer's own shadow")
        expectPixel(image, 70, 55, black, tolerance: 0, "the sublayer's shadow, outside the layer")
        expectPixel(image, 85, 55, white, tolerance: 0)
        expectPixel(image, 70, 45, white, tolerance: 0)
    }

    @Test func aLayerDrawingNothingCastsNothing() throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        layer.shadowOffset = CGSize(width: 5, height: 5)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let image = try renderer.render(scene(100, 100, layer))
        expectPixel(image, 40, 40, white, tolerance: 0)
        expectPixel(image, 62, 62, white, tolerance: 0)
        #expect(renderer.statistics.shadows == 0)
    }

    @Test func aShadowPathIsFilledWithoutDrawingTheLayerOffscreen() throws {
        // The path covers the layer's left half; offset 30 to the right it lands at x 50..<70.
        let layer = caster(CGRect(x: 20, y: 20, width: 40, height: 40), radius: 0, offset: CGSize(width: 30, height: 0))
        layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 40), transform: nil)
        let root = scene(100, 100, layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let image = try renderer.render(root)
        expectPixel(image, 40, 40, opaque(blue), tolerance: 0)
        expectPixel(image, 65, 40, black, tolerance: 0)
        expectPixel(image, 69, 59, black, tolerance: 0)
        expectPixel(image, 70, 40, white, tolerance: 0)
        expectPixel(image, 65, 61, white, tolerance: 0)
        #expect(renderer.statistics.shadows == 1 && renderer.statistics.groups == 0)
        #expect(try renderer.render(root) == image)
        #expect(renderer.statistics.shadowCacheHits == 1)
    }

    @Test func aBlurredShadowPathFollowsTheErrorFunction() throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 20, y: 10, width: 40, height: 120)
        layer.shadowOpacity = 1
        layer.shadowRadius = 5
        layer.shadowOffset = .zero
        layer.shadowPath = CGPath(rect: layer.bounds, transform: nil)
        let image = try render(scene(120, 140, layer))
        for d in [-3, 0, 4, 9, 12] {
            let expected = UInt8(shade(distance: Double(d) + 0.5, radius: 5))
            expectPixel(image, 60 + d, 70, (expected, expected, expected, 255), tolerance: 3, "\(d) px past the edge")
        }
    }

    @Test func aRoundedBackgroundCastsARoundedShadowClippedByMasksToBounds() throws {
        let layer = caster(
            CGRect(x: 20, y: 20, width: 40, height: 40), radius: 0, offset: CGSize(width: 10, height: 10))
        layer.cornerRadius = 20
        var image = try render(scene(100, 100, layer))
        expectPixel(image, 62, 55, black, tolerance: 0, "inside the offset circle, outside the layer's")
        expectPixel(image, 67, 67, white, tolerance: 0, "outside the offset circle")
        // masksToBounds clips the shadow to the layer's own rounded shape, as Core Animation does.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.masksToBounds = true
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        CATransaction.commit()
        image = try render(scene(100, 100, layer))
        expectPixel(image, 62, 55, white, tolerance: 0, "outside the layer")
        // The translucent background casts a half shadow: half blue over 50 % grey.
        expectPixel(image, 50, 50, (64, 64, 191, 255), tolerance: 2, "half blue over the half shadow")
        expectPixel(image, 30, 40, (128, 128, 255, 255), tolerance: 2, "half blue over white")
    }

    @Test func aMaskCutsTheShadowToo() throws {
        // The mask comes after the shadow in Core Animation's compositing order: a shadow
        // falling outside the mask is not seen.
        let layer = caster(CGRect(x: 20, y: 20, width: 40, height: 40), radius: 0, offset: CGSize(width: 30, height: 0))
        let mask = solidLayer(CGRect(x: 0, y: 0, width: 50, height: 40), CGColor(gray: 0, alpha: 1))
        layer.mask = mask
        let image = try render(scene(100, 100, layer))
        expectPixel(image, 40, 40, opaque(blue), tolerance: 0)
        expectPixel(image, 65, 40, black, tolerance: 0, "inside the mask (layer x < 50)")
        expectPixel(image, 75, 40, white, tolerance: 0, "outside the mask")
    }

    @Test func theLayersOpacityAppliesToItsShadow() throws {
        let layer = caster(CGRect(x: 20, y: 20, width: 40, height: 40), radius: 0, offset: CGSize(width: 30, height: 0))
        layer.opacity = 0.5
        let image = try render(scene(100, 100, layer))
        expectPixel(image, 80, 40, (128, 128, 128, 255), tolerance: 2)
    }

    @Test func shadowOpacityAndOffsetAnimateOnTheRenderSide() throws {
        let clock = ManualClock(whiteRoot(100, 100), at: 0)
        let layer = caster(CGRect(x: 20, y: 20, width: 40, height: 40), radius: 0)
        clock.layer.addSublayer(layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        _ = try renderer.render(clock.layer)
        let fade = basic("shadowOpacity", from: 0, to: 1, duration: 4)
        let move = basic(
            "shadowOffset", from: CGSize(width: 0, height: 0), to: CGSize(width: 20, height: 0), duration: 4)
        layer.add(fade, forKey: "fade")
        layer.add(move, forKey: "move")
        CATransaction.flush()
        clock.seek(to: 2)
        let image = try renderer.render(clock.layer)
        // Opacity 0.5, offset (10, 0): the shadow covers x 30..<70.
        expectPixel(image, 65, 40, (128, 128, 128, 255), tolerance: 2)
        expectPixel(image, 71, 40, white, tolerance: 0)
        clock.seek(to: 3)
        let later = try renderer.render(clock.layer)
        // Opacity 0.75, offset (15, 0): x 35..<75.
        expectPixel(later, 72, 40, (64, 64, 64, 255), tolerance: 2)
        expectPixel(later, 76, 40, white, tolerance: 0)
    }

    @Test func shadowColorAndRadiusAnimateOnTheRenderSide() throws {
        let clock = ManualClock(whiteRoot(120, 140), at: 0)
        let layer = caster(CGRect(x: 20, y: 10, width: 40, height: 120), radius: 0)
        clock.layer.addSublayer(layer)
        let renderer = try OffscreenRenderer(width: 120, height: 140)
        _ = try renderer.render(clock.layer)
        let tint = basic(
            "shadowColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
            to: CGColor(red: 0, green: 0, blue: 1, alpha: 1), duration: 4)
        let blur = basic("shadowRadius", from: 0, to: 10, duration: 4)
        layer.add(tint, forKey: "tint")
        layer.add(blur, forKey: "blur")
        CATransaction.flush()
        clock.seek(to: 2)
        let image = try renderer.render(clock.layer)
        // Colour (0.5, 0, 0.5), radius 5: at the edge's pixel centre 0.5 px out the shadow's
        // alpha is ½·erfc(0.5 / (5√2)) = 0.46, so red and blue are 255 − 0.46·127.5 and green
        // 255 − 0.46·255.
        let a = 0.5 * erfc(0.5 / (5 * 2.0.squareRoot()))
        let redBlue = UInt8((255 - a * 127.5).rounded())
        let green = UInt8((255 - a * 255).rounded())
        expectPixel(image, 60, 70, (redBlue, green, redBlue, 255), tolerance: 3)
        #expect(image.pixel(x: 69, y: 70).g <= 250, "blurred by radius 5: still painted 9 px out")
        #expect(image.pixel(x: 72, y: 70).g >= 252, "and gone by 12")
    }

    @Test func aShadowPathAnimatesOnTheRenderSideAndIsBlurredAgainEachFrameUntilItEnds() throws {
        // A layer drawing nothing at (20, 20), its shadow path growing from 20x20 to 60x20 over 4 s.
        let layer = CALayer()
        layer.frame = CGRect(x: 20, y: 20, width: 80, height: 40)
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        layer.shadowOffset = .zero
        layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        let clock = ManualClock(whiteRoot(120, 60), at: 0) { $0.addSublayer(layer) }
        let renderer = try OffscreenRenderer(width: 120, height: 60)
        _ = try renderer.render(clock.layer)
        layer.add(
            basic(
                "shadowPath", from: layer.shadowPath,
                to: CGPath(rect: CGRect(x: 0, y: 0, width: 60, height: 20), transform: nil), duration: 4),
            forKey: "grow")
        CATransaction.flush()
        for (time, width) in [(2.0, 40), (3.0, 50)] {
            clock.seek(to: time)
            let image = try renderer.render(clock.layer)
            // The shadow covers window x 20..<20 + width, y 20..<40.
            expectPixel(image, 20, 20, black, tolerance: 0, "at \(time) s")
            expectPixel(image, 19 + width, 39, black, tolerance: 0, "at \(time) s")
            expectPixel(image, 20 + width, 30, white, tolerance: 0, "at \(time) s")
            expectPixel(image, 30, 40, white, tolerance: 0, "at \(time) s")
            #expect(renderer.statistics.shadows == 1 && renderer.statistics.shadowCacheHits == 0, "at \(time) s")
        }
        // Once it has ended, the model's 20x20 path is shown and blurred once, then reused.
        clock.seek(to: 5)
        let ended = try renderer.render(clock.layer)
        expectPixel(ended, 39, 39, black, tolerance: 0)
        expectPixel(ended, 40, 30, white, tolerance: 0)
        #expect(renderer.statistics.shadowCacheHits == 0)
        clock.seek(to: 6)
        #expect(try renderer.render(clock.layer) == ended)
        #expect(renderer.statistics.shadows == 1 && renderer.statistics.shadowCacheHits == 1)
    }

    @Test func aStillShadowIsDrawnFromItsKeptBitmapUntilASublayerChanges() throws {
        let layer = caster(CGRect(x: 20, y: 20, width: 40, height: 40), radius: 4, offset: CGSize(width: 5, height: 5))
        let sublayer = solidLayer(CGRect(x: 30, y: 30, width: 20, height: 20), red)
        layer.addSublayer(sublayer)
        let root = scene(100, 100, layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let first = try renderer.render(root)
        #expect(renderer.statistics.shadows == 1 && renderer.statistics.rasterCacheMisses == 1)
        let second = try renderer.render(root)
        // The layer, its sublayer and its shadow come from the bitmap kept of them: one quad,
        // no offscreen pass, no blur.
        #expect(renderer.statistics.rasterCacheHits == 1 && renderer.statistics.shadows == 0)
        #expect(renderer.statistics.filterPasses == 0 && renderer.statistics.groups == 0)
        #expect(second == first)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        sublayer.position.x += 15
        CATransaction.commit()
        let moved = try renderer.render(root)
        #expect(renderer.statistics.rasterCacheMisses == 1 && renderer.statistics.shadows == 1, "the subtree changed")
        // The moved sublayer covers window x 65..<85; its shadow reaches x 90, blurred by 4.
        #expect(moved.pixel(x: 87, y: 65).r < 100, "the moved sublayer's shadow")
        // Where the sublayer was (outside the layer), grey shadow only: the reused offscreen
        // target was cleared where the last frame drew.
        let before = moved.pixel(x: 62, y: 52)
        #expect(before.r == before.g && before.g == before.b && before.r < 255, "\(before)")
        _ = try renderer.render(root)
        #expect(renderer.statistics.rasterCacheHits == 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.shadowOpacity = 0
        CATransaction.commit()
        _ = try renderer.render(root)
        #expect(renderer.statistics.shadows == 0 && renderer.statistics.rasterCacheMisses == 0)
        #expect(renderer.statistics.rasterCacheBytes == 0, "no bitmap kept without a shadow")
    }

    @Test func aStillShadowDrawnDirectlyIsBlurredOnceThenDrawnFromTheShadowCache() throws {
        // Larger than the window, the layer is not kept as a bitmap: it is drawn directly.
        let layer = caster(
            CGRect(x: -10, y: 20, width: 120, height: 40), radius: 4, offset: CGSize(width: 0, height: 5))
        let root = scene(100, 100, layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let first = try renderer.render(root)
        #expect(renderer.statistics.shadows == 1 && renderer.statistics.shadowCacheHits == 0)
        #expect(renderer.statistics.rasterCacheMisses == 0)
        let calls = renderer.statistics.drawCalls
        let second = try renderer.render(root)
        #expect(renderer.statistics.shadowCacheHits == 1 && renderer.statistics.filterPasses == 0)
        #expect(renderer.statistics.drawCalls < calls, "no blur passes")
        #expect(second == first)
        #expect(first.pixel(x: 50, y: 62).r < 200, "the shadow 2 px below the layer")
    }

    @Test func cardsOfOneShadowPathShareOneBlurredShadow() throws {
        let cards = (0..<6).map { index in
            let card = caster(
                CGRect(x: 10 + CGFloat(index % 3) * 45, y: 10 + CGFloat(index / 3) * 45, width: 30, height: 30),
                radius: 3, offset: CGSize(width: 0, height: 2))
            card.cornerRadius = 6
            card.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 6, cornerHeight: 6, transform: nil)
            return card
        }
        let root = whiteRoot(150, 100)
        for card in cards { root.addSublayer(card) }
        let renderer = try OffscreenRenderer(width: 150, height: 100)
        let first = try renderer.render(root)
        #expect(renderer.statistics.shadows == 6 && renderer.statistics.cachedShadows == 1)
        #expect(renderer.statistics.shadowCacheHits == 5)
        // Each card's shadow is the same: the pixel 2 px below each is the same shade.
        let shades = cards.map { first.pixel(x: Int($0.frame.midX), y: Int($0.frame.maxY) + 2).r }
        #expect(Set(shades).count == 1 && shades[0] < 200)
    }

    /// A card with an opaque background draws its `shadowPath` shadow around what the background
    /// paints over next, not under it: the same pixels, fewer of them drawn twice.
    @Test func aShadowUnderAnOpaqueBackgroundIsNotDrawnWhereTheBackgroundCovers() throws {
        let card = caster(CGRect(x: 20, y: 20, width: 60, height: 40), radius: 4, offset: CGSize(width: 0, height: 3))
        card.cornerRadius = 8
        card.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 8, cornerHeight: 8, transform: nil)
        let root = scene(100, 100, card)
        var tree = RenderTree()
        var builder = CommitBuilder()
        builder.encodeWhole(root, markingCommitted: false)
        tree.apply(builder.finish())
        let list = FrameBuilder.build(tree, root: root.layerID, width: 100, height: 100)
        let holes = list.commands.compactMap { command -> SIMD4<Float>? in
            if case .drawShadow(let shadow) = command { shadow.hole } else { nil }
        }
        // The bounds inset by 1.53 corner radii and a unit, moved back by the offset.
        let inset = Float(8 * 1.53 + 1)
        #expect(holes == [SIMD4(inset, inset - 3, 60 - 2 * inset, 40 - 2 * inset)])
        var whole = list
        whole.commands = list.commands.map { command in
            guard case .drawShadow(var shadow) = command else { return command }
            shadow.hole = nil
            return .drawShadow(shadow)
        }
        let canvas = TestCanvas(width: 100, height: 100)
        let holed = try canvas.render(list)
        let drawnWhole = try canvas.render(whole)
        // The strips sample the blurred alpha where the whole quad did, up to the rasteriser's
        // rounding of their texture coordinates.
        let largest = largestDifference(holed, drawnWhole)
        #expect(largest <= 1, "largest difference \(largest)")
        expectPixel(holed, 50, 40, opaque(blue), tolerance: 0)
        #expect(holed.pixel(x: 50, y: 63).r < 200, "the shadow below the card")
    }

    @Test func theShadowsOfLayersNoLongerDrawnAreDropped() throws {
        let first = caster(CGRect(x: 10, y: 10, width: 30, height: 30), radius: 3)
        let second = caster(CGRect(x: 50, y: 50, width: 30, height: 30), radius: 3, color: red)
        second.shadowPath = CGPath(rect: second.bounds, transform: nil)
        let root = scene(100, 100, first, second)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        _ = try renderer.render(root)
        #expect(renderer.statistics.shadows == 2 && renderer.statistics.cachedShadows == 2)
        #expect(renderer.statistics.rasterCacheMisses == 1, "the first's content shadow is kept in a bitmap")
        second.removeFromSuperlayer()
        CATransaction.flush()
        _ = try renderer.render(root)
        // The first layer comes whole from its bitmap: no shadow is drawn, none is kept.
        #expect(renderer.statistics.shadows == 0 && renderer.statistics.cachedShadows == 0)
        #expect(renderer.statistics.rasterCacheHits == 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        first.isHidden = true
        CATransaction.commit()
        _ = try renderer.render(root)
        #expect(renderer.statistics.shadows == 0 && renderer.statistics.rasterCacheBytes == 0)
    }

    @Test func unusableShadowValuesDrawAFrame() throws {
        // The model refuses NaN and infinite values (keeping the old one, logged); what gets
        // through, and what an animation produces, the render side makes drawable.
        let cases: [(CALayer) -> Void] = [
            { $0.shadowRadius = .nan },
            { $0.shadowRadius = -4 },
            { $0.shadowRadius = 1e12 },
            { $0.shadowOffset = CGSize(width: CGFloat.nan, height: 3) },
            { $0.shadowOffset = CGSize(width: 1e30, height: -1e30) },
            { $0.shadowOpacity = 1e30 },
            { $0.shadowPath = CGMutablePath() },
            { $0.shadowPath = CGPath(rect: CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9), transform: nil) },
            {
                $0.shadowRadius = 1e12
                $0.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
            },
        ]
        for configure in cases {
            let layer = caster(CGRect(x: 20, y: 20, width: 40, height: 40), radius: 3)
            configure(layer)
            let image = try render(scene(100, 100, layer))
            expectPixel(image, 40, 40, opaque(blue), tolerance: 0)
        }
        // A negative radius is a hard shadow.
        let negative = caster(
            CGRect(x: 20, y: 20, width: 40, height: 40), radius: -4, offset: CGSize(width: 10, height: 0))
        expectPixel(try render(scene(100, 100, negative)), 69, 40, black, tolerance: 0)
        expectPixel(try render(scene(100, 100, negative)), 70, 40, white, tolerance: 0)
    }

    @Test func aContentShadowWhoseDrawingLiesFarOffTheFrameDrawsAFrame() throws {
        // A layer far off the frame: the box of its drawing is beyond what a whole number of
        // pixels can count (found by the random-program property test at 1,500 cases).
        let canvas = TestCanvas(width: 64, height: 48)
        let surface = try HeadlessSurface(width: 64, height: 48)
        let key = ShadowKey(version: 1, path: nil, transform: .zero, alpha: 1, sigma: 2, scale: 1)
        for bounds in [SIMD4<Float>(1e30, 1e30, 10, 10), SIMD4(-1e30, -1e30, 10, 10), SIMD4(-3e38, 0, 3e38, 3e38)] {
            let shadow = ContentShadow(
                layer: LayerID.next(), key: key, color: SIMD4(0, 0, 0, 1), sigma: 2, offset: .zero, clip: nil)
            let list = canvas.list(
                [canvas.rect(x: 8, y: 8, w: 16, h: 16, color: SIMD4(0, 0, 1, 1))],
                [.beginShadow(shadow), batch(0, 1), .endShadow(bounds: bounds)])
            let image = try surface.render(list)
            expectPixel(image, 4, 4, (255, 255, 255, 255), "\(bounds)")
        }
    }
}

extension ShadowTests {
    /// The shadow cache keeps at most its budget of textures: past it a shadow is drawn all the
    /// same, made again each frame, and the budget is reported once.
    @Test func shadowsPastTheCacheBudgetAreDrawnButNotKept() throws {
        let first = caster(CGRect(x: 10, y: 10, width: 30, height: 30), radius: 3)
        first.shadowPath = CGPath(rect: first.bounds, transform: nil)
        let second = caster(CGRect(x: 50, y: 50, width: 30, height: 30), radius: 3, color: red)
        second.shadowPath = CGPath(rect: second.bounds, transform: nil)
        let root = scene(100, 100, first, second)
        // Less than any blurred shadow: none is kept.
        let budget = 1_024
        let renderer = try OffscreenRenderer(
            width: 100, height: 100, options: GLRendererOptions(shadowCacheBudget: budget))
        let unbounded = try OffscreenRenderer(width: 100, height: 100)
        let expected = try unbounded.render(root)
        var images: [RenderedImage] = []
        let messages = try Diagnostics.capturing {
            for _ in 0..<2 {
                images.append(try renderer.render(root))
                #expect(renderer.statistics.shadows == 2 && renderer.statistics.cachedShadows == 0)
            }
        }
        #expect(images.allSatisfy { $0 == expected }, "the shadow not kept is drawn the same")
        #expect(messages.filter { $0.contains("shadow cache's \(budget) bytes") }.count == 1)
    }
}
