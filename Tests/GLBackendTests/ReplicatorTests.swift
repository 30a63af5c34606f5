import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// `CAReplicatorLayer` through the headless renderer: instances placed by powers of the
/// instance transform, tinted by the accumulated instance colour, delayed in time, and the
/// replicator's properties animated on the render side.
@Suite struct ReplicatorTests {
    let opaqueRed = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let opaqueBlue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let opaqueWhite = CGColor(gray: 1, alpha: 1)
    let white: Pixel = (255, 255, 255, 255)
    let red: Pixel = (255, 0, 0, 255)

    /// A replicator over the whole `root` whose one sublayer is a 10x10 square at (0, 5).
    func replicator(in root: CALayer, count: Int, square color: CGColor) -> (CAReplicatorLayer, CALayer) {
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = count
        let square = solidLayer(CGRect(x: 0, y: 5, width: 10, height: 10), color)
        replicator.addSublayer(square)
        root.addSublayer(replicator)
        return (replicator, square)
    }

    @Test func instanceIIsPlacedByTheTransformAppliedITimes() throws {
        let root = whiteRoot(100, 20)
        let (replicator, _) = replicator(in: root, count: 5, square: opaqueRed)
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        let image = try render(root)
        for x in [0, 20, 40, 60, 80] {
            expectPixel(image, x, 10, red)
            expectPixel(image, x + 9, 10, red)
            expectPixel(image, x + 10, 10, white)
        }
        expectPixel(image, 50, 2, white)
    }

    @Test func theTransformTurnsInstancesAboutTheReplicatorsCentre() throws {
        // A 60x60 replicator; a 10x10 square at the top middle; four instances turned by 90°.
        let root = whiteRoot(60, 60)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 4
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        replicator.addSublayer(solidLayer(CGRect(x: 25, y: 0, width: 10, height: 10), opaqueRed))
        root.addSublayer(replicator)
        let image = try render(root)
        expectPixel(image, 30, 5, red)  // instance 0, top
        expectPixel(image, 55, 30, red)  // a quarter turn about (30, 30) (y down): right
        expectPixel(image, 30, 55, red)  // bottom
        expectPixel(image, 5, 30, red)  // left
        expectPixel(image, 30, 30, white)
        expectPixel(image, 5, 5, white)
    }

    @Test func noInstancesDrawOnlyTheReplicatorsOwnBackground() throws {
        let root = whiteRoot(100, 20)
        let (replicator, _) = replicator(in: root, count: 0, square: opaqueRed)
        replicator.backgroundColor = opaqueBlue
        replicator.frame = CGRect(x: 0, y: 0, width: 50, height: 20)
        let image = try render(root)
        expectPixel(image, 5, 10, (0, 0, 255, 255))
        expectPixel(image, 49, 10, (0, 0, 255, 255))
        expectPixel(image, 50, 10, white)
    }

    @Test func instancesAreNotClippedToTheReplicatorsBoundsUnlessItMasksToThem() throws {
        let root = whiteRoot(100, 20)
        let (replicator, _) = replicator(in: root, count: 3, square: opaqueRed)
        replicator.frame = CGRect(x: 0, y: 0, width: 30, height: 20)
        replicator.instanceTransform = CATransform3DMakeTranslation(40, 0, 0)
        let image = try render(root)
        expectPixel(image, 45, 10, red)
        expectPixel(image, 85, 10, red)
        // Changed without the implicit animation that would switch it half-way through.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        replicator.masksToBounds = true
        CATransaction.commit()
        let clipped = try render(root)
        expectPixel(clipped, 5, 10, red)
        expectPixel(clipped, 45, 10, white)
    }

