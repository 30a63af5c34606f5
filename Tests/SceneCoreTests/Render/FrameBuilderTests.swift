import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

@Suite struct FrameBuilderTests {
    @Test func composesAnchorPositionAndBoundsIntoTheQuadTransform() throws {
        let root = solidLayer(CGRect(x: 150, y: 75, width: 100, height: 50), red)
        let list = displayList(for: root, width: 400, height: 200)
        let quad = try #require(list.instances.first)
        #expect(quad.rect == SIMD4(0, 0, 100, 50))
        let topLeft = windowPoint(quad, x: 0, y: 0, width: 400, height: 200)
        let bottomRight = windowPoint(quad, x: 100, y: 50, width: 400, height: 200)
        #expect(abs(topLeft.x - 150) < 1e-4 && abs(topLeft.y - 75) < 1e-4)
        #expect(abs(bottomRight.x - 250) < 1e-4 && abs(bottomRight.y - 125) < 1e-4)
    }

    @Test func sublayersAreOffsetByTheParentsBoundsOriginAndSublayerTransform() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.bounds.origin = CGPoint(x: 10, y: 0)
        root.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        let child = solidLayer(CGRect(x: 110, y: 50, width: 10, height: 10), red)
        root.addSublayer(child)
        let quad = try #require(displayList(for: root).instances.first)
        // Child (110...120) in root space → minus bounds origin (100...110) → scaled ×2 about the
        // root's anchor (100, 50) in bounds space (110, 50): x' = 110 + 2·(110 − 110) = 110 → window 100.
        let topLeft = windowPoint(quad, x: 0, y: 0, width: 200, height: 100)
        #expect(abs(topLeft.x - 100) < 1e-3 && abs(topLeft.y - 50) < 1e-3)
        let bottomRight = windowPoint(quad, x: 10, y: 10, width: 200, height: 100)
        #expect(abs(bottomRight.x - 120) < 1e-3 && abs(bottomRight.y - 70) < 1e-3)
    }

    /// Found by the property tests: `CGColor` keeps its components as given, and a NaN channel
    /// reached the display list (clamping with `min`/`max` lets NaN through). A NaN channel
    /// counts as 0; infinities clamp.
    @Test func colourChannelsThatAreNotNumbersDrawAsZero() throws {
        let root = solidLayer(
            CGRect(x: 0, y: 0, width: 20, height: 20), CGColor(red: .nan, green: 0.5, blue: .infinity, alpha: 1))
        root.borderWidth = 2
        root.borderColor = CGColor(red: 1, green: .nan, blue: 0, alpha: .nan)
        let background = try #require(displayList(for: root).instances.first)
        #expect(background.color == SIMD4(0, 0.5, 1, 1))
        #expect(RGBA(r: .nan, g: -.infinity, b: .infinity, a: .nan).premultiplied == RGBA(r: 0, g: 0, b: 0, a: 0))
        #expect(RGBA(r: .nan, g: 0.25, b: 2, a: 0.5).premultiplied == RGBA(r: 0, g: 0.125, b: 0.5, a: 0.5))
    }

    @Test func siblingsDrawInStableZPositionOrder() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let colors = [red, green, blue, CGColor(gray: 0.5, alpha: 1)]
        let zs: [CGFloat] = [0, 5, -1, 0]
        for (color, z) in zip(colors, zs) {
            let layer = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), color)
            layer.zPosition = z
            root.addSublayer(layer)
        }
        let drawn = displayList(for: root).instances.map(\.color)
        #expect(drawn == [blue, red, CGColor(gray: 0.5, alpha: 1), green].map { $0.value * 1 })
    }

    @Test func hiddenAndTransparentLayersAreNotDrawn() {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 50, height: 50), red)
        let hidden = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), green)
        hidden.isHidden = true
        let clear = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), blue)
        clear.opacity = 0
        root.sublayers = [hidden, clear]
        #expect(displayList(for: root).instances.count == 1)
    }

    @Test func borderIsDrawnAboveSublayers() {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 50, height: 50), red)
        root.borderWidth = 3
        root.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), green))
        let list = displayList(for: root)
        #expect(list.instances.map(\.parameters.borderWidth) == [0, 0, 3])
        #expect(list.instances.last?.color == SIMD4(0, 0, 0, 1))
    }

    @Test func opacityMultipliesDownWithoutAGroupForASinglePrimitive() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        root.opacity = 0.5
        let child = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), red)
        root.addSublayer(child)
        root.allowsGroupOpacity = false
        let list = displayList(for: root)
        #expect(list.commands.count == 1)
        #expect(list.instances[0].color == SIMD4(0.5, 0, 0, 0.5))
    }

    @Test func groupOpacityWrapsALayerThatDrawsSeveralThings() {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 50, height: 50), red)
        root.opacity = 0.5
        root.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), green))
        let list = displayList(for: root)
        #expect(list.commands.first == .beginGroup)
        #expect(list.commands.last == .endGroup(opacity: 0.5))
        #expect(list.instances.map(\.color) == [SIMD4(1, 0, 0, 1), SIMD4(0, 1, 0, 1)])
    }

    @Test func groupOpacityWrapsASingleSublayerWhoseSubtreeDrawsSeveralThings() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        root.opacity = 0.5
        let only = CALayer()
        only.frame = root.bounds
        root.addSublayer(only)
        let child = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), red)
        only.addSublayer(child)
        // One thing drawn down a chain of single sublayers: the opacity multiplies down.
        #expect(displayList(for: root).commands.count == 1)
        // Two overlapping things below the only sublayer: they are composited as one group.
        child.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), green))
        let list = displayList(for: root)
        #expect(list.commands.first == .beginGroup)
        #expect(list.commands.last == .endGroup(opacity: 0.5))
        #expect(list.instances.map(\.color) == [SIMD4(1, 0, 0, 1), SIMD4(0, 1, 0, 1)])
    }

    @Test func aMaskedLayerIsAGroupCompositedByItsMaskDrawnInItsSpace() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let layer = solidLayer(CGRect(x: 100, y: 0, width: 50, height: 50), red)
        layer.opacity = 0.5
        layer.mask = solidLayer(CGRect(x: 10, y: 20, width: 5, height: 5), green)
        root.addSublayer(layer)
        let list = displayList(for: root, keepingEffects: false)
        guard case .draw(let content) = list.commands[1], case .draw(let mask) = list.commands[3] else {
            Issue.record("\(list.commands)")
            return
        }
        #expect(list.commands[0] == .beginGroup && list.commands[2] == .beginMask)
        #expect(list.commands[4] == .endMask(opacity: 0.5) && list.commands.count == 5)
        #expect(list.instances[content.first].color == SIMD4(1, 0, 0, 1), "the opacity is the composite's")
        let maskQuad = list.instances[mask.first]
        let topLeft = windowPoint(maskQuad, x: 0, y: 0, width: 200, height: 100)
        #expect(abs(topLeft.x - 110) < 1e-3 && abs(topLeft.y - 20) < 1e-3)

        // A masked layer that draws nothing needs no group, nor a kept bitmap.
        layer.backgroundColor = nil
        #expect(displayList(for: root, keepingEffects: false).commands.isEmpty)
        #expect(displayList(for: root).commands.isEmpty)
    }

    @Test func aStillMaskedLayerIsDrawnIntoABitmapInItsOwnSpaceThenComposited() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let layer = solidLayer(CGRect(x: 100, y: 0, width: 50, height: 40), red)
        layer.opacity = 0.5
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        layer.mask = solidLayer(CGRect(x: 10, y: 20, width: 5, height: 5), green)
        root.addSublayer(layer)
        let list = displayList(for: root)
        // Scaled by 2 on screen, the 50x40 layer is drawn at 2 pixels a point, without its
        // opacity, then composited at half opacity.
        let id = layer.layerID
        guard case .beginRaster(let request) = list.commands.first,
            case .drawRaster(id, let quad) = list.commands.last,
            case .draw(let mask) = list.commands[4]
        else {
            Issue.record("\(list.commands)")
            return
        }
        #expect(request == RasterRequest(layer: id, version: request.version, scale: 2, width: 100, height: 80))
        #expect(
            Array(list.commands[1...6]) == [
                .beginGroup, list.commands[2], .beginMask, list.commands[4], .endMask(opacity: 1), .endRaster,
            ])
        // The mask is placed in the bitmap: its top-left corner at (20, 40) pixels.
        let corner = windowPoint(list.instances[mask.first], x: 0, y: 0, width: 100, height: 80)
        #expect(abs(corner.x - 20) < 1e-3 && abs(corner.y - 40) < 1e-3)
        #expect(list.instances[quad.first].color == SIMD4(repeating: 0.5))
        #expect(list.instances[quad.first].rect == SIMD4(0, 0, 50, 40))
    }

    @Test func masksToBoundsClipsSublayersToTheRoundedBoundsByCoverage() {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 50, height: 50), red)
        root.masksToBounds = true
        root.cornerRadius = 10
        root.maskedCorners = [.layerMinXMinYCorner]
        root.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), green))
        let list = displayList(for: root)
        // Rounded: the sublayers are drawn offscreen and composited by the shape's coverage.
        guard case .beginShapeClip(let index) = list.commands[1], case .endShapeClip(index) = list.commands[3] else {
            Issue.record("expected draw, beginShapeClip, draw, endShapeClip; got \(list.commands)")
            return
        }
        #expect(list.instances[index].radii == SIMD4(10, 0, 0, 0))
        #expect(list.instances[index].shapeRect == SIMD4(0, 0, 50, 50))
        #expect(
            list.instances[index].parameters
                == QuadParameters(paint: .color, edges: EdgeAntialiasing.all, clipsToShape: true))

        // Square corners and no edge anti-aliasing: the stencil's hard clip.
        root.cornerRadius = 0
        let square = displayList(for: root)
        guard case .pushClip(let squareIndex) = square.commands[1], case .popClip(squareIndex) = square.commands[3]
        else {
            Issue.record("expected draw, pushClip, draw, popClip; got \(square.commands)")
            return
        }
        // Edge anti-aliasing asks for the soft clip even without rounding.
        root.allowsEdgeAntialiasing = true
        guard case .beginShapeClip = displayList(for: root).commands[1] else {
            Issue.record("expected a shape clip with allowsEdgeAntialiasing")
            return
        }
    }

    @Test func continuousCornersTravelAsNegativeRadii() {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 50, height: 40), red)
        root.cornerRadius = 30
        root.cornerCurve = .continuous
        root.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        // Clamped to half the shorter side first, as circular corners are.
        #expect(displayList(for: root).instances[0].radii == SIMD4(-20, 0, -20, 0))
    }

    @Test func singleSidedLayerFacingAwayIsCulled() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let card = solidLayer(CGRect(x: 25, y: 25, width: 50, height: 50), red)
        card.transform = CATransform3DMakeRotation(.pi * 0.75, 0, 1, 0)
        root.addSublayer(card)
        #expect(displayList(for: root).instances.count == 1)
        card.isDoubleSided = false
        #expect(displayList(for: root).instances.isEmpty)
    }

    @Test func perspectiveFromSublayerTransformNarrowsARotatedLayer() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        root.sublayerTransform = perspective
        let card = solidLayer(CGRect(x: 50, y: 50, width: 100, height: 100), red)
        card.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        root.addSublayer(card)
        let quad = try #require(displayList(for: root, width: 200, height: 200).instances.first)
        let left = windowPoint(quad, x: 0, y: 50, width: 200, height: 200)
        let right = windowPoint(quad, x: 100, y: 50, width: 200, height: 200)
        // cos 60° = 0.5 without perspective; the near edge grows and the far edge shrinks with it.
        let width = right.x - left.x
        #expect(width > 45 && width < 55)
        #expect(abs(quad.transform[3]) > 0 || abs(quad.transform[7]) > 0 || abs(quad.transform[11]) > 0)
        let nearEdgeTop = windowPoint(quad, x: 0, y: 0, width: 200, height: 200)
        let farEdgeTop = windowPoint(quad, x: 100, y: 0, width: 200, height: 200)
        #expect(nearEdgeTop.y < 50 && farEdgeTop.y > 50)
    }

    @Test func contentsAreDrawnBetweenBackgroundAndSublayers() {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 40), red)
        root.contents = testImage()
        root.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), green))
        let list = displayList(for: root)
        #expect(list.instances.map(\.parameters.paint) == [.color, .texture, .color])
        #expect(list.drawCallCount == 1)
    }

    @Test func aTreeDeeperThanTheLimitIsCutOffNotCrashed() {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), red)
        var parent = root
        for _ in 0..<(FrameBuilder.maximumDepth + 10) {
            let child = solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), red)
            parent.addSublayer(child)
            parent = child
        }
        var list: DisplayList?
        let messages = Diagnostics.capturing { list = displayList(for: root) }
        #expect(list?.instances.count == FrameBuilder.maximumDepth)
        #expect(messages.contains { $0.contains("deeper than") })
    }

    @Test func anOpaqueRootBackgroundCoveringTheTargetBecomesTheClearColour() {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 200, height: 100), red)
        root.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 10, height: 10), green))
        let list = displayList(for: root)
        #expect(list.clearColor == SIMD4(1, 0, 0, 1))
        #expect(list.instances.map(\.color) == [SIMD4(0, 1, 0, 1)])
    }

    @Test func aRootBackgroundThatIsTranslucentRoundedOrSmallerStaysAQuad() {
        let translucent = solidLayer(
            CGRect(x: 0, y: 0, width: 200, height: 100), CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        let rounded = solidLayer(CGRect(x: 0, y: 0, width: 200, height: 100), red)
        rounded.cornerRadius = 8
        let smaller = solidLayer(CGRect(x: 0, y: 0, width: 199, height: 100), red)
        let rotated = solidLayer(CGRect(x: 0, y: 0, width: 200, height: 100), red)
        rotated.transform = CATransform3DMakeRotation(0.1, 0, 0, 1)
        for root in [translucent, rounded, smaller, rotated] {
            let list = displayList(for: root)
            #expect(list.clearColor == .zero)
            // The rounded fill, large enough, is drawn as its inside and the four strips around it.
            #expect(list.instances.count == (root === rounded ? 5 : 1))
        }
    }
}
