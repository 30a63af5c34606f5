import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// Pixel tests from `CALayer` trees through the commit, the render tree, the frame builder
/// and the GL renderer, read back at known coordinates.
@Suite struct LayerRenderingTests {
    let white: Pixel = (255, 255, 255, 255)

    @Test func backgroundFillsTheFrameExactly() throws {
        let root = whiteRoot()
        root.addSublayer(
            solidLayer(CGRect(x: 10, y: 20, width: 30, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        let image = try render(root)
        expectPixel(image, 10, 20, (255, 0, 0, 255))
        expectPixel(image, 39, 59, (255, 0, 0, 255))
        expectPixel(image, 40, 59, white)
        expectPixel(image, 39, 60, white)
        expectPixel(image, 9, 20, white)
    }

    @Test func opacityHalfOverWhite() throws {
        let root = whiteRoot()
        let red = solidLayer(CGRect(x: 0, y: 0, width: 50, height: 50), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        red.opacity = 0.5
        root.addSublayer(red)
        try expectPixel(render(root), 25, 25, (255, 128, 128, 255))
    }

    @Test func roundedCornerIsTransparentAndCentreOpaque() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let card = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        card.cornerRadius = 20
        root.addSublayer(card)
        let image = try render(root)
        #expect(image.pixel(x: 1, y: 1).a == 0)
        #expect(image.pixel(x: 98, y: 98).a == 0)
        expectPixel(image, 50, 50, (0, 0, 255, 255))
        expectPixel(image, 50, 0, (0, 0, 255, 255))
        // On the arc, anti-aliased: partly covered.
        let edge = image.pixel(x: 6, y: 5).a  // centre (6.5, 5.5) lies 0.19 px inside the arc
        #expect(edge > 0 && edge < 255)
    }

    @Test func maskedCornersRoundOnlyTheChosenCorner() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let card = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        card.cornerRadius = 30
        card.maskedCorners = [.layerMaxXMaxYCorner]
        root.addSublayer(card)
        let image = try render(root)
        #expect(image.pixel(x: 99, y: 99).a == 0)
        #expect(
            image.pixel(x: 0, y: 0).a == 255 && image.pixel(x: 99, y: 0).a == 255 && image.pixel(x: 0, y: 99).a == 255)
    }

    @Test func borderIsInsetAndDrawnAboveSublayers() throws {
        let root = whiteRoot()
        let box = solidLayer(CGRect(x: 10, y: 10, width: 80, height: 80), CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        box.borderWidth = 5
        box.borderColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        box.addSublayer(
            solidLayer(CGRect(x: 0, y: 0, width: 40, height: 40), CGColor(red: 0, green: 0, blue: 1, alpha: 1)))
        root.addSublayer(box)
        let image = try render(root)
        expectPixel(image, 12, 12, (255, 0, 0, 255))  // border over the blue sublayer
        expectPixel(image, 14, 30, (255, 0, 0, 255))
        expectPixel(image, 15, 30, (0, 0, 255, 255))
        expectPixel(image, 70, 70, (0, 255, 0, 255))
        expectPixel(image, 9, 50, white)
    }

    @Test func masksToBoundsClipsAChildToTheRoundedBounds() throws {
        let root = whiteRoot()
        let clip = solidLayer(CGRect(x: 20, y: 20, width: 60, height: 60))
        clip.masksToBounds = true
        clip.cornerRadius = 20
        clip.addSublayer(
            solidLayer(CGRect(x: -20, y: -20, width: 100, height: 100), CGColor(red: 0, green: 0, blue: 1, alpha: 1)))
        root.addSublayer(clip)
        let image = try render(root)
        expectPixel(image, 50, 50, (0, 0, 255, 255))
        expectPixel(image, 10, 50, white)  // outside the clip, inside the child
        expectPixel(image, 21, 21, white)  // the clip's rounded corner
        expectPixel(image, 50, 21, (0, 0, 255, 255))
    }

    @Test func clipFollowsATransformedParent() throws {
        let root = whiteRoot()
        let clip = solidLayer(CGRect(x: 25, y: 25, width: 50, height: 50))
        clip.masksToBounds = true
        clip.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        clip.addSublayer(
            solidLayer(CGRect(x: -100, y: -100, width: 300, height: 300), CGColor(red: 0, green: 0, blue: 1, alpha: 1)))
        root.addSublayer(clip)
        let image = try render(root)
        // A diamond: the centre and the top tip (50, 50 − 35) are inside, the square's corner (27, 27) is not.
        expectPixel(image, 50, 50, (0, 0, 255, 255))
        expectPixel(image, 50, 18, (0, 0, 255, 255))
        expectPixel(image, 27, 27, white)
    }

    @Test func groupOpacityCompositesOverlappingSublayersAsOne() throws {
        let root = whiteRoot()
        let group = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        group.opacity = 0.5
        group.addSublayer(
            solidLayer(CGRect(x: 0, y: 0, width: 60, height: 60), CGColor(red: 0, green: 0, blue: 1, alpha: 1)))
        group.addSublayer(
            solidLayer(CGRect(x: 40, y: 40, width: 60, height: 60), CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        root.addSublayer(group)
        let image = try render(root)
        // The overlap shows only the top (red) layer at half strength, like the red-only area.
        expectPixel(image, 50, 50, (255, 128, 128, 255))
        expectPixel(image, 80, 80, (255, 128, 128, 255))
        expectPixel(image, 20, 20, (128, 128, 255, 255))

        group.allowsGroupOpacity = false
        let separate = try render(root)
        // Without group opacity the blue shows through the red in the overlap.
        #expect(!isClose(separate.pixel(x: 50, y: 50), (255, 128, 128, 255), tolerance: 10))
    }

    @Test func hiddenLayersAreNotDrawn() throws {
        let root = whiteRoot()
        let hidden = solidLayer(CGRect(x: 0, y: 0, width: 50, height: 50), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        hidden.isHidden = true
        root.addSublayer(hidden)
        try expectPixel(render(root), 25, 25, white)
    }

    @Test func zPositionFlipsTheOrderOfOverlappingLayers() throws {
        let root = whiteRoot()
        let a = solidLayer(CGRect(x: 0, y: 0, width: 60, height: 60), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let b = solidLayer(CGRect(x: 30, y: 30, width: 60, height: 60), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        root.sublayers = [a, b]
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        try expectPixel(renderer.render(root), 45, 45, (0, 0, 255, 255))
        a.zPosition = 1
        try expectPixel(renderer.render(root), 45, 45, (255, 0, 0, 255))
    }

    @Test func perspectiveNarrowsALayerRotatedAboutY() throws {
        let root = whiteRoot(200, 200)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        root.sublayerTransform = perspective
        let card = solidLayer(
            CGRect(x: 50, y: 50, width: 100, height: 100), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        root.addSublayer(card)
        let flat = coveredWidth(try render(root), row: 100, background: white)
        CATransaction.setDisableActions(true)  // show the new transform at once, not its implicit animation
        card.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        let image = try render(root)
        let rotated = coveredWidth(image, row: 100, background: white)
        #expect(flat == 100)
        #expect(rotated >= 45 && rotated <= 56)
        // The near edge is taller than the far edge.
        let nearColumn = (0..<200).first { !isClose(image.pixel(x: $0, y: 100), white, tolerance: 8) }!
        let farColumn = (0..<200).last { !isClose(image.pixel(x: $0, y: 100), white, tolerance: 8) }!
        let height = { (x: Int) in
            (0..<200).filter { !isClose(image.pixel(x: x, y: $0), self.white, tolerance: 8) }.count
        }
        #expect(height(nearColumn + 2) > height(farColumn - 2))
    }

    @Test func singleSidedLayerTurnedAwayIsCulled() throws {
        let root = whiteRoot()
        let card = solidLayer(CGRect(x: 25, y: 25, width: 50, height: 50), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        card.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        root.addSublayer(card)
        try expectPixel(render(root), 50, 50, (255, 0, 0, 255))
        card.isDoubleSided = false
        try expectPixel(render(root), 50, 50, white)
    }

    @Test func contentsResizeWithNearestFilterShowsEachQuadrant() throws {
        let root = whiteRoot()
        let image = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        image.contents = quadrantImage()
        image.magnificationFilter = .nearest
        root.addSublayer(image)
        let out = try render(root)
        expectPixel(out, 25, 25, (255, 0, 0, 255))
        expectPixel(out, 75, 25, (0, 255, 0, 255))
        expectPixel(out, 25, 75, (0, 0, 255, 255))
        expectPixel(out, 75, 75, (255, 255, 0, 255))
    }

    @Test func contentsRectShowsPartOfTheImage() throws {
        let root = whiteRoot()
        let image = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        image.contents = quadrantImage()
        image.magnificationFilter = .nearest
        image.contentsRect = CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)
        root.addSublayer(image)
        let out = try render(root)
        expectPixel(out, 10, 10, (255, 255, 0, 255))
        expectPixel(out, 90, 90, (255, 255, 0, 255))
    }

    @Test(arguments: [
        // gravity, a pixel inside the 20x20 image, a pixel of the background. "top" is maximum y.
        (CALayerContentsGravity.center, (50, 50), (20, 50)),
        (.top, (50, 90), (50, 50)),
        (.bottom, (50, 5), (50, 50)),
        (.left, (5, 50), (50, 50)),
        (.right, (95, 50), (50, 50)),
        (.topLeft, (5, 95), (5, 5)),
        (.topRight, (95, 95), (95, 5)),
        (.bottomLeft, (5, 5), (5, 95)),
        (.bottomRight, (95, 5), (95, 95)),
    ])
    func gravityPlacesTheImage(gravity: CALayerContentsGravity, inside: (Int, Int), outside: (Int, Int)) throws {
        let root = whiteRoot()
        let image = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), CGColor(gray: 0, alpha: 1))
        image.contents = CGImage(
            rgbaPixels: [UInt8](repeating: 255, count: 20 * 20 * 4).enumerated().map {
                $0.offset % 4 == 1 || $0.offset % 4 == 2 ? 0 : 255
            }, width: 20, height: 20)
        image.contentsGravity = gravity
        root.addSublayer(image)
        let out = try render(root)
        expectPixel(out, inside.0, inside.1, (255, 0, 0, 255))
        expectPixel(out, outside.0, outside.1, (0, 0, 0, 255))
    }

    @Test func aspectGravitiesKeepTheImageShape() throws {
        let root = whiteRoot(200, 100)
        let fit = solidLayer(CGRect(x: 0, y: 0, width: 200, height: 100), CGColor(gray: 0, alpha: 1))
        fit.contents = quadrantImage(size: 4)
        fit.magnificationFilter = .nearest
        fit.contentsGravity = .resizeAspect
        root.addSublayer(fit)
        let out = try render(root)
        expectPixel(out, 40, 50, (0, 0, 0, 255))  // letterbox
        expectPixel(out, 60, 10, (255, 0, 0, 255))  // image spans x 50..<150
        expectPixel(out, 140, 90, (255, 255, 0, 255))
        fit.contentsGravity = .resizeAspectFill
        fit.masksToBounds = true
        let fill = try render(root)
        expectPixel(fill, 10, 2, (255, 0, 0, 255))  // spans x 0..<200, y −50..<150
        expectPixel(fill, 190, 98, (255, 255, 0, 255))
    }

    @Test func contentsScaleHalvesTheNaturalSize() throws {
        let root = whiteRoot()
        let image = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), CGColor(gray: 0, alpha: 1))
        image.contents = quadrantImage(size: 40)
        image.contentsGravity = .bottomLeft
        image.contentsScale = 2
        root.addSublayer(image)
        let out = try render(root)
        expectPixel(out, 19, 19, (255, 255, 0, 255))
        expectPixel(out, 21, 21, (0, 0, 0, 255))
    }

    @Test func nineSliceKeepsCornersAndStretchesTheMiddle() throws {
        // A 3x3 image: red corners, green edges, blue centre.
        let r: [UInt8] = [255, 0, 0, 255]
        let g: [UInt8] = [0, 255, 0, 255]
        let b: [UInt8] = [0, 0, 255, 255]
        let image = CGImage(rgbaPixels: r + g + r + g + b + g + r + g + r, width: 3, height: 3)!
        let root = whiteRoot()
        let panel = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 60))
        panel.contents = image
        panel.magnificationFilter = .nearest
        panel.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        root.addSublayer(panel)
        let out = try render(root)
        expectPixel(out, 0, 0, (255, 0, 0, 255))
        expectPixel(out, 1, 1, (0, 0, 255, 255))  // the fixed corner is one pixel
        expectPixel(out, 50, 30, (0, 0, 255, 255))
        expectPixel(out, 50, 0, (0, 255, 0, 255))
        expectPixel(out, 99, 59, (255, 0, 0, 255))
    }

    @Test func texturesUploadOnceAndAreFreedWhenNoLayerUsesThem() throws {
        let root = whiteRoot()
        let shared = quadrantImage()
        for i in 0..<10 {
            let tile = solidLayer(CGRect(x: i * 10, y: 0, width: 10, height: 10))
            tile.contents = shared
            root.addSublayer(tile)
        }
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        _ = try renderer.render(root)
        #expect(renderer.statistics.textureUploads == 1)
        #expect(renderer.statistics.drawCalls == 1)
        _ = try renderer.render(root)
        #expect(renderer.statistics.textureUploads == 0)
        // Without actions: an implicit contents animation would keep cross-fading the old image.
        CATransaction.setDisableActions(true)
        for tile in root.sublayers ?? [] { tile.contents = nil }
        _ = try renderer.render(root)
        CATransaction.setDisableActions(true)
        for tile in root.sublayers ?? [] { tile.contents = shared }
        _ = try renderer.render(root)
        #expect(renderer.statistics.textureUploads == 1)  // it was purged when unused, so uploaded again
    }

    @Test func thousandTexturedLayersSharingAnImageTakeOneDrawCall() throws {
        let root = whiteRoot(640, 360)
        let shared = quadrantImage()
        for i in 0..<1000 {
            let tile = solidLayer(CGRect(x: (i * 97) % 600, y: (i * 59) % 320, width: 40, height: 40))
            tile.contents = shared
            root.addSublayer(tile)
        }
        let renderer = try OffscreenRenderer(width: 640, height: 360)
        _ = try renderer.render(root)
        #expect(renderer.statistics.drawCalls == 1)
        // The white root background covers the target opaquely, so it became the clear colour.
        #expect(renderer.statistics.instances == 1000)
    }

    @Test func onlyCommittedChangesAreRenderedAndTheRendererFollowsLaterCommits() throws {
        let root = whiteRoot()
        let box = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        root.addSublayer(box)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        try expectPixel(renderer.render(root), 10, 10, (255, 0, 0, 255))
        CATransaction.setDisableActions(true)  // the new position at once, not its implicit animation
        box.position = CGPoint(x: 60, y: 60)
        let moved = try renderer.render(root)
        expectPixel(moved, 10, 10, white)
        expectPixel(moved, 60, 60, (255, 0, 0, 255))
    }
}
