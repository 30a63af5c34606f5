import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// `filters` and `backgroundFilters` through the headless renderer: colour filters against
/// colours computed here, the order mask → filters → opacity, animated inputs, bad input.
@Suite struct FilterTests {
    let orange = CGColor(red: 0.8, green: 0.4, blue: 0.2, alpha: 1)

    /// Rec. 709 luminance of (0.8, 0.4, 0.2): 0.2126·0.8 + 0.7152·0.4 + 0.0722·0.2 = 0.47056.
    static let orangeLuminance = 0.47056

    func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }

    /// `s` of the way from grey at the orange's luminance to the orange.
    func saturated(_ s: Double) -> Pixel {
        let l = Self.orangeLuminance
        return (byte(l + (0.8 - l) * s), byte(l + (0.4 - l) * s), byte(l + (0.2 - l) * s), 255)
    }

    func filter(_ type: CAFilter.FilterType, _ name: String? = nil, _ inputs: [String: Any] = [:]) -> CAFilter {
        let filter = CAFilter(type: type)
        if let name { filter.name = name }
        for (key, value) in inputs { filter.setValue(value, forKey: key) }
        return filter
    }

    /// Runs `body` in a transaction without actions (a committed layer's new filters would
    /// otherwise animate in from the old ones).
    func withoutActions(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }

    /// A white 40x40 root holding `layer`.
    func scene(_ layer: CALayer) -> CALayer {
        let root = whiteRoot(40, 40)
        root.addSublayer(layer)
        return root
    }

    @Test func saturationZeroTurnsTheLayerGreyByLuminance() throws {
        let layer = solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20), orange)
        layer.filters = [filter(.colorSaturate, nil, ["inputAmount": 0])]
        let renderer = try OffscreenRenderer(width: 40, height: 40)
        let image = try renderer.render(scene(layer))
        expectPixel(image, 20, 20, saturated(0))
        expectPixel(image, 5, 5, (255, 255, 255, 255))
        #expect(renderer.statistics.filterPasses == 1)
        #expect(renderer.statistics.groups == 1)
    }

    @Test func saturationAboveOneMovesAwayFromGrey() throws {
        let layer = solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20), orange)
        layer.filters = [filter(.colorSaturate, nil, ["inputAmount": 1.5])]
        expectPixel(try render(scene(layer)), 20, 20, saturated(1.5))
    }

    @Test func brightnessAddsToEachColourComponent() throws {
        let layer = solidLayer(
            CGRect(x: 10, y: 10, width: 20, height: 20), CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1))
        layer.filters = ["brightness"]
        expectPixel(try render(scene(layer)), 20, 20, (51, 102, 153, 255), "the default amount changes nothing")
        withoutActions { layer.filters = [filter(.colorBrightness, nil, ["inputAmount": 0.2])] }
        expectPixel(try render(scene(layer)), 20, 20, (102, 153, 204, 255))
    }

    @Test func aColorMatrixMapsUnpremultipliedColour() throws {
        // Red and blue swapped, green halved, alpha kept; a translucent layer over white.
        let swap = CAColorMatrix(
            m11: 0, m12: 0, m13: 1, m14: 0, m15: 0, m21: 0, m22: 0.5, m23: 0, m24: 0, m25: 0,
            m31: 1, m32: 0, m33: 0, m34: 0, m35: 0, m41: 0, m42: 0, m43: 0, m44: 1, m45: 0)
        let layer = solidLayer(
            CGRect(x: 10, y: 10, width: 20, height: 20), CGColor(red: 1, green: 0.8, blue: 0, alpha: 0.5))
        layer.filters = [filter(.colorMatrix, nil, ["inputColorMatrix": swap])]
        let image = try render(scene(layer))
        // (0, 0.4, 1) at alpha 0.5 over white: (0.5, 0.7, 1).
        expectPixel(image, 20, 20, (128, 178, 255, 255))
        // The same matrix as twenty numbers.
        layer.filters = [filter(.colorMatrix, nil, ["inputColorMatrix": swap.entries.map(Double.init)])]
        expectPixel(try render(scene(layer)), 20, 20, (128, 178, 255, 255))
    }

    @Test func filtersApplyToTheLayerAndItsSublayersAsOneGroup() throws {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 40), orange)
        layer.addSublayer(
            solidLayer(CGRect(x: 20, y: 0, width: 20, height: 40), CGColor(red: 0, green: 1, blue: 0, alpha: 1)))
        layer.filters = [filter(.colorSaturate, nil, ["inputAmount": 0])]
        let image = try render(scene(layer))
        expectPixel(image, 10, 20, saturated(0))
        let green = byte(0.7152)
        expectPixel(image, 30, 20, (green, green, green, 255), "the sublayer is filtered with its parent")
    }

    @Test func consecutiveColourFiltersRunAsOnePassInOrder() throws {
        let layer = solidLayer(
            CGRect(x: 10, y: 10, width: 20, height: 20), CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1))
        layer.filters = [
            filter(.colorBrightness, nil, ["inputAmount": 0.2]), filter(.colorSaturate, nil, ["inputAmount": 0]),
        ]
        let renderer = try OffscreenRenderer(width: 40, height: 40)
        let image = try renderer.render(scene(layer))
        // Brightened to (0.4, 0.6, 0.8), then grey at its luminance.
        let grey = byte(0.2126 * 0.4 + 0.7152 * 0.6 + 0.0722 * 0.8)
        expectPixel(image, 20, 20, (grey, grey, grey, 255))
        #expect(renderer.statistics.filterPasses == 1)
    }

    @Test func filtersApplyAfterTheMaskAndBeforeOpacity() throws {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 40), orange)
        // The mask: opaque over x 0..<20, half transparent over x 20..<30, nothing past it.
        let mask = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 40), CGColor(gray: 0, alpha: 1))
        mask.addSublayer(solidLayer(CGRect(x: 20, y: 0, width: 10, height: 40), CGColor(gray: 0, alpha: 0.5)))
        layer.mask = mask
        layer.filters = [filter(.colorMatrix, nil, ["inputColorMatrix": Self.opaqueBlack])]
        layer.opacity = 0.5
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.addSublayer(layer)
        let image = try render(root)
        // Masked in: opaque black after the matrix, then opacity 0.5.
        expectPixel(image, 10, 20, (0, 0, 0, 128))
        // Half masked: the matrix makes the masked alpha opaque again (a mask applied after the
        // filter would give 64), then opacity 0.5.
        expectPixel(image, 25, 20, (0, 0, 0, 128))
        // Masked out: transparent pixels stay transparent.
        expectPixel(image, 35, 20, (0, 0, 0, 0))
    }

    /// A matrix that makes every pixel that is not transparent opaque black.
    static let opaqueBlack = CAColorMatrix(
        m11: 0, m12: 0, m13: 0, m14: 0, m15: 0, m21: 0, m22: 0, m23: 0, m24: 0, m25: 0,
        m31: 0, m32: 0, m33: 0, m34: 0, m35: 0, m41: 0, m42: 0, m43: 0, m44: 0, m45: 1)

    @Test func aFilterInputAnimatesByKeyPathOnTheRenderSide() throws {
        let clock = ManualClock(whiteRoot(40, 40), at: 0)
        let layer = solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20), orange)
        layer.filters = [filter(.colorSaturate, "sat", ["inputAmount": 0])]
        clock.layer.addSublayer(layer)
        CATransaction.flush()
        let animation = basic("filters.sat.inputAmount", from: 0, to: 1, duration: 4)
        layer.add(animation, forKey: "saturate")
        CATransaction.flush()
        clock.seek(to: 1)
        expectPixel(try render(clock.layer, at: clock.now), 20, 20, saturated(0.25))
        clock.seek(to: 3)
        expectPixel(try render(clock.layer, at: clock.now), 20, 20, saturated(0.75))
        clock.seek(to: 5)
        expectPixel(try render(clock.layer, at: clock.now), 20, 20, saturated(0), "back to the model value")
    }

    @Test func settingFiltersAnimatesImplicitlyFromTheShownInputs() throws {
        let clock = ManualClock(whiteRoot(40, 40), at: 0)
        let layer = solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20), orange)
        layer.filters = [filter(.colorSaturate, "sat", ["inputAmount": 0])]
        clock.layer.addSublayer(layer)
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.filters = [filter(.colorSaturate, "sat", ["inputAmount": 1])]
        CATransaction.commit()
        #expect(layer.animation(forKey: "filters") != nil)
        clock.seek(to: 1)
        expectPixel(try render(clock.layer, at: clock.now), 20, 20, saturated(0.5))
        clock.seek(to: 2.5)
        expectPixel(try render(clock.layer, at: clock.now), 20, 20, saturated(1))
    }

    @Test func anUnknownFilterIsLoggedOnceAndTheOthersStillApply() throws {
        let layer = solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20), orange)
        let messages = Diagnostics.capturing {
            layer.filters = ["sepiaTonePlus", filter(.colorSaturate, nil, ["inputAmount": 0])]
            layer.filters = ["sepiaTonePlus"]
        }
        #expect(messages.filter { $0.contains("unknown filter type \"sepiaTonePlus\"") }.count == 1)
        #expect(layer.filters?.count == 1, "the getter returns the list as set")
        let image = try render(scene(layer))
        expectPixel(image, 20, 20, (204, 102, 51, 255), "only the unknown filter: drawn unfiltered")
        withoutActions { layer.filters = ["sepiaTonePlus", filter(.colorSaturate, nil, ["inputAmount": 0])] }
        expectPixel(try render(scene(layer)), 20, 20, saturated(0))
    }

    @Test func nonFiniteAndUnknownInputsAreLoggedAndIgnored() throws {
        let layer = solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20), orange)
        let messages = Diagnostics.capturing {
            layer.filters = [
                filter(.colorSaturate, nil, ["inputAmount": Double.nan]),
                filter(.colorBrightness, nil, ["inputAmount": Double.infinity, "inputGlow": 3]),
            ]
        }
        #expect(messages.contains { $0.contains("inputAmount nan is not finite; ignored") })
        #expect(messages.contains { $0.contains("has no input inputGlow; ignored") })
        let renderer = try OffscreenRenderer(width: 40, height: 40)
        let image = try renderer.render(scene(layer))
        expectPixel(image, 20, 20, (204, 102, 51, 255), "the defaults change nothing")
        #expect(renderer.statistics.filterPasses == 0, "filters that change nothing draw no pass")
        // An animation towards NaN is refused when it is added.
        let animation = CABasicAnimation(keyPath: "filters.colorSaturate.inputAmount")
        animation.toValue = Double.nan
        layer.add(animation, forKey: "nan")
        #expect(layer.animation(forKey: "nan") == nil)
    }

    @Test func aDisabledFilterIsSkipped() throws {
        let layer = solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20), orange)
        let grey = filter(.colorSaturate, nil, ["inputAmount": 0])
        grey.isEnabled = false
        layer.filters = [grey]
        expectPixel(try render(scene(layer)), 20, 20, (204, 102, 51, 255))
    }

    @Test func backgroundFiltersFilterWhatLiesBehindInsideTheLayersShape() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.addSublayer(solidLayer(root.bounds, orange))
        let glass = CALayer()
        glass.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        glass.cornerRadius = 6
        glass.backgroundColor = CGColor(gray: 1, alpha: 0.5)
        glass.backgroundFilters = [filter(.colorSaturate, nil, ["inputAmount": 0])]
        root.addSublayer(glass)
        let image = try render(root)
        // Inside: the grey backdrop under half-transparent white.
        let l = Self.orangeLuminance
        expectPixel(image, 20, 20, (byte((l + 1) / 2), byte((l + 1) / 2), byte((l + 1) / 2), 255))
        expectPixel(image, 5, 5, (204, 102, 51, 255), "outside: untouched")
        expectPixel(image, 10, 10, (204, 102, 51, 255), "in the rounded corner: untouched")
    }
}

