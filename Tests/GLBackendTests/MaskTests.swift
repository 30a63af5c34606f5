import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// `mask` through the headless renderer: the masked layer, with its sublayers, composited by
/// the mask's alpha, the mask placed in the masked layer's bounds space.
@Suite struct MaskTests {
    let opaqueRed = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let opaqueBlue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let opaqueGreen = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    let opaqueBlack = CGColor(gray: 0, alpha: 1)

    /// A white 100x100 root holding `layer`.
    func scene(_ layer: CALayer) -> CALayer {
        let root = whiteRoot()
        root.addSublayer(layer)
        return root
    }

    @Test func anImageMaskShowsTheLayerByTheImagesAlpha() throws {
        // Two columns: opaque, then alpha 64 / 255.
        let alpha = try #require(CGImage(rgbaPixels: [0, 0, 0, 255, 0, 0, 0, 64], width: 2, height: 1))
        let layer = solidLayer(CGRect(x: 20, y: 20, width: 60, height: 60), opaqueRed)
        let mask = CALayer()
        mask.frame = layer.bounds
        mask.contents = alpha
        mask.magnificationFilter = .nearest
        layer.mask = mask
        let root = scene(layer)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let image = try renderer.render(root)
        expectPixel(image, 30, 50, (255, 0, 0, 255))
        expectPixel(image, 70, 50, (255, 191, 191, 255))
        expectPixel(image, 10, 50, (255, 255, 255, 255))
        expectPixel(image, 90, 50, (255, 255, 255, 255))
        #expect(renderer.statistics.groups == 1 && renderer.statistics.maskedGroups == 1)
        // A still masked layer is drawn again from the bitmap kept of it: no masked group.
        #expect(try renderer.render(root) == image)
        #expect(renderer.statistics.maskedGroups == 0 && renderer.statistics.rasterCacheHits == 1)
    }

    @Test func aCircularShapeMaskCutsTheLayerToTheCircleWithSoftEdges() throws {
        let layer = solidLayer(CGRect(x: 20, y: 20, width: 60, height: 60), opaqueBlue)
        let circle = CAShapeLayer()
        circle.frame = layer.bounds
        circle.path = CGPath(ellipseIn: layer.bounds, transform: nil)
        layer.mask = circle
        let image = try render(scene(layer))
        expectPixel(image, 50, 50, (0, 0, 255, 255))
        expectPixel(image, 22, 22, (255, 255, 255, 255), "the layer's corner is outside the circle")
        expectPixel(image, 50, 21, (0, 0, 255, 255))
        // Row 44 has its centre at layer y 24.5, where the circle's left edge is at
        // x = 30 − √(30² − 5.5²) ≈ 0.51: pixel 20 (layer 0..<1) is about half covered.
        expectPixel(image, 20, 44, (130, 130, 255, 255), tolerance: 6)
        expectPixel(image, 21, 44, (0, 0, 255, 255))
        expectPixel(image, 19, 44, (255, 255, 255, 255))
    }

