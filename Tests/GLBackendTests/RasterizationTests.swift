import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// `shouldRasterize` through the headless renderer: the layer and its sublayers drawn once into
/// a bitmap in the layer's own space at `rasterizationScale`, reused while nothing in the
/// subtree changes, and composited with the layer's opacity and filters.
@Suite struct RasterizationTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    let black = CGColor(gray: 0, alpha: 1)
    let white: Pixel = (255, 255, 255, 255)

    /// A white 100x100 root with a half-transparent red card (20, 20, 50, 50) holding a blue
    /// square inside and a green one sticking out past its bottom-right corner.
    struct Card {
        let root = whiteRoot()
        let card: CALayer
        let inside: CALayer
        let outside: CALayer

        init(_ test: RasterizationTests) {
            card = solidLayer(CGRect(x: 20, y: 20, width: 50, height: 50), test.red)
            card.opacity = 0.5
            inside = solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20), test.blue)
            outside = solidLayer(CGRect(x: 40, y: 40, width: 20, height: 20), test.green)
            card.addSublayer(inside)
            card.addSublayer(outside)
            root.addSublayer(card)
        }
    }

    /// Runs `change` in a transaction without implicit animations.
    func withoutActions(_ change: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        change()
        CATransaction.commit()
    }

    @Test func aRasterizedLayerIsDrawnOnceAndThenFromItsCacheLookingAsWithout() throws {
        let scene = Card(self)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let plain = try renderer.render(scene.root)
        #expect(renderer.statistics.rasterCacheMisses == 0 && renderer.statistics.rasterCacheHits == 0)

        withoutActions { scene.card.shouldRasterize = true }
        let first = try renderer.render(scene.root)
        #expect(renderer.statistics.rasterCacheMisses == 1 && renderer.statistics.rasterCacheHits == 0)
        // The bitmap covers the card and the green square sticking out: 60x60 pixels.
        #expect(renderer.statistics.rasterCacheBytes == 60 * 60 * 8)
        #expect(largestDifference(plain, first) <= 1)
        // Opacity applies to the bitmap as a whole (after rasterization): the blue square
        // shows no red under it, and the part sticking out is drawn.
        expectPixel(first, 40, 40, (128, 128, 255, 255))
        expectPixel(first, 25, 25, (255, 128, 128, 255))
        expectPixel(first, 75, 75, (128, 255, 128, 255))

        let second = try renderer.render(scene.root)
        #expect(renderer.statistics.rasterCacheHits == 1 && renderer.statistics.rasterCacheMisses == 0)
        #expect(second == first)
        // A change outside the rasterized subtree keeps the bitmap.
        withoutActions { scene.root.backgroundColor = CGColor(gray: 0, alpha: 1) }
        let darker = try renderer.render(scene.root)
        #expect(renderer.statistics.rasterCacheHits == 1 && renderer.statistics.rasterCacheMisses == 0)
        expectPixel(darker, 40, 40, (0, 0, 128, 255))
        // The card's opacity and position apply when the bitmap is composited: it is kept.
        withoutActions {
            scene.card.opacity = 1
            scene.card.position.x += 10
        }
        let moved = try renderer.render(scene.root)
        #expect(renderer.statistics.rasterCacheHits == 1 && renderer.statistics.rasterCacheMisses == 0)
        expectPixel(moved, 50, 40, (0, 0, 255, 255))
        expectPixel(moved, 85, 75, (0, 255, 0, 255))
        withoutActions { scene.card.shouldRasterize = false }
        _ = try renderer.render(scene.root)
        #expect(renderer.statistics.rasterCacheBytes == 0, "a bitmap no longer drawn is deleted")
    }

    @Test func clipsGroupsAndMasksInsideABitmapLookAsWithout() throws {
        let root = whiteRoot()
        let card = solidLayer(CGRect(x: 10, y: 10, width: 70, height: 60), red)
        card.cornerRadius = 12
        card.masksToBounds = true
        // A group (opacity 0.5, two overlapping squares) sticking out of the rounded card.
        let group = solidLayer(CGRect(x: 40, y: 30, width: 40, height: 40))
        group.opacity = 0.5
        group.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 25, height: 25), blue))
        group.addSublayer(solidLayer(CGRect(x: 15, y: 15, width: 25, height: 25), green))
        card.addSublayer(group)
        // A square masked by a circle.
        let masked = solidLayer(CGRect(x: 5, y: 5, width: 30, height: 30), black)
        let circle = CAShapeLayer()
        circle.frame = masked.bounds
        circle.path = CGPath(ellipseIn: masked.bounds, transform: nil)
        masked.mask = circle
        card.addSublayer(masked)
        root.addSublayer(card)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let plain = try renderer.render(root)
        withoutActions { card.shouldRasterize = true }
        let rasterized = try renderer.render(root)
        #expect(renderer.statistics.rasterCacheMisses == 1)
        // The group, the masked square and the card's rounded clip.
        #expect(renderer.statistics.groups == 3 && renderer.statistics.maskedGroups == 1)
        #expect(renderer.statistics.antialiasedClips == 1)
        #expect(largestDifference(plain, rasterized) <= 2)
        #expect(renderer.statistics.rasterCacheBytes == 70 * 60 * 8, "cut to the bounds by masksToBounds")
        expectPixel(rasterized, 11, 11, white, "the rounded corner")
        expectPixel(rasterized, 20, 20, (0, 0, 0, 255), "inside the circle")
        expectPixel(rasterized, 16, 16, (255, 0, 0, 255), "the masked square's corner, outside the circle")
        let cached = try renderer.render(root)
        #expect(renderer.statistics.rasterCacheHits == 1 && renderer.statistics.groups == 0)
        #expect(cached == rasterized)
    }

    @Test func aSublayerChangeRedrawsTheBitmap() throws {
        let scene = Card(self)
        scene.card.shouldRasterize = true
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        _ = try renderer.render(scene.root)
        _ = try renderer.render(scene.root)
        #expect(renderer.statistics.rasterCacheHits == 1)
        withoutActions { scene.inside.backgroundColor = green }
        let changed = try renderer.render(scene.root)
        #expect(renderer.statistics.rasterCacheMisses == 1 && renderer.statistics.rasterCacheHits == 0)
        expectPixel(changed, 40, 40, (128, 255, 128, 255))
        withoutActions { scene.card.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 5, height: 5), black)) }
        let added = try renderer.render(scene.root)
        #expect(renderer.statistics.rasterCacheMisses == 1)
        expectPixel(added, 22, 22, (128, 128, 128, 255))
    }

    @Test func anAnimatedSublayerIsDrawnAtEveryFrameNeverFromAStaleBitmap() throws {
        let scene = Card(self)
        scene.card.shouldRasterize = true
        let t0 = CACurrentMediaTime() + 1000
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 20
        move.toValue = 40
        move.beginTime = t0
        move.duration = 2
        scene.inside.add(move, forKey: "move")
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        // The blue square's left edge, in the root: 20 + position.x − 10.
        for (time, left) in [(t0, 30), (t0 + 1, 40), (t0 + 1.5, 45)] {
            let image = try renderer.render(scene.root, at: time)
            #expect(renderer.statistics.rasterCacheMisses == 1, "frame at t0 + \(time - t0)")
            expectPixel(image, left, 40, (128, 128, 255, 255))
            expectPixel(image, left - 1, 40, (255, 128, 128, 255))
        }
        // Ended and removed: the model value again, then a still bitmap.
        _ = try renderer.render(scene.root, at: t0 + 3)
        let still = try renderer.render(scene.root, at: t0 + 4)
        #expect(renderer.statistics.rasterCacheHits == 1)
        expectPixel(still, 30, 40, (128, 128, 255, 255))
    }

    @Test func aRasterizedLayerMovedAndScaledByAnimationsKeepsItsBitmap() throws {
        let scene = Card(self)
        scene.card.shouldRasterize = true
        let t0 = CACurrentMediaTime() + 1000
        let grow = CABasicAnimation(keyPath: "transform.scale")
        grow.fromValue = 1
        grow.toValue = 1.5
        grow.beginTime = t0
        grow.duration = 2
        scene.card.add(grow, forKey: "grow")
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.5
        fade.toValue = 1
        fade.beginTime = t0
        fade.duration = 2
        scene.card.add(fade, forKey: "fade")
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        _ = try renderer.render(scene.root, at: t0)
        #expect(renderer.statistics.rasterCacheMisses == 1)
        for time in [t0 + 0.5, t0 + 1, t0 + 1.5] {
            let image = try renderer.render(scene.root, at: time)
            #expect(renderer.statistics.rasterCacheHits == 1, "frame at t0 + \(time - t0)")
            // Scaled about the card's centre (45, 45): the blue square's centre stays at 40 − 5s.
            let scale = 1 + 0.5 * (time - t0) / 2
            let opacity = 0.5 + 0.5 * (time - t0) / 2
            let shade = UInt8((255 * (1 - opacity)).rounded())
            expectPixel(
                image, at: CGPoint(x: 45 - 5 * scale, y: 45 - 5 * scale), (shade, shade, 255, 255), tolerance: 2)
        }
    }

    /// A 40x40 layer at (20, 20), black in its left half and white in its right: the edge
    /// falls between pixels 39 and 40 of row 40.
    func halfBlackLayer() -> (root: CALayer, layer: CALayer) {
        let root = whiteRoot()
        let layer = solidLayer(CGRect(x: 20, y: 20, width: 40, height: 40), CGColor(gray: 1, alpha: 1))
        layer.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 20, height: 40), black))
        root.addSublayer(layer)
        return (root, layer)
    }

    /// The pixels of row 40 between x 30 and 50 that are neither black nor white.
    func rampWidth(_ image: RenderedImage) -> Int {
        (30..<50).filter {
            let p = image.pixel(x: $0, y: 40)
            return !isClose(p, (0, 0, 0, 255), tolerance: 2) && !isClose(p, white, tolerance: 2)
        }.count
    }

    @Test func halfTheRasterizationScaleHalvesTheResolution() throws {
        let (root, layer) = halfBlackLayer()
        layer.shouldRasterize = true
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let sharp = try renderer.render(root)
        #expect(rampWidth(sharp) == 0)
        #expect(renderer.statistics.rasterCacheBytes == 40 * 40 * 8)

        withoutActions { layer.rasterizationScale = 0.5 }
        let coarse = try renderer.render(root)
        #expect(renderer.statistics.rasterCacheBytes == 20 * 20 * 8)
        // 20 bitmap pixels of 2 points, sampled linearly: pixel 39 (layer x 19.5) lies a quarter
        // of the way from the last black texel (centre 19) to the first white one (centre 21).
        #expect(rampWidth(coarse) == 2)
        expectPixel(coarse, 39, 40, (64, 64, 64, 255), tolerance: 2)
        expectPixel(coarse, 40, 40, (191, 191, 191, 255), tolerance: 2)
        // With nearest magnification the bitmap's pixels show as 2x2 blocks, the edge stays hard.
        withoutActions { layer.magnificationFilter = .nearest }
        let blocky = try renderer.render(root)
        #expect(rampWidth(blocky) == 0)
    }

    @Test func aRasterizedLayerScaledUpOnScreenShowsItsBitmapMagnified() throws {
        let (root, layer) = halfBlackLayer()
        // Scaled 2x about its centre (40, 40): the edge stays at x 40, the layer spans 0..<80.
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        #expect(try rampWidth(renderer.render(root)) == 0, "drawn at the on-screen scale without rasterization")
        withoutActions { layer.shouldRasterize = true }
        let magnified = try renderer.render(root)
        #expect(rampWidth(magnified) == 2, "the 40x40 bitmap magnified twice, as on Apple's platforms")
        withoutActions { layer.rasterizationScale = 2 }
        #expect(try rampWidth(renderer.render(root)) == 0, "rasterized at the on-screen scale")
    }

    @Test func badRasterizationScalesAreLoggedOnceAndTheLayerIsStillDrawn() throws {
        var properties = LayerProperties()
        properties.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        properties.position = CGPoint(x: 5, y: 5)
        properties.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        properties.shouldRasterize = true
        let id = LayerID.next()
        var messages: [String] = []
        for scale in [CGFloat.nan, 0, -1, .infinity] {
            properties.rasterizationScale = scale
            var tree = RenderTree()
            tree.apply(
                LayerTreeCommit(
                    sequence: 1, updates: [LayerUpdate(layer: id, field: .all(properties))], released: [], timestamp: 0)
            )
            var list: DisplayList?
            messages += Diagnostics.capturing { list = FrameBuilder.build(tree, root: id, width: 20, height: 20) }
            let commands = list?.commands ?? []
            #expect(!commands.contains { if case .beginRaster = $0 { true } else { false } }, "scale \(scale)")
            #expect(list?.instances.count == 1, "scale \(scale): drawn without rasterization")
        }
        #expect(messages.contains { $0.contains("rasterizationScale") && $0.contains("not a positive number") })

        // A huge scale is lowered to the largest bitmap, with a message, and the frame drawn.
        let (root, layer) = halfBlackLayer()
        layer.shouldRasterize = true
        layer.rasterizationScale = 1e9
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        var rendered: RenderedImage?
        let sizeMessages = try Diagnostics.capturing { rendered = try renderer.render(root) }
        let image = try #require(rendered)
        #expect(renderer.statistics.rasterCacheMisses == 1)
        #expect(renderer.statistics.rasterCacheBytes == 4096 * 4096 * 8)
        expectPixel(image, 39, 40, (0, 0, 0, 255))
        expectPixel(image, 40, 40, white)
        #expect(sizeMessages.contains { $0.contains("larger than 4096 pixels") })
    }

    @Test func theBitmapHoldsTheShadowsCastInsideIt() throws {
        let root = whiteRoot()
        let layer = solidLayer(CGRect(x: 20, y: 20, width: 40, height: 40))
        let caster = solidLayer(layer.bounds, red)
        caster.shadowOpacity = 1
        caster.shadowRadius = 0
        caster.shadowOffset = CGSize(width: 10, height: 10)
        layer.addSublayer(caster)
        root.addSublayer(layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let plain = try renderer.render(root)
        // The hard shadow reaches 10 px past the layer's bounds, right and down.
        expectPixel(plain, 65, 65, (0, 0, 0, 255))
        withoutActions { layer.shouldRasterize = true }
        let rasterized = try renderer.render(root)
        #expect(renderer.statistics.rasterCacheMisses == 1)
        #expect(largestDifference(plain, rasterized) <= 2)
        // The bitmap covers the bounds and the shadow (10...50, grown by the 2 points kept
        // around any shadow's edge): 52x52 at scale 1.
        #expect(renderer.statistics.rasterCacheBytes == 52 * 52 * 8)
    }

    @Test func aRotatedRasterizedLayerHasSoftEdgesOnlyWithEdgeAntialiasing() throws {
        let root = whiteRoot()
        let layer = solidLayer(CGRect(x: 30, y: 30, width: 40, height: 40), blue)
        layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        layer.shouldRasterize = true
        root.addSublayer(layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let hard = try renderer.render(root)
        let between = { (image: RenderedImage) in
            (0..<100).filter {
                let p = image.pixel(x: $0, y: 50)
                return !isClose(p, self.white, tolerance: 2) && !isClose(p, (0, 0, 255, 255), tolerance: 2)
            }.count
        }
        #expect(between(hard) == 0)
        withoutActions { layer.allowsEdgeAntialiasing = true }
        let soft = try renderer.render(root)
        // Each tip of the diamond (50 ± 28.28, 50) falls inside a pixel: both come out partly covered.
        #expect(between(soft) >= 2 && between(soft) <= 6)
    }
}

/// Group opacity, edge anti-aliasing and the minification bias, beside rasterization.
@Suite struct GroupAndFilterPropertyTests {
    let white: Pixel = (255, 255, 255, 255)

    @Test func withoutGroupOpacityEachSublayerIsDrawnWithTheInheritedOpacity() throws {
        let root = whiteRoot()
        let group = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        group.opacity = 0.5
        group.allowsGroupOpacity = false
        let inner = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        inner.opacity = 0.5
        inner.allowsGroupOpacity = false
        inner.addSublayer(
            solidLayer(CGRect(x: 0, y: 0, width: 60, height: 60), CGColor(red: 0, green: 0, blue: 1, alpha: 1)))
        inner.addSublayer(
            solidLayer(CGRect(x: 40, y: 40, width: 60, height: 60), CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        group.addSublayer(inner)
        root.addSublayer(group)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let image = try renderer.render(root)
        #expect(renderer.statistics.groups == 0)
        // Each square at 0.5 × 0.5: blue over white, then red over that in the overlap.
        expectPixel(image, 20, 20, (191, 191, 255, 255))
        expectPixel(image, 80, 80, (255, 191, 191, 255))
        expectPixel(image, 50, 50, (207, 143, 191, 255), tolerance: 2)
    }

    @Test func edgeAntialiasingSoftensAnEdgeBetweenPixels() throws {
        let root = whiteRoot()
        let layer = solidLayer(
            CGRect(x: 20.5, y: 20, width: 40, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        root.addSublayer(layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let hard = try renderer.render(root)
        #expect(isClose(hard.pixel(x: 20, y: 40), white) || isClose(hard.pixel(x: 20, y: 40), (255, 0, 0, 255)))
        CATransaction.setDisableActions(true)
        layer.allowsEdgeAntialiasing = true
        let soft = try renderer.render(root)
        expectPixel(soft, 20, 40, (255, 128, 128, 255), tolerance: 3)
        expectPixel(soft, 21, 40, (255, 0, 0, 255))
    }

    /// 64x64 vertical stripes, 4 pixels black then 4 white.
    func stripes() throws -> CGImage {
        var pixels: [UInt8] = []
        for _ in 0..<64 {
            for x in 0..<64 { pixels += x % 8 < 4 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
        }
        return try #require(CGImage(rgbaPixels: pixels, width: 64, height: 64))
    }

    @Test func minificationFilterBiasPicksSmallerMipmapLevels() throws {
        let root = whiteRoot()
        // Drawn at half size: mipmap level 1 (32x32), whose stripes are 2 texels wide.
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 32, height: 32))
        layer.contents = try stripes()
        layer.minificationFilter = .trilinear
        root.addSublayer(layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let crisp = try renderer.render(root)
        expectPixel(crisp, 0, 10, (0, 0, 0, 255), tolerance: 2)
        expectPixel(crisp, 3, 10, (255, 255, 255, 255), tolerance: 2)
        // A bias of 2 picks level 3 (8x8), where each texel averages a black and a white stripe.
        CATransaction.setDisableActions(true)
        layer.minificationFilterBias = 2
        let blurred = try renderer.render(root)
        expectPixel(blurred, 0, 10, (128, 128, 128, 255), tolerance: 3)
        expectPixel(blurred, 3, 10, (128, 128, 128, 255), tolerance: 3)
        // Without mipmaps the bias has nothing to pick from.
        layer.minificationFilter = .linear
        let linear = try renderer.render(root)
        expectPixel(linear, 0, 10, (0, 0, 0, 255), tolerance: 2)
    }
}
