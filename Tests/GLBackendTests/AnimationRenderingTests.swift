import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// Pixels of the headless renderer mid-animation and mid-transition. The root's time is a
/// manual clock (the root is paused), so every frame is exact.
@Suite struct AnimationRenderingTests {
    /// A manual clock at 0 over a white 100x60 root.
    func pausedRoot() -> ManualClock {
        ManualClock(whiteRoot(100, 60), at: 0)
    }

    /// A red 20x20 box at (0, 20) on the paused root, drawn once by a renderer of the root's size.
    func redBoxOnAPausedRoot() throws -> (ManualClock, CALayer, OffscreenRenderer) {
        let clock = pausedRoot()
        let box = solidLayer(CGRect(x: 0, y: 20, width: 20, height: 20), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        clock.layer.addSublayer(box)
        let renderer = try OffscreenRenderer(width: 100, height: 60)
        _ = try renderer.render(clock.layer)
        return (clock, box, renderer)
    }

    @Test func positionHalfWayThroughALinearAnimation() throws {
        let (clock, box, renderer) = try redBoxOnAPausedRoot()
        let root = clock.layer
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 10
        move.toValue = 90
        move.duration = 4
        box.add(move, forKey: "move")
        CATransaction.flush()  // committed at layer time 0: that is its begin time
        clock.seek(to: 2)
        let image = try renderer.render(root)
        // position.x = 50: the box covers x 40..<60.
        expectPixel(image, 40, 30, (255, 0, 0, 255))
        expectPixel(image, 59, 30, (255, 0, 0, 255))
        expectPixel(image, 39, 30, (255, 255, 255, 255))
        expectPixel(image, 60, 30, (255, 255, 255, 255))
        #expect(!renderer.isAnimating, "a paused clock changes nothing from frame to frame")
    }

    /// The render side paces each segment of a keyframe path by its timing function too, on its
    /// steady path (frames drawn with no commit between them) as on its first frame.
    @Test func aPathsSegmentsArePacedByTheirTimingFunctions() throws {
        let root = whiteRoot(100, 60)
        let box = solidLayer(CGRect(x: 0, y: 20, width: 20, height: 20), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        root.addSublayer(box)
        let follow = CAKeyframeAnimation(keyPath: "position")
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 10, y: 30), CGPoint(x: 90, y: 30), CGPoint(x: 90, y: 50)])
        follow.path = path
        follow.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        follow.beginTime = 1000
        follow.duration = 4
        box.add(follow, forKey: "follow")
        let renderer = try OffscreenRenderer(width: 100, height: 60)
        for time in [1000.5, 1001] {
            let image = try renderer.render(root, at: time)
            // At 1001, half-way through the first segment's time: ease-in's 0.3154 of its 80
            // points, x 35.2, the box over x 25.2..<45.2 (linear pacing would put it at 40..<60).
            if time == 1001 {
                expectPixel(image, 26, 30, (255, 0, 0, 255))
                expectPixel(image, 44, 30, (255, 0, 0, 255))
                expectPixel(image, 47, 30, (255, 255, 255, 255))
            }
        }
    }

    @Test func hugeTimingValuesRenderTheStartOfACycle() throws {
        // Issue 12: a speed of 1e30 repeating forever counts more cycles than an Int holds.
        let (clock, box, renderer) = try redBoxOnAPausedRoot()
        let root = clock.layer
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 70
        move.toValue = 90
        move.speed = 1e30
        move.repeatCount = .infinity
        box.add(move, forKey: "move")
        CATransaction.flush()
        clock.seek(to: 2.5)
        let image = try renderer.render(root)
        // position.x = 70, the from-value: the box covers x 60..<80.
        expectPixel(image, 70, 30, (255, 0, 0, 255))
        expectPixel(image, 10, 30, (255, 255, 255, 255))
    }

    @Test func opacityAndColourMidAnimationBlend() throws {
        let clock = pausedRoot()
        let root = clock.layer
        let box = solidLayer(CGRect(x: 0, y: 0, width: 50, height: 60), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        root.addSublayer(box)
        let renderer = try OffscreenRenderer(width: 100, height: 60)
        _ = try renderer.render(root)
        let colour = CABasicAnimation(keyPath: "backgroundColor")
        colour.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        colour.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        colour.duration = 1
        box.add(colour, forKey: "colour")
        CATransaction.flush()
        clock.seek(to: 0.25)
        // Straight interpolation: (0.75, 0, 0.25).
        try expectPixel(renderer.render(root), 25, 30, (191, 0, 64, 255))
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        fade.beginTime = 0.25
        box.add(fade, forKey: "fade")
        clock.seek(to: 0.75)
        // Colour (0.25, 0, 0.75) at opacity 0.5 over white.
        try expectPixel(renderer.render(root), 25, 30, (159, 128, 223, 255), tolerance: 2)
    }

    @Test func fadeTransitionShowsBothRenderingsHalfWay() throws {
        let panel = try PanelTransition { $0.duration = 4 }
        // The old (blue) rendering at opacity 0.5 over white, then the new (green) at 0.5 over that.
        try expectPixel(panel.frame(at: 2), 20, 10, (64, 191, 128, 255), tolerance: 2)
        try expectPixel(panel.frame(at: 5), 20, 10, (0, 255, 0, 255))
    }

    @Test func pushTransitionSlidesTheNewRenderingInFromTheRight() throws {
        let image = try PanelTransition {
            $0.type = .push
            $0.subtype = .fromRight
        }.frame(at: 0.5)
        // Old blue pushed 20 points left (x −20..<20), new green 20 points right of home (x 20..<60).
        expectPixel(image, 10, 10, (0, 0, 255, 255))
        expectPixel(image, 30, 10, (0, 255, 0, 255))
        expectPixel(image, 55, 10, (0, 255, 0, 255))
        expectPixel(image, 65, 10, (255, 255, 255, 255))
    }

    @Test func revealSlidesTheOldRenderingAwayOverTheNew() throws {
        let image = try PanelTransition {
            $0.type = .reveal
            $0.subtype = .fromLeft
        }.frame(at: 0.25)
        // From the left: the old rendering leaves to the right (10 points at a quarter), over the new.
        expectPixel(image, 5, 10, (0, 255, 0, 255))
        expectPixel(image, 15, 10, (0, 0, 255, 255))
        expectPixel(image, 45, 10, (0, 0, 255, 255))
    }

    @Test func moveInFromBottomSlidesTheNewRenderingOverTheOld() throws {
        let image = try PanelTransition {
            $0.type = .moveIn
            $0.subtype = .fromBottom
        }.frame(at: 0.25)
        // Three quarters of the way still to come: the new (green) rendering starts 15 points down.
        expectPixel(image, 20, 5, (0, 0, 255, 255))
        expectPixel(image, 20, 16, (0, 255, 0, 255))
        expectPixel(image, 20, 33, (0, 255, 0, 255))
        expectPixel(image, 20, 36, (255, 255, 255, 255))
    }

    @Test func pushFromTopMovesBothRenderingsDown() throws {
        let image = try PanelTransition {
            $0.type = .push
            $0.subtype = .fromTop
        }.frame(at: 0.5)
        // The new rendering enters from the visual top (y grows downwards): green above, blue below.
        expectPixel(image, 20, 5, (0, 255, 0, 255))
        expectPixel(image, 20, 15, (0, 0, 255, 255))
        expectPixel(image, 20, 25, (0, 0, 255, 255))
        expectPixel(image, 20, 31, (255, 255, 255, 255))
    }

    @Test func startAndEndProgressRunOnlyPartOfTheTransition() throws {
        // From half-way to three quarters of a fade.
        let panel = try PanelTransition {
            $0.startProgress = 0.5
            $0.endProgress = 0.75
        }
        // At the start both renderings are at 0.5: blue over white, then green over that.
        try expectPixel(panel.frame(at: 0), 20, 10, (64, 191, 128, 255), tolerance: 2)
        // Nearly at 0.75: blue at 0.25 over white (191, 191, 255), then green at 0.75 over that.
        try expectPixel(panel.frame(at: 0.999), 20, 10, (48, 239, 64, 255), tolerance: 2)
    }

    @Test func changedContentsCrossFade() throws {
        let clock = pausedRoot()
        let root = clock.layer
        let picture = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 40))
        let red = CGImage(rgbaPixels: [255, 0, 0, 255], width: 1, height: 1)!
        let blue = CGImage(rgbaPixels: [0, 0, 255, 255], width: 1, height: 1)!
        picture.contents = red
        root.addSublayer(picture)
        let renderer = try OffscreenRenderer(width: 100, height: 60)
        _ = try renderer.render(root)
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        picture.contents = blue
        CATransaction.commit()
        #expect(picture.animation(forKey: "contents") != nil, "contents animate implicitly")
        clock.seek(to: 1)
        // The red image at 0.5 over white, then the blue at 0.5.
        try expectPixel(renderer.render(root), 20, 20, (128, 64, 191, 255), tolerance: 2)
    }

    @Test func contentsSetWhereThereWereNoneFadeIn() throws {
        // The implicit animation starts from the value on screen, no image: the new image fades in.
        let clock = pausedRoot()
        let picture = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 40))
        clock.layer.addSublayer(picture)
        let renderer = try OffscreenRenderer(width: 100, height: 60)
        _ = try renderer.render(clock.layer)
        let errors = Diagnostics.capturing {
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            picture.contents = CGImage(rgbaPixels: [0, 0, 255, 255], width: 1, height: 1)!
            CATransaction.commit()
        }
        #expect(errors.isEmpty, "\(errors)")
        let fade = try #require(picture.animation(forKey: "contents") as? CABasicAnimation)
        #expect(fade.fromValue as? CGImage == nil)
        clock.seek(to: 1)
        try expectPixel(renderer.render(clock.layer), 20, 20, (128, 128, 255, 255), tolerance: 2)
        clock.seek(to: 2)
        try expectPixel(renderer.render(clock.layer), 20, 20, (0, 0, 255, 255), tolerance: 0)
    }

    /// A paused white root holding a 40-point picture animated by keyframes of a red, a green
    /// and a blue image over 3 s in `mode`, and a renderer for it.
    private func imageSequence(_ mode: CAAnimationCalculationMode) throws -> (ManualClock, OffscreenRenderer) {
        let clock = pausedRoot()
        let picture = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 40))
        clock.layer.addSublayer(picture)
        let sequence = CAKeyframeAnimation(keyPath: "contents")
        sequence.values = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]].map {
            CGImage(rgbaPixels: $0, width: 1, height: 1)!
        }
        sequence.calculationMode = mode
        sequence.duration = 3
        sequence.beginTime = 1
        picture.add(sequence, forKey: "frames")
        CATransaction.flush()
        return (clock, try OffscreenRenderer(width: 100, height: 60))
    }

    @Test func discreteImageKeyframesShowEachImageForItsKeyTime() throws {
        let (clock, renderer) = try imageSequence(.discrete)
        // Three images over 3 s: each holds for a second, whole, never blended.
        for (time, colour) in [
            (1.0, (255, 0, 0)), (1.5, (255, 0, 0)), (1.99, (255, 0, 0)), (2.0, (0, 255, 0)),
            (2.5, (0, 255, 0)), (3.0, (0, 0, 255)), (3.9, (0, 0, 255)),
        ] as [(Double, (UInt8, UInt8, UInt8))] {
            clock.seek(to: time)
            try expectPixel(renderer.render(clock.layer), 20, 20, (colour.0, colour.1, colour.2, 255), tolerance: 0)
        }
    }

    @Test func linearImageKeyframesCrossFadeWithinEachSegment() throws {
        let (clock, renderer) = try imageSequence(.linear)
        // Key times 0, 0.5, 1: red to green over the first 1.5 s, green to blue over the rest. Half
        // way through the first: red at 0.5 over white (255, 128, 128), then green at 0.5 over that.
        clock.seek(to: 1.75)
        try expectPixel(renderer.render(clock.layer), 20, 20, (128, 191, 64, 255), tolerance: 2)
        clock.seek(to: 2.5)
        try expectPixel(renderer.render(clock.layer), 20, 20, (0, 255, 0, 255), tolerance: 1)
        // Half way through the second: green at 0.5 over white, then blue at 0.5 (no red left).
        clock.seek(to: 3.25)
        try expectPixel(renderer.render(clock.layer), 20, 20, (64, 128, 191, 255), tolerance: 2)
    }
}

/// A blue 40x20 panel in a white root on a manual clock, turned green under a 1 s (unless configured)
/// `CATransition` whose frames are rendered at chosen layer times.
private struct PanelTransition {
    let clock = ManualClock(whiteRoot(100, 60), at: 0)
    let renderer: OffscreenRenderer

    init(_ configure: (CATransition) -> Void) throws {
        let root = clock.layer
        let panel = solidLayer(CGRect(x: 0, y: 0, width: 40, height: 20), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        root.addSublayer(panel)
        renderer = try OffscreenRenderer(width: 100, height: 60)
        _ = try renderer.render(root)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let transition = CATransition()
        transition.duration = 1
        configure(transition)
        panel.add(transition, forKey: kCATransition)
        panel.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        CATransaction.commit()
    }

    /// The frame at layer time `t`.
    func frame(at t: Double) throws -> RenderedImage {
        clock.seek(to: t)
        return try renderer.render(clock.layer)
    }

}