/// The `gaussianBlur` filter and background blur: a standard deviation of `inputRadius` pixels.
@Suite struct BlurFilterTests {
    /// Φ(x): the share of a unit Gaussian below x, the profile a blurred straight edge takes.
    static func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.squareRoot())) }

    /// The alpha byte `distance` pixels inside a straight edge blurred by `sigma`.
    static func edgeAlpha(_ distance: Double, sigma: Double) -> UInt8 {
        UInt8((phi(distance / sigma) * 255).rounded())
    }

    /// The alpha byte at pixel (x, 50) of the square 30..<70 blurred by `sigma`: the product of
    /// the blurred spans across and down.
    static func squareAlpha(x: Int, sigma: Double) -> UInt8 {
        func span(_ p: Double) -> Double { phi((p - 30) / sigma) - phi((p - 70) / sigma) }
        return UInt8((span(Double(x) + 0.5) * span(50.5) * 255).rounded())
    }

    /// A transparent 100x100 root with an opaque black 40x40 square at (30, 30).
    static func square(filters: [Any]) -> (root: CALayer, square: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let square = solidLayer(CGRect(x: 30, y: 30, width: 40, height: 40), CGColor(gray: 0, alpha: 1))
        square.filters = filters
        root.addSublayer(square)
        return (root, square)
    }

    func blur(_ radius: Double, name: String = "blur") -> CAFilter {
        let filter = CAFilter(type: .gaussianBlur)
        filter.name = name
        filter.setValue(radius, forKey: "inputRadius")
        return filter
    }

    /// Checks the blurred square's left edge (x = 30) along row 50 for a standard deviation `sigma`.
    func expectBlurredEdge(_ image: RenderedImage, sigma: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        for x in [22, 26, 29, 30, 33, 38] {
            let alpha = Self.squareAlpha(x: x, sigma: sigma)
            expectPixel(image, x, 50, (0, 0, 0, alpha), tolerance: 4, "x = \(x)", sourceLocation: sourceLocation)
        }
        expectPixel(image, 50, 50, (0, 0, 0, 255), sourceLocation: sourceLocation)
        expectPixel(image, 5, 50, (0, 0, 0, 0), sourceLocation: sourceLocation)
    }

    @Test func aBlurredEdgeFollowsTheGaussianProfile() throws {
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let image = try renderer.render(Self.square(filters: [blur(4)]).root)
        expectBlurredEdge(image, sigma: 4)
        #expect(renderer.statistics.filterPasses >= 3, "two blur passes and the draw of the result")
    }

    @Test func aSublayerOutsideItsSuperlayersBoundsIsBlurredWithIt() throws {
        // The filtered layer is an empty 10x10 at the origin; its sublayer is the square.
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let holder = CALayer()
        holder.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        holder.filters = [blur(4)]
        holder.addSublayer(solidLayer(CGRect(x: 30, y: 30, width: 40, height: 40), CGColor(gray: 0, alpha: 1)))
        root.addSublayer(holder)
        expectBlurredEdge(try render(root), sigma: 4)
    }

    @Test func aLargeRadiusIsBlurredAtALowerResolutionWithTheSameProfile() throws {
        let image = try render(Self.square(filters: [blur(10)]).root)
        for x in [12, 20, 29, 30, 40, 50] {
            let alpha = Self.squareAlpha(x: x, sigma: 10)
            expectPixel(image, x, 50, (0, 0, 0, alpha), tolerance: 5, "x = \(x)")
        }
    }

    @Test func theBlurRadiusAnimatesByKeyPath() throws {
        let clock = ManualClock(CALayer(), at: 0)
        clock.layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let (_, square) = Self.square(filters: [blur(0)])
        square.removeFromSuperlayer()
        clock.layer.addSublayer(square)
        CATransaction.flush()
        let animation = basic("filters.blur.inputRadius", from: 0, to: 8, duration: 4)
        square.add(animation, forKey: "blur")
        CATransaction.flush()
        clock.seek(to: 2)
        expectBlurredEdge(try render(clock.layer, at: clock.now), sigma: 4)
        clock.seek(to: 5)
        let still = try render(clock.layer, at: clock.now)
        expectPixel(still, 29, 50, (0, 0, 0, 0), "radius 0 again: a sharp edge")
        expectPixel(still, 30, 50, (0, 0, 0, 255))
    }

    /// A 100 x 100 root, red over x < 50 and blue past it, with `glass` above.
    static func redBesideBlue(under glass: CALayer) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.addSublayer(
            solidLayer(CGRect(x: 0, y: 0, width: 50, height: 100), CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        root.addSublayer(
            solidLayer(CGRect(x: 50, y: 0, width: 50, height: 100), CGColor(red: 0, green: 0, blue: 1, alpha: 1)))
        root.addSublayer(glass)
        return root
    }

    @Test func aBackgroundBlurBlursWhatLiesBehindInsideTheLayerOnly() throws {
        // The glass covers x 20..<80, y 20..<80.
        let glass = CALayer()
        glass.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        glass.backgroundFilters = [blur(4)]
        let image = try render(Self.redBesideBlue(under: glass))
        for x in [44, 48, 49, 50, 53] {
            let blue = Self.edgeAlpha(Double(x) + 0.5 - 50, sigma: 4)
            expectPixel(image, x, 50, (255 - blue, 0, blue, 255), tolerance: 4, "x = \(x)")
        }
        expectPixel(image, 49, 10, (255, 0, 0, 255), "above the glass: sharp")
        expectPixel(image, 50, 10, (0, 0, 255, 255), "above the glass: sharp")
        expectPixel(image, 22, 50, (255, 0, 0, 255), "inside, far from the boundary: unchanged")
    }

    @Test func frostedGlassIsABackgroundBlurUnderATranslucentBackground() throws {
        let glass = solidLayer(CGRect(x: 20, y: 20, width: 60, height: 60), CGColor(gray: 1, alpha: 0.5))
        glass.backgroundFilters = ["gaussianBlur"]  // the default radius, 10
        let image = try render(Self.redBesideBlue(under: glass))
        // At the boundary, half red and half blue, then half white over it.
        expectPixel(image, 50, 50, (191, 128, 191, 255), tolerance: 8)
        expectPixel(image, 50, 10, (0, 0, 255, 255))
    }

    /// A background blur alone is drawn straight into the frame, inside the layer's rounded
    /// shape: blurred across the boundary inside, the backdrop untouched in the corners.
    @Test func aRoundedBackgroundBlurStaysInsideTheCorners() throws {
        let glass = CALayer()
        glass.frame = CGRect(x: 30, y: 30, width: 40, height: 40)
        glass.cornerRadius = 12
        glass.backgroundFilters = [blur(4)]
        let image = try render(Self.redBesideBlue(under: glass))
        expectPixel(image, 31, 31, (255, 0, 0, 255), "in the rounded corner: untouched")
        expectPixel(image, 68, 68, (0, 0, 255, 255), "in the rounded corner: untouched")
        for x in [46, 49, 50, 53] {
            let blue = Self.edgeAlpha(Double(x) + 0.5 - 50, sigma: 4)
            expectPixel(image, x, 50, (255 - blue, 0, blue, 255), tolerance: 4, "x = \(x)")
        }
    }

    /// A rounded background blur, turned or not: inside its shape blurred, outside its corners
    /// untouched. Drawn with each pixel tested against the shape in the blur's shader (no
    /// stencil pass), and where every pixel is inside the shape without the test, it matches
    /// in every pixel the same layer under a perspective too slight to see, whose shape is a
    /// stencil clip.
    @Test(arguments: [
        (CGRect(x: 25, y: 25, width: 50, height: 50), CGFloat.pi / 4, CALayerCornerCurve.circular),
        (CGRect(x: 25.5, y: 24.25, width: 49.5, height: 51), 0, .continuous),
    ])
    func aRoundedBackgroundBlurIsClippedInItsShaderAsTheStencilClipsIt(
        frame: CGRect, angle: CGFloat, curve: CALayerCornerCurve
    ) throws {
        func frosted(perspective: CGFloat) throws -> (RenderedImage, FrameStatistics) {
            let glass = CALayer()
            glass.frame = frame
            glass.cornerRadius = 14
            glass.cornerCurve = curve
            glass.backgroundFilters = [blur(4)]
            var turn = CATransform3DMakeRotation(angle, 0, 0, 1)
            turn.m14 = perspective
            glass.transform = turn
            let renderer = try OffscreenRenderer(width: 100, height: 100)
            let image = try renderer.render(Self.redBesideBlue(under: glass))
            return (image, renderer.statistics)
        }
        let (clipped, inShader) = try frosted(perspective: 0)
        let (stencilled, byStencil) = try frosted(perspective: 1e-7)
        #expect(inShader.clipPushes == 0 && byStencil.clipPushes == 1)
        if angle != 0 {
            // Turned by 45 degrees, the glass's top corner points at (50, 14.6), on the red/blue
            // boundary: the pixel centre (50.5, 17.5) lies in its square, 2.9 past the corner's
            // circle (backdrop untouched: blue); (50.5, 22.5) lies 2.0 inside it (blurred).
            expectPixel(clipped, 50, 17, (0, 0, 255, 255), "outside the rounded corner")
            let blue = Self.edgeAlpha(0.5, sigma: 4)
            expectPixel(clipped, 50, 22, (255 - blue, 0, blue, 255), tolerance: 4, "inside the rounded corner")
        } else {
            expectPixel(clipped, 26, 25, (255, 0, 0, 255), "outside the continuous corner")
            let blue = Self.edgeAlpha(0.5, sigma: 4)
            expectPixel(clipped, 50, 50, (255 - blue, 0, blue, 255), tolerance: 4, "inside")
        }
        var differing = 0
        for y in 0..<100 {
            for x in 0..<100 where clipped.pixel(x: x, y: y) != stencilled.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0)
    }
}

