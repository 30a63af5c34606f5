import Foundation
import Testing
@testable import GLBackend
@testable import SceneCore

/// Pixels of the headless renderer mid-animation and mid-transition. The root's time is
/// paused (`speed = 0`), so its `timeOffset` is the animations' clock: every frame is exact.
@Suite struct AnimationRenderingTests {
    /// A white 100x60 root whose layer time is paused at 0.
    func pausedRoot() -> CALayer {
        let root = whiteRoot(100, 60)
        root.speed = 0
        root.timeOffset = 0
        return root
    }

    /// Moves the paused clock of `root` to `t` without animating the change.
    func setTime(_ root: CALayer, _ t: Double) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.timeOffset = t
        CATransaction.commit()
    }

    @Test func positionHalfWayThroughALinearAnimation() throws {
        let root = pausedRoot()
        let box = layer(CGRect(x: 0, y: 20, width: 20, height: 20), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        root.addSublayer(box)
        let renderer = try OffscreenRenderer(width: 100, height: 60)
        _ = try renderer.render(root)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 10
        move.toValue = 90
        move.duration = 4
        box.add(move, forKey: "move")
        CATransaction.flush()  // committed at layer time 0: that is its begin time
        setTime(root, 2)
        let image = try renderer.render(root)
        // position.x = 50: the box covers x 40..<60.
        #expect(matches(image.pixel(x: 40, y: 30), (255, 0, 0, 255)))
        #expect(matches(image.pixel(x: 59, y: 30), (255, 0, 0, 255)))
        #expect(matches(image.pixel(x: 39, y: 30), (255, 255, 255, 255)))
        #expect(matches(image.pixel(x: 60, y: 30), (255, 255, 255, 255)))
        #expect(!renderer.isAnimating, "a paused clock changes nothing from frame to frame")
    }

    @Test func opacityAndColourMidAnimationBlend() throws {
        let root = pausedRoot()
        let box = layer(CGRect(x: 0, y: 0, width: 50, height: 60), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        root.addSublayer(box)
        let renderer = try OffscreenRenderer(width: 100, height: 60)
        _ = try renderer.render(root)
        let colour = CABasicAnimation(keyPath: "backgroundColor")
        colour.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        colour.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        colour.duration = 1
        box.add(colour, forKey: "colour")
        CATransaction.flush()
        setTime(root, 0.25)
        // Straight interpolation: (0.75, 0, 0.25).
        #expect(matches(try renderer.render(root).pixel(x: 25, y: 30), (191, 0, 64, 255)))
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        fade.beginTime = 0.25
        box.add(fade, forKey: "fade")
        setTime(root, 0.75)
        // Colour (0.25, 0, 0.75) at opacity 0.5 over white.
        #expect(matches(try renderer.render(root).pixel(x: 25, y: 30), (159, 128, 223, 255), tolerance: 2))
    }

    @Test func fadeTransitionShowsBothRenderingsHalfWay() throws {
        let panel = try PanelTransition { $0.duration = 4 }
        // The old (blue) rendering at opacity 0.5 over white, then the new (green) at 0.5 over that.
        #expect(matches(try panel.frame(at: 2).pixel(x: 20, y: 10), (64, 191, 128, 255), tolerance: 2))
        #expect(matches(try panel.frame(at: 5).pixel(x: 20, y: 10), (0, 255, 0, 255)))
    }

    @Test func pushTransitionSlidesTheNewRenderingInFromTheRight() throws {
        let image = try PanelTransition { $0.type = .push; $0.subtype = .fromRight }.frame(at: 0.5)
        // Old blue pushed 20 points left (x −20..<20), new green 20 points right of home (x 20..<60).
        #expect(matches(image.pixel(x: 10, y: 10), (0, 0, 255, 255)))
        #expect(matches(image.pixel(x: 30, y: 10), (0, 255, 0, 255)))
        #expect(matches(image.pixel(x: 55, y: 10), (0, 255, 0, 255)))
        #expect(matches(image.pixel(x: 65, y: 10), (255, 255, 255, 255)))
    }

    @Test func revealSlidesTheOldRenderingAwayOverTheNew() throws {
        let image = try PanelTransition { $0.type = .reveal; $0.subtype = .fromLeft }.frame(at: 0.25)
        // From the left: the old rendering leaves to the right (10 points at a quarter), over the new.
        #expect(matches(image.pixel(x: 5, y: 10), (0, 255, 0, 255)))
        #expect(matches(image.pixel(x: 15, y: 10), (0, 0, 255, 255)))
        #expect(matches(image.pixel(x: 45, y: 10), (0, 0, 255, 255)))
    }

    @Test func moveInFromBottomSlidesTheNewRenderingOverTheOld() throws {
        let image = try PanelTransition { $0.type = .moveIn; $0.subtype = .fromBottom }.frame(at: 0.25)
        // Three quarters of the way still to come: the new (green) rendering starts 15 points down.
        #expect(matches(image.pixel(x: 20, y: 5), (0, 0, 255, 255)))
        #expect(matches(image.pixel(x: 20, y: 16), (0, 255, 0, 255)))
        #expect(matches(image.pixel(x: 20, y: 33), (0, 255, 0, 255)))
        #expect(matches(image.pixel(x: 20, y: 36), (255, 255, 255, 255)))
    }

    @Test func pushFromTopMovesBothRenderingsDown() throws {
        let image = try PanelTransition { $0.type = .push; $0.subtype = .fromTop }.frame(at: 0.5)
        // The new rendering enters from the visual top (y grows downwards): green above, blue below.
        #expect(matches(image.pixel(x: 20, y: 5), (0, 255, 0, 255)))
        #expect(matches(image.pixel(x: 20, y: 15), (0, 0, 255, 255)))
        #expect(matches(image.pixel(x: 20, y: 25), (0, 0, 255, 255)))
        #expect(matches(image.pixel(x: 20, y: 31), (255, 255, 255, 255)))
    }

    @Test func startAndEndProgressRunOnlyPartOfTheTransition() throws {
        // From half-way to three quarters of a fade.
        let panel = try PanelTransition { $0.startProgress = 0.5; $0.endProgress = 0.75 }
        // At the start both renderings are at 0.5: blue over white, then green over that.
        #expect(matches(try panel.frame(at: 0).pixel(x: 20, y: 10), (64, 191, 128, 255), tolerance: 2))
        // Nearly at 0.75: blue at 0.25 over white (191, 191, 255), then green at 0.75 over that.
        #expect(matches(try panel.frame(at: 0.999).pixel(x: 20, y: 10), (48, 239, 64, 255), tolerance: 2))
    }

    @Test func changedContentsCrossFade() throws {
        let root = pausedRoot()
        let picture = layer(CGRect(x: 0, y: 0, width: 40, height: 40))
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
        setTime(root, 1)
        // The red image at 0.5 over white, then the blue at 0.5.
        #expect(matches(try renderer.render(root).pixel(x: 20, y: 20), (128, 64, 191, 255), tolerance: 2))
    }
}

/// A blue 40x20 panel in a paused white root, turned green under a 1 s (unless configured)
/// `CATransition` whose frames are rendered at chosen layer times.
private struct PanelTransition {
    let root: CALayer
    let renderer: OffscreenRenderer

    init(_ configure: (CATransition) -> Void) throws {
        root = whiteRoot(100, 60)
        root.speed = 0
        root.timeOffset = 0
        let panel = layer(CGRect(x: 0, y: 0, width: 40, height: 20), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
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
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.timeOffset = t
        CATransaction.commit()
        return try renderer.render(root)
    }
}