    @Test func aTranslucentReplicatorIsCompositedAsOneGroup() throws {
        // Two overlapping instances at opacity 0.5: the overlap is no darker than the rest.
        let root = whiteRoot(100, 20)
        let (replicator, _) = replicator(in: root, count: 2, square: opaqueRed)
        replicator.instanceTransform = CATransform3DMakeTranslation(5, 0, 0)
        replicator.opacity = 0.5
        let image = try render(root)
        expectPixel(image, 2, 10, (255, 128, 128, 255))
        expectPixel(image, 7, 10, (255, 128, 128, 255))
        expectPixel(image, 12, 10, (255, 128, 128, 255))
    }

    @Test func aMaskInsideTheReplicatedSublayersMasksEveryInstance() throws {
        let root = whiteRoot(100, 20)
        let (replicator, square) = replicator(in: root, count: 3, square: opaqueRed)
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        square.mask = solidLayer(CGRect(x: 0, y: 0, width: 5, height: 10), CGColor(gray: 0, alpha: 1))
        let image = try render(root)
        for x in [0, 20, 40] {
            expectPixel(image, x + 2, 10, red)
            expectPixel(image, x + 7, 10, white)
        }
    }

    @Test func aShadowInsideTheReplicatedSublayersIsLeftOutAndTheLayersDrawn() throws {
        let root = whiteRoot(100, 20)
        let (replicator, square) = replicator(in: root, count: 2, square: opaqueRed)
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        square.shadowOpacity = 1
        square.shadowOffset = CGSize(width: 4, height: 0)
        square.shadowRadius = 0
        let image = try render(root)
        expectPixel(image, 5, 10, red)
        expectPixel(image, 25, 10, red)
        expectPixel(image, 12, 10, white, "no shadow")
    }

    @Test func colourOffsetsAccumulatePerInstance() throws {
        let root = whiteRoot(100, 20)
        let (replicator, _) = replicator(in: root, count: 3, square: opaqueWhite)
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        replicator.instanceColor = opaqueRed
        replicator.instanceGreenOffset = 0.25
        let image = try render(root)
        expectPixel(image, 5, 10, (255, 0, 0, 255))
        expectPixel(image, 25, 10, (255, 64, 0, 255))
        expectPixel(image, 45, 10, (255, 128, 0, 255))  // red + 2 × 0.25 green
    }

    @Test func anAlphaOffsetFadesInstancesAndClampsAtZero() throws {
        let root = whiteRoot(100, 20)
        let (replicator, _) = replicator(in: root, count: 4, square: opaqueRed)
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        replicator.instanceAlphaOffset = -0.5
        let image = try render(root)
        expectPixel(image, 5, 10, red)
        expectPixel(image, 25, 10, (255, 128, 128, 255))
        expectPixel(image, 45, 10, white)
        expectPixel(image, 65, 10, white, "alpha 1 − 3 × 0.5 is clamped to 0")
    }

    @Test func eachInstanceRunsTheAnimationsADelayLater() throws {
        let clock = ManualClock(whiteRoot(100, 20), at: 0)
        let (replicator, square) = replicator(in: clock.layer, count: 3, square: opaqueRed)
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        replicator.instanceDelay = 0.25
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        square.add(fade, forKey: "fade")
        CATransaction.flush()
        clock.seek(to: 0.5)
        let image = try render(clock.layer)
        // Opacity 0.5, 0.25 (what instance 0 showed at 0.25) and 0 (at 0).
        expectPixel(image, 5, 10, (255, 128, 128, 255))
        expectPixel(image, 25, 10, (255, 191, 191, 255))
        expectPixel(image, 45, 10, white)
        clock.seek(to: 0.75)
        let later = try render(clock.layer)
        expectPixel(later, 25, 10, (255, 128, 128, 255), "instance 1 at 0.75 shows instance 0 at 0.5")
    }