/// Effect-group and backdrop commands the renderer is handed by hand, malformed.
@Suite struct FilterCommandBadInputTests {
    let canvas = TestCanvas(width: 32, height: 32)
    var quad: QuadInstance { canvas.rect(x: 0, y: 0, w: 16, h: 16, color: red) }
    /// A region reaching far outside the 32x32 target on every side.
    let huge = PixelRegion(x: -1 << 30, y: -1 << 30, width: Int(Int32.max), height: Int(Int32.max))

    @Test func anEffectGroupEndWithoutItsBeginIsRejected() throws {
        let surface = try HeadlessSurface(width: 32, height: 32)
        let (image, messages) = try Diagnostics.capturing {
            try surface.render(
                canvas.list(
                    [quad], [batch(0, 1), .endEffectGroup(opacity: 1, effects: GroupEffects(), region: .everything)]))
        }
        #expect(surface.statistics.rejectedCommands == 1)
        expectPixel(image, 4, 4, (255, 0, 0, 255))
        #expect(messages.contains { $0.contains("endEffectGroup without a matching beginGroup") })
    }

    @Test func aBackdropOfAShapeOutsideTheListIsRejected() throws {
        let surface = try HeadlessSurface(width: 32, height: 32)
        let (image, messages) = try Diagnostics.capturing {
            try surface.render(
                canvas.list([quad], [batch(0, 1), .filterBackdrop([.blur(radius: 2)], shape: 1, region: huge)]))
        }
        #expect(surface.statistics.rejectedCommands == 1)
        expectPixel(image, 4, 4, (255, 0, 0, 255))
        expectPixel(image, 15, 4, (255, 0, 0, 255), "the quad's edge: not blurred")
        #expect(messages.contains { $0.contains("filterBackdrop of instance 1 is outside the list's 1 instances") })
    }

