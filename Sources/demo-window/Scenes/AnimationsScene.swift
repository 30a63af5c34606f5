import Foundation
import SceneCore

/// Six panels, each showing one kind of Core Animation animation, all run by the render
/// thread; the app thread only reacts to clicks and keys.
///
/// | panel | shows | a click |
/// |---|---|---|
/// | implicit | a square | moves, recolours and fades it by implicit animations |
/// | action | a swatch whose `actions["backgroundColor"]` is a push `CATransition` | recolours it through that action |
/// | keyframe | three dots on `position.x` keyframes: linear, discrete, cubic | restarts them |
/// | spring | two balls dropping on springs: the default one and `init(perceptualDuration:bounce:)` | restarts them |
/// | group | a square turning, rounding and recolouring in one `CAAnimationGroup` | restarts it |
/// | transition | a card | changes it under the next of fade, moveIn, push, reveal |
///
/// The key `s` pauses and resumes the whole stage through its `speed` and `timeOffset`,
/// exactly as Apple's QA1673 does.
enum AnimationsScene {
    /// The panels' names, in grid order (three per row).
    static let panels = ["implicit", "action", "keyframe", "spring", "group", "transition"]
    /// The transitions a click on the transition panel steps through, in order.
    static let transitions: [CATransitionType] = [.fade, .moveIn, .push, .reveal]
    /// The colours the implicit square, the action swatch and the transition card step through.
    static let colors = [Palette.blue, Palette.orange, Palette.green, Palette.purple]
    /// The key of a layer's key-value storage counting the clicks it has taken.
    static let clicksKey = "animations.clicks"

    static func make(_ size: CGSize) -> CALayer {
        let root = CALayer.filled(CGRect(origin: .zero, size: size), Palette.background)
        let stage = CALayer()
        stage.name = "stage"
        stage.frame = root.bounds
        root.addSublayer(stage)
        for (index, name) in panels.enumerated() {
            // Moving transitions slide content beyond the layer, as in Core Animation: the
            // panel clips them to itself.
            stage.addSublayer(CALayer.panel(panelFrame(index, in: size), named: name))
        }
        addImplicit(to: panel("implicit", in: root))
        addAction(to: panel("action", in: root))
        addKeyframes(to: panel("keyframe", in: root))
        addSprings(to: panel("spring", in: root))
        addGroup(to: panel("group", in: root))
        addTransitionCard(to: panel("transition", in: root))
        return root
    }

    /// The frame of panel `index` in a 3 x 2 grid with 20-point margins and gaps.
    static func panelFrame(_ index: Int, in size: CGSize) -> CGRect {
        let width = ((size.width - 80) / 3).rounded(.down)
        let height = ((size.height - 60) / 2).rounded(.down)
        return CGRect(
            x: 20 + CGFloat(index % 3) * (width + 20), y: 20 + CGFloat(index / 3) * (height + 20),
            width: width, height: height)
    }

    /// The panel named `name` ("implicit", "action", ...) of a scene built by `make`.
    static func panel(_ name: String, in root: CALayer) -> CALayer {
        root.descendant(named: "panel-\(name)")!
    }

    /// The panel `layer` lies in (the layer itself when it is a panel), nil outside every panel.
    static func enclosingPanel(_ layer: CALayer?) -> CALayer? {
        var current = layer
        while let candidate = current, !(candidate.name ?? "").hasPrefix("panel-") { current = candidate.superlayer }
        return current
    }

    /// Runs the click's panel's reaction and names what it did.
    static func click(_ root: CALayer, _ hit: CALayer?, _ point: CGPoint) -> String {
        guard let panel = enclosingPanel(hit), let name = panel.name?.dropFirst("panel-".count) else {
            return "no panel here"
        }
        let clicks = (panel.value(forKey: clicksKey) as? Int ?? 0) + 1
        panel.setValue(clicks, forKey: clicksKey)
        switch name {
        case "implicit": return "implicit: " + toggleImplicit(in: panel, clicks: clicks)
        case "action": return "action: " + recolourThroughAction(in: panel, clicks: clicks)
        case "keyframe":
            addKeyframes(to: panel)
            return "keyframe: restarted"
        case "spring":
            addSprings(to: panel)
            return "spring: restarted"
        case "group":
            addGroup(to: panel)
            return "group: restarted"
        default: return "transition: " + changeCard(in: panel, clicks: clicks)
        }
    }

    /// `s` pauses or resumes the stage; any other key is not the scene's.
    static func key(_ root: CALayer, _ characters: String) -> String? {
        guard characters == "s", let stage = root.descendant(named: "stage") else { return nil }
        if stage.speed == 0 {
            resume(stage)
            return "animations resumed"
        }
        pause(stage)
        return "animations paused"
    }

    /// Stops `layer`'s time where it is now (QA1673).
    static func pause(_ layer: CALayer) {
        let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = pausedTime
    }

    /// Starts `layer`'s time again from where `pause` stopped it (QA1673).
    static func resume(_ layer: CALayer) {
        let pausedTime = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
        layer.beginTime = timeSincePause
    }
}