    @Test func aShapeMaskEdgeHalfwayThroughAPixelHalfCoversIt() throws {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 40), opaqueBlue)
        let shape = CAShapeLayer()
        shape.frame = layer.bounds
        shape.path = CGPath(rect: CGRect(x: 10.5, y: 0, width: 20, height: 40), transform: nil)
        layer.mask = shape
        let image = try render(scene(layer))
        expectPixel(image, 10, 20, (128, 128, 255, 255))
        expectPixel(image, 11, 20, (0, 0, 255, 255))
        expectPixel(image, 30, 20, (128, 128, 255, 255))
        expectPixel(image, 31, 20, (255, 255, 255, 255))
    }

    @Test func aGradientMaskFadesTheLayerAlongItsAlphaRamp() throws {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 20), opaqueRed)
        let ramp = CAGradientLayer()
        ramp.frame = layer.bounds
        ramp.colors = [opaqueBlack, CGColor(gray: 0, alpha: 0)]
        ramp.startPoint = CGPoint(x: 0, y: 0.5)
        ramp.endPoint = CGPoint(x: 1, y: 0.5)
        layer.mask = ramp
        let image = try render(scene(layer))
        // The mask's alpha falls from 1 at x = 0 to 0 at x = 100: at pixel x it is about 1 − (x + 0.5) / 100.
        for x in [0, 25, 50, 75, 99] {
            let a = 1 - (Double(x) + 0.5) / 100
            let rest = UInt8((255 * (1 - a)).rounded())
            expectPixel(image, x, 10, (255, rest, rest, 255), tolerance: 3, "x = \(x)")
        }
        expectPixel(image, 50, 30, (255, 255, 255, 255))
    }

    @Test func aMasksSublayersAreItsAlpha() throws {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), opaqueGreen)
        let mask = CALayer()
        mask.frame = layer.bounds
        mask.addSublayer(solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20), opaqueBlack))
        mask.addSublayer(solidLayer(CGRect(x: 60, y: 60, width: 20, height: 20), CGColor(gray: 0, alpha: 0.5)))
        layer.mask = mask
        let image = try render(scene(layer))
        expectPixel(image, 20, 20, (0, 255, 0, 255))
        expectPixel(image, 70, 70, (128, 255, 128, 255))
        expectPixel(image, 45, 45, (255, 255, 255, 255))
        expectPixel(image, 9, 20, (255, 255, 255, 255))
        expectPixel(image, 30, 20, (255, 255, 255, 255))
    }

    @Test func theWholeLayerIsMaskedAsOneGroup() throws {
        // Background, a sublayer reaching outside the bounds, and a border, all under one mask
        // that covers the left half of the layer's bounds and reaches out to the left.
        let layer = solidLayer(CGRect(x: 20, y: 20, width: 60, height: 60), opaqueGreen)
        layer.borderWidth = 4
        layer.borderColor = opaqueBlue
        layer.addSublayer(solidLayer(CGRect(x: -15, y: 20, width: 30, height: 20), opaqueRed))
        let mask = solidLayer(CGRect(x: -20, y: 0, width: 50, height: 60), opaqueBlack)
        layer.mask = mask
        let image = try render(scene(layer))
        expectPixel(image, 10, 50, (255, 0, 0, 255), "the sublayer outside the bounds, inside the mask")
        expectPixel(image, 21, 30, (0, 0, 255, 255), "the border")
        expectPixel(image, 40, 30, (0, 255, 0, 255))
        expectPixel(image, 60, 30, (255, 255, 255, 255))
        expectPixel(image, 78, 30, (255, 255, 255, 255), "the border outside the mask")
    }

    @Test func theMaskIsPlacedInTheMaskedLayersBoundsSpaceWithItsOwnTransform() throws {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), opaqueRed)
        layer.bounds.origin = CGPoint(x: 10, y: 0)
        // Not applied to the mask: it is not a sublayer.
        layer.sublayerTransform = CATransform3DMakeScale(0.5, 0.5, 1)
        let mask = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), opaqueBlack)
        mask.position = CGPoint(x: 50, y: 50)
        mask.transform = CATransform3DMakeScale(2, 1, 1)
        layer.mask = mask
        let image = try render(scene(layer))
        // The mask covers bounds x 30..<70, y 40..<60; bounds x starts at 10, so window x 20..<60.
        expectPixel(image, 20, 40, (255, 0, 0, 255))
        expectPixel(image, 59, 59, (255, 0, 0, 255))
        expectPixel(image, 19, 50, (255, 255, 255, 255))
        expectPixel(image, 60, 50, (255, 255, 255, 255))
        expectPixel(image, 40, 39, (255, 255, 255, 255))
        expectPixel(image, 40, 60, (255, 255, 255, 255))
    }

    @Test func aRotatedMaskHasAntiAliasedEdgesWhenItAsksForThem() throws {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), opaqueRed)
        let diamond = solidLayer(CGRect(x: 25, y: 25, width: 50, height: 50), opaqueBlack)
        diamond.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        diamond.allowsEdgeAntialiasing = true
        layer.mask = diamond
        let image = try render(scene(layer))
        expectPixel(image, 50, 50, (255, 0, 0, 255))
        expectPixel(image, 50, 16, (255, 0, 0, 255), "the diamond's top reaches 50 − 35.4")
        expectPixel(image, 20, 20, (255, 255, 255, 255), "outside the diamond")
        // The upper-left edge lies 25 from the centre along the diagonal; pixel (32, 32)'s centre
        // lies 17.5·√2 ≈ 24.75 from it: 0.25 inside the edge, so the mask covers 0.75 of it.
        expectPixel(image, 32, 32, (255, 64, 64, 255), tolerance: 2)
        expectPixel(image, 31, 31, (255, 255, 255, 255), "1.16 outside the edge")
    }

    @Test func masksNestInsideMaskedLayersAndOnMasks() throws {
        // An outer layer masked to its left half holds a layer masked to its top half.
        let outer = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), opaqueGreen)
        outer.mask = solidLayer(CGRect(x: 0, y: 0, width: 50, height: 100), opaqueBlack)
        let inner = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), opaqueRed)
        inner.mask = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 50), opaqueBlack)
        outer.addSublayer(inner)
        let image = try render(scene(outer))
        expectPixel(image, 25, 25, (255, 0, 0, 255))
        expectPixel(image, 25, 75, (0, 255, 0, 255))
        expectPixel(image, 75, 25, (255, 255, 255, 255))
        expectPixel(image, 75, 75, (255, 255, 255, 255))

        // A mask that has a mask of its own is its alpha where that mask lets it through.
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), opaqueBlue)
        let mask = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 50), opaqueBlack)
        mask.mask = solidLayer(CGRect(x: 0, y: 0, width: 50, height: 100), opaqueBlack)
        layer.mask = mask
        let masked = try render(scene(layer))
        expectPixel(masked, 25, 25, (0, 0, 255, 255))
        expectPixel(masked, 75, 25, (255, 255, 255, 255))
        expectPixel(masked, 25, 75, (255, 255, 255, 255))
    }

    @Test func aMaskCombinesWithRoundedMasksToBounds() throws {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), opaqueGreen)
        layer.cornerRadius = 20
        layer.masksToBounds = true
        layer.addSublayer(solidLayer(CGRect(x: -10, y: -10, width: 120, height: 120), opaqueBlue))
        layer.mask = solidLayer(CGRect(x: -10, y: -10, width: 60, height: 120), opaqueBlack)
        let image = try render(scene(layer))
        expectPixel(image, 25, 50, (0, 0, 255, 255))
        expectPixel(image, 1, 1, (255, 255, 255, 255), "outside the rounded corner")
        expectPixel(image, 10, 10, (0, 0, 255, 255))
        expectPixel(image, 75, 50, (255, 255, 255, 255), "outside the mask")
    }

    @Test func aMaskedLayersOpacityAppliesOnceToTheMaskedGroup() throws {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), opaqueRed)
        layer.opacity = 0.5
        layer.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 100, height: 50), opaqueBlue))
        layer.mask = solidLayer(CGRect(x: 0, y: 0, width: 50, height: 100), opaqueBlack)
        let image = try render(scene(layer))
        expectPixel(image, 25, 25, (128, 128, 255, 255), "blue over red in the group, then half over white")
        expectPixel(image, 25, 75, (255, 128, 128, 255))
        expectPixel(image, 75, 25, (255, 255, 255, 255))
    }

    @Test func aMaskWhoseBoundsAnimateRevealsTheLayerMidAnimation() throws {
        let clock = ManualClock(whiteRoot(), at: 0)
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), opaqueRed)
        let mask = solidLayer(CGRect(x: 0, y: 0, width: 0, height: 100), opaqueBlack)
        mask.anchorPoint = .zero
        mask.position = .zero
        layer.mask = mask
        clock.layer.addSublayer(layer)
        CATransaction.flush()
        let reveal = basic("bounds.size.width", from: 0, to: 100, duration: 4)
        mask.add(reveal, forKey: "reveal")
        CATransaction.flush()
        clock.seek(to: 1)
        let quarter = try render(clock.layer, at: clock.now)
        expectPixel(quarter, 24, 50, (255, 0, 0, 255))
        expectPixel(quarter, 25, 50, (255, 255, 255, 255))
        clock.seek(to: 3)
        let threeQuarters = try render(clock.layer, at: clock.now)
        expectPixel(threeQuarters, 74, 50, (255, 0, 0, 255))
        expectPixel(threeQuarters, 75, 50, (255, 255, 255, 255))
    }

    @Test func aMaskWhosePositionAnimatesSlidesOverTheLayer() throws {
        let clock = ManualClock(whiteRoot(), at: 0)
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), opaqueBlue)
        layer.mask = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 100), opaqueBlack)
        clock.layer.addSublayer(layer)
        CATransaction.flush()
        let slide = basic("position.x", from: 10, to: 90, duration: 4)
        try #require(layer.mask).add(slide, forKey: "slide")
        CATransaction.flush()
        clock.seek(to: 2)
        let image = try render(clock.layer, at: clock.now)
        // position.x = 50: the mask covers x 40..<60.
        expectPixel(image, 40, 50, (0, 0, 255, 255))
        expectPixel(image, 59, 50, (0, 0, 255, 255))
        expectPixel(image, 39, 50, (255, 255, 255, 255))
        expectPixel(image, 60, 50, (255, 255, 255, 255))
    }

    @Test func aShapeMaskWhosePathAnimatesRevealsTheLayerMidAnimation() throws {
        let clock = ManualClock(whiteRoot(), at: 0)
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), opaqueGreen)
        let shape = CAShapeLayer()
        shape.frame = layer.bounds
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        layer.mask = shape
        clock.layer.addSublayer(layer)
        CATransaction.flush()
        let grow = basic(
            "path", from: CGPath(rect: CGRect(x: 0, y: 0, width: 0, height: 100), transform: nil),
            to: CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil), duration: 4)
        shape.add(grow, forKey: "grow")
        CATransaction.flush()
        clock.seek(to: 2)
        // The render side draws the interpolated path: no display pass or commit is needed.
        let image = try render(clock.layer, at: clock.now)
        expectPixel(image, 49, 50, (0, 255, 0, 255))
        expectPixel(image, 50, 50, (255, 255, 255, 255))
    }

    @Test func aZeroSizedMaskHidesTheLayer() throws {
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), opaqueRed)
        layer.mask = solidLayer(CGRect(x: 50, y: 50, width: 0, height: 0), opaqueBlack)
        let image = try render(scene(layer))
        expectPixel(image, 50, 50, (255, 255, 255, 255))
        expectPixel(image, 0, 0, (255, 255, 255, 255))
    }

    @Test func masksNestedDeeperThanTheRendererCanDrawAreDrawnUnmaskedWithAMessage() throws {
        // Twenty masked layers in a chain nest twenty groups; the renderer allows 16.
        let root = whiteRoot()
        var parent = root
        for _ in 0..<20 {
            let layer = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
            layer.mask = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), opaqueBlack)
            parent.addSublayer(layer)
            parent = layer
        }
        parent.backgroundColor = opaqueRed
        let (image, messages) = try Diagnostics.capturing { try render(root) }
        expectPixel(image, 50, 50, (255, 0, 0, 255))
        #expect(messages.contains { $0.contains("groups nest deeper than") })
    }

    /// A render tree with a white 100x100 root `ids[0]` holding `count` red 100x100 layers
    /// `ids[1...]`, then the (layer, mask) links `masks` makes of them (which the model refuses).
    func treeWithMasks(
        _ count: Int, _ masks: ([LayerID]) -> [(LayerID, LayerID)]
    ) -> (RenderTree, [LayerID]) {
        let ids = (0...count).map { _ in LayerID.next() }
        var props = LayerProperties()
        props.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        props.position = CGPoint(x: 50, y: 50)
        props.backgroundColor = CGColor(gray: 1, alpha: 1)
        var updates = [LayerUpdate(layer: ids[0], field: .all(props))]
        props.backgroundColor = opaqueRed
        for id in ids.dropFirst() { updates.append(LayerUpdate(layer: id, field: .all(props))) }
        updates.append(LayerUpdate(layer: ids[0], field: .sublayers(Array(ids.dropFirst()))))
        for (layer, mask) in masks(ids) { updates.append(LayerUpdate(layer: layer, field: .mask(mask))) }
        var tree = RenderTree()
        tree.apply(LayerTreeCommit(sequence: 1, updates: updates, released: [], timestamp: 0))
        return (tree, ids)
    }

    @Test func aLayerThatIsItsOwnMaskOrInACycleOfMasksIsDrawnUnmaskedWithAMessage() throws {
        let canvas = TestCanvas(width: 100, height: 100)
        let (own, ownIDs) = treeWithMasks(1) { [($0[1], $0[1])] }
        var list: DisplayList?
        let messages = Diagnostics.capturing {
            list = FrameBuilder.build(own, root: ownIDs[0], width: 100, height: 100)
        }
        let image = try canvas.render(try #require(list))
        expectPixel(image, 50, 50, (255, 0, 0, 255))
        #expect(messages.contains { $0.contains("cycle of masks") })

        // Two sublayers, each the other's mask: the cycle is cut where it comes round.
        let (cycle, ids) = treeWithMasks(2) { [($0[1], $0[2]), ($0[2], $0[1])] }
        let drawn = try canvas.render(FrameBuilder.build(cycle, root: ids[0], width: 100, height: 100))
        expectPixel(drawn, 50, 50, (255, 0, 0, 255))
    }

    @Test func aMaskThatIsAlsoASublayerIsDrawnInBothPlacesWithAMessage() throws {
        let canvas = TestCanvas(width: 100, height: 100)
        var (tree, ids) = treeWithMasks(2) { [($0[1], $0[2])] }
        // The root claims the mask as its sublayer again after it became a mask.
        tree.apply(
            LayerTreeCommit(
                sequence: 2, updates: [LayerUpdate(layer: ids[0], field: .sublayers([ids[1], ids[2]]))],
                released: [], timestamp: 0))
        var list: DisplayList?
        let messages = Diagnostics.capturing { list = FrameBuilder.build(tree, root: ids[0], width: 100, height: 100) }
        let image = try canvas.render(try #require(list))
        expectPixel(image, 50, 50, (255, 0, 0, 255))
        #expect(messages.contains { $0.contains("also a sublayer or another layer's mask") })
    }

    @Test func maskCommandsThatDoNotPairUpAreRejectedAndTheFrameIsStillDrawn() throws {
        let canvas = TestCanvas(width: 64, height: 48)
        let quad = canvas.rect(x: 0, y: 0, w: 20, h: 20, color: red)
        let half = canvas.rect(x: 0, y: 0, w: 10, h: 20, color: black)
        let surface = try HeadlessSurface(width: 64, height: 48)

        // A mask with no group, an endMask with no mask, and a group whose mask is never closed.
        let list = canvas.list(
            [quad, half], [.beginMask, .endMask(opacity: 1), .beginGroup, batch(0, 1), .beginMask, batch(1, 1)])
        let image = try surface.render(list)
        expectPixel(image, 5, 10, (255, 0, 0, 255))
        expectPixel(image, 15, 10, (255, 255, 255, 255), "masked when the frame closes the group")
        #expect(surface.statistics.rejectedCommands == 2)

        // A mask inside a group that got no target of its own is thrown away: unmasked.
        let deep = try HeadlessSurface(width: 64, height: 48, options: GLRendererOptions(maxGroupDepth: 0))
        let unmasked = try deep.render(
            canvas.list([quad, half], [.beginGroup, batch(0, 1), .beginMask, batch(1, 1), .endMask(opacity: 1)]))
        expectPixel(unmasked, 15, 10, (255, 0, 0, 255))
        expectPixel(unmasked, 30, 10, (255, 255, 255, 255))
    }
}