    @Test func hugeRegionsAndNonFiniteRadiiFilterTheWholeTargetOrNothing() throws {
        let surface = try HeadlessSurface(width: 32, height: 32)
        let effects = GroupEffects(passes: [.blur(radius: .nan)], blendMode: .multiply)
        let image = try surface.render(
            canvas.list(
                [quad],
                [
                    .filterBackdrop([.blur(radius: .infinity)], shape: 0, region: huge), .beginGroup, batch(0, 1),
                    .endEffectGroup(opacity: 1, effects: effects, region: huge),
                ]))
        #expect(surface.statistics.rejectedCommands == 0)
        // Red multiplied over the white clear: red; a NaN radius blurs nothing.
        expectPixel(image, 4, 4, (255, 0, 0, 255))
        expectPixel(image, 24, 24, (255, 255, 255, 255))
    }

    @Test func aGroupThatDrewNothingCompositesNothing() throws {
        let surface = try HeadlessSurface(width: 32, height: 32)
        let effects = GroupEffects(passes: [.color(.identity)], blendMode: .difference)
        let image = try surface.render(
            canvas.list(
                [quad],
                [
                    batch(0, 1), .beginGroup,
                    .endEffectGroup(opacity: 1, effects: effects, region: PixelRegion(x: 0, y: 0, width: 0, height: 0)),
                ]))
        expectPixel(image, 4, 4, (255, 0, 0, 255))
        #expect(surface.statistics.filterPasses == 0)
    }
}