    @Test func aDelayedPositionAnimationPlacesEachInstanceWhereTheFirstWasEarlier() throws {
        let clock = ManualClock(whiteRoot(100, 40), at: 0)
        let (replicator, square) = replicator(in: clock.layer, count: 2, square: opaqueRed)
        replicator.instanceTransform = CATransform3DMakeTranslation(0, 20, 0)
        replicator.instanceDelay = 0.25
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 5
        move.toValue = 85
        move.duration = 1
        square.add(move, forKey: "move")
        CATransaction.flush()
        clock.seek(to: 0.5)
        let image = try render(clock.layer)
        // Instance 0 at x 45 (covers 40..<50); instance 1, 20 px down, at x 25 (20..<30).
        expectPixel(image, 40, 10, red)
        expectPixel(image, 49, 10, red)
        expectPixel(image, 39, 10, white)
        expectPixel(image, 20, 30, red)
        expectPixel(image, 29, 30, red)
        expectPixel(image, 30, 30, white)
    }

    @Test func instanceCountAndTransformAnimateOnTheRenderSide() throws {
        let clock = ManualClock(whiteRoot(100, 20), at: 0)
        let (replicator, _) = replicator(in: clock.layer, count: 1, square: opaqueRed)
        let count = CABasicAnimation(keyPath: "instanceCount")
        count.fromValue = 1
        count.toValue = 5
        count.duration = 1
        let step = CABasicAnimation(keyPath: "instanceTransform")
        step.fromValue = CATransform3DMakeTranslation(10, 0, 0)
        step.toValue = CATransform3DMakeTranslation(30, 0, 0)
        step.duration = 1
        replicator.add(count, forKey: "count")
        replicator.add(step, forKey: "step")
        CATransaction.flush()
        clock.seek(to: 0.5)
        let image = try render(clock.layer)
        // Three instances (1 + 4 × 0.5), 20 px apart.
        for x in [0, 20, 40] { expectPixel(image, x + 5, 10, red) }
        expectPixel(image, 15, 10, white)
        expectPixel(image, 65, 10, white)
        #expect(replicator.instanceCount == 1, "the model keeps its value")
    }

    @Test func theInstanceColourAnimates() throws {
        let clock = ManualClock(whiteRoot(100, 20), at: 0)
        let (replicator, _) = replicator(in: clock.layer, count: 1, square: opaqueWhite)
        replicator.backgroundColor = opaqueBlue
        let tint = CABasicAnimation(keyPath: "instanceColor")
        tint.fromValue = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        tint.toValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        tint.duration = 1
        replicator.add(tint, forKey: "tint")
        CATransaction.flush()
        clock.seek(to: 0.5)
        let image = try render(clock.layer)
        expectPixel(image, 5, 10, (255, 128, 128, 255))
    }

    @Test func preservingDepthShowsInstancesInTheSuperlayersPerspective() throws {
        // Two instances of a square, the second turned 180° about the y axis through the
        // replicator's centre and so moved to the far side; a perspective on the root.
        func draw(preservingDepth: Bool) throws -> RenderedImage {
            let root = whiteRoot(100, 40)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 100
            root.sublayerTransform = perspective
            let replicator = CAReplicatorLayer()
            replicator.frame = root.bounds
            replicator.instanceCount = 2
            replicator.preservesDepth = preservingDepth
            replicator.instanceTransform = CATransform3DMakeRotation(.pi, 0, 1, 0)
            let square = solidLayer(CGRect(x: 45, y: 15, width: 10, height: 10), opaqueRed)
            square.zPosition = 20
            replicator.addSublayer(square)
            root.addSublayer(replicator)
            return try render(root)
        }
        // Flattened: both squares lie in the replicator's plane, 10 px wide.
        let flat = try draw(preservingDepth: false)
        #expect(coveredWidth(flat, row: 20, background: white) == 10)
        // In depth: the near square (z 20) is magnified by 100 / 80 = 1.25: 12.5 px wide.
        let deep = try draw(preservingDepth: true)
        let width = coveredWidth(deep, row: 20, background: white)
        #expect(width >= 12 && width <= 14)
    }
}
