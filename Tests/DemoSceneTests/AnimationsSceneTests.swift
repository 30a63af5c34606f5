import Foundation
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import demo_window

/// The animations scene: what each panel runs, what a click adds, and pause/resume (QA1673).
@Suite struct AnimationsSceneTests {
    let size = CGSize(width: 960, height: 600)

    /// A committed scene.
    func scene() -> CALayer {
        let root = AnimationsScene.make(size)
        CATransaction.flush()
        return root
    }

    func layer(_ root: CALayer, _ name: String) throws -> CALayer {
        try #require(root.descendant(named: name))
    }

    /// Clicks the middle of panel `name` (hit-testing the model tree, as nothing moves there).
    func click(_ root: CALayer, panel name: String) -> String {
        let frame = AnimationsScene.panelFrame(AnimationsScene.panels.firstIndex(of: name)!, in: size)
        let point = CGPoint(x: frame.minX + 4, y: frame.minY + 4)
        let line = AnimationsScene.click(root, root.hitTest(point), point)
        CATransaction.flush()
        return line
    }

    @Test func sixPanelsInAGrid() {
        let root = scene()
        let names = root.descendant(named: "stage")?.sublayers?.map(\.name)
        #expect(names == AnimationsScene.panels.map { "panel-\($0)" })
        #expect(AnimationsScene.panelFrame(5, in: size) == CGRect(x: 646, y: 310, width: 293, height: 270))
        #expect(AnimationsScene.click(root, root, CGPoint(x: 5, y: 5)) == "no panel here")
    }

    @Test func implicitClickAnimatesPositionColourAndOpacityForAQuarterSecond() throws {
        let root = scene()
        let square = try layer(root, "implicit.square")
        #expect(square.animationKeys() == nil)
        #expect(click(root, panel: "implicit").hasPrefix("implicit:"))
        #expect(Set(square.animationKeys() ?? []) == ["position", "backgroundColor", "opacity"])
        for key in ["position", "backgroundColor", "opacity"] {
            #expect(square.animation(forKey: key)?.duration == 0.25, "\(key)")
        }
        #expect(square.backgroundColor == Palette.orange && square.opacity == 0.4)
    }

    @Test func theSwatchsActionIsAPushTransition() throws {
        let root = scene()
        let swatch = try layer(root, "action.swatch")
        _ = click(root, panel: "action")
        let push = try #require(swatch.animation(forKey: "backgroundColor") as? CATransition)
        #expect(push.type == .push && push.subtype == .fromRight && push.duration == 0.5)
        #expect(swatch.backgroundColor == Palette.orange)
    }

    @Test func keyframeDotsUseTheirCalculationModes() throws {
        let root = scene()
        for (name, mode) in AnimationsScene.keyframeModes {
            let dot = try layer(root, "keyframe.\(name)")
            let keyframes = try #require(dot.animation(forKey: "keyframes") as? CAKeyframeAnimation)
            #expect(keyframes.calculationMode == mode && keyframes.keyPath == "position.x")
            #expect(keyframes.values?.count == 4)
            #expect(keyframes.keyTimes?.count == (mode == .discrete ? 5 : 4))
            #expect(keyframes.repeatCount == .infinity && keyframes.duration == 3)
        }
    }

    @Test func theDiscreteDotHoldsEachValueUntilTheNextKeyTime() throws {
        let clock = ManualClock(AnimationsScene.make(size), at: 10) {
            AnimationsScene.addKeyframes(to: AnimationsScene.panel("keyframe", in: $0))
        }
        let root = clock.layer
        let dot = try layer(root, "keyframe.discrete")
        let width = AnimationsScene.panel("keyframe", in: root).bounds.width
        // 3 s cycles; key times 0, 0.75, 1.5, 2.25 s hold the values 0.15, 0.85, 0.4, 0.85.
        for (t, x) in [(0.5, 0.15), (1.0, 0.85), (1.6, 0.4), (2.9, 0.85), (3.1, 0.15)] {
            clock.seek(to: 10 + t)
            #expect(
                isClose(try #require(dot.presentation()).position.x, CGFloat(x) * width, tolerance: 1e-9), "at \(t) s")
        }
    }

    @Test func springsLastTheirSettlingDuration() throws {
        let root = scene()
        for (name, expected) in AnimationsScene.springs() {
            let spring = try #require(try layer(root, name).animation(forKey: "drop") as? CASpringAnimation)
            #expect(spring.duration == expected.settlingDuration && spring.keyPath == "position.y")
            #expect(spring.stiffness == expected.stiffness && spring.damping == expected.damping)
        }
        let perceptual = AnimationsScene.springs()[1].spring
        #expect(
            isClose(perceptual.perceptualDuration, 0.8, tolerance: 1e-9)
                && isClose(perceptual.bounce, 0.5, tolerance: 1e-9))
    }

    @Test func theGroupTurnsRoundsAndRecolours() throws {
        let root = scene()
        let group = try #require(try layer(root, "group.square").animation(forKey: "group") as? CAAnimationGroup)
        let paths = (group.animations ?? []).compactMap { ($0 as? CAPropertyAnimation)?.keyPath }
        #expect(paths == ["transform.rotation.z", "cornerRadius", "backgroundColor"])
        #expect(group.duration == 2 && group.autoreverses && group.repeatCount == .infinity)
    }

    @Test func transitionClicksCycleFadeMoveInPushReveal() throws {
        let root = scene()
        let card = try layer(root, "transition.card")
        var types: [CATransitionType] = []
        for clicks in 1...5 {
            #expect(
                click(root, panel: "transition")
                    == "transition: \(AnimationsScene.transitions[(clicks - 1) % 4].rawValue)")
            types.append(try #require(card.animation(forKey: kCATransition) as? CATransition).type)
            // The colour changes under the transition only, not by an implicit animation of its own.
            #expect(card.animation(forKey: "backgroundColor") == nil)
        }
        #expect(types == [.fade, .moveIn, .push, .reveal, .fade])
        #expect(card.contents != nil && card.backgroundColor == AnimationsScene.colors[1])
    }

    @Test func sPausesAndResumesTheStageAsQA1673Does() throws {
        let root = scene()
        let stage = try layer(root, "stage")
        #expect(AnimationsScene.key(root, "x") == nil)
        let before = CACurrentMediaTime()
        #expect(AnimationsScene.key(root, "s") == "animations paused")
        let after = CACurrentMediaTime()
        #expect(stage.speed == 0 && stage.timeOffset >= before && stage.timeOffset <= after)
        let pausedAt = stage.timeOffset
        // Paused, the stage's time stands still.
        #expect(stage.convertTime(CACurrentMediaTime() + 5, from: nil) == pausedAt)
        #expect(AnimationsScene.key(root, "s") == "animations resumed")
        let now = CACurrentMediaTime()
        #expect(stage.speed == 1 && stage.timeOffset == 0)
        // Resumed, it runs on from where it stopped: the time spent paused is skipped.
        #expect(isClose(stage.beginTime, now - pausedAt, tolerance: 0.05))
        #expect(isClose(stage.convertTime(now, from: nil), pausedAt, tolerance: 0.05))
    }
}
