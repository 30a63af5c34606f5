import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// The render side's steady pass (`SteadyAnimationTable`): which animations it runs, that it
/// shows exactly what the general evaluator (and so `presentation()`) shows, and that layers
/// leave it for the general evaluator when a commit changes them or an animation ends.
@Suite struct SteadyAnimationTests {
    /// A paused clock layer with `count` sublayers, and the render tree its commits build.
    final class Scene {
        let clock: ManualClock
        let sink = RecordingSink()
        let layers: [CALayer]
        var tree = RenderTree()
        private var applied = 0
        private(set) var events: [AnimationEvent] = []

        init(_ layers: [CALayer]) {
            self.layers = layers
            clock = ManualClock(at: 0) { clock in
                clock.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
                for layer in layers { clock.addSublayer(layer) }
            }
            CommitDistributor.shared.attach(sink, root: clock.layer)
        }

        deinit { CommitDistributor.shared.detach(sink) }

        /// Seeks the clock to `time`, applies the commits, and evaluates the animations.
        func show(at time: Double) {
            clock.seek(to: time)
            for commit in sink.commits.dropFirst(applied) { tree.apply(commit) }
            applied = sink.commits.count
            // The sink receives every commit of the process: other tests' layers are in the tree too.
            let ids = Set(layers.map(\.layerID))
            events += tree.evaluateAnimations(at: CACurrentMediaTime()).events.filter { ids.contains($0.layer) }
        }

        /// Whether the steady pass runs `layer`'s animations.
        func isSteady(_ layer: CALayer) -> Bool { tree.steadyAnimations.contains(layer.layerID) }

        /// The value of the property `key` that the render side shows for `layer`, and the one
        /// its presentation has.
        func values(of key: String, _ layer: CALayer) -> (shown: AnimatableValue?, presented: AnimatableValue) {
            let property = AnimatableProperty(key: key)!
            var custom: [String: Any] = [:]
            let presented = layer.presentedState(at: CACurrentMediaTime(), custom: &custom)
            return (tree[layer.layerID].map { property.read($0.properties) }, property.read(presented))
        }
    }

    /// Each kind of value the steady pass stores, with the property the test compares.
    static func animatedLayers() -> [(layer: CALayer, key: String)] {
        func layer(_ configure: (CALayer) -> Void = { _ in }) -> CALayer {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            configure(layer)
            return layer
        }
        func add(_ animation: CABasicAnimation, to layer: CALayer) -> CALayer {
            animation.duration = 4
            layer.add(animation, forKey: "a")
            return layer
        }
        let curved = basic("opacity", from: 0.2, to: 0.9, duration: 4)
        curved.timingFunction = CAMediaTimingFunction(name: .easeIn)
        let spring = CASpringAnimation(keyPath: "position.x")
        (spring.fromValue, spring.toValue) = (0, 50)
        let replicator = CAReplicatorLayer()
        func keyframes(_ keyPath: String, _ values: [Any], _ configure: (CAKeyframeAnimation) -> Void = { _ in })
            -> CAKeyframeAnimation
        {
            let animation = CAKeyframeAnimation(keyPath: keyPath)
            animation.values = values
            animation.duration = 4
            configure(animation)
            return animation
        }
        func add(_ animation: CAKeyframeAnimation, to layer: CALayer) -> CALayer {
            layer.add(animation, forKey: "k")
            return layer
        }
        return [
            (add(curved, to: layer()), "opacity"),
            (add(basic("cornerRadius", from: 5, to: -5, duration: 4), to: layer()), "cornerRadius"),
            (
                add(basic("position", from: CGPoint(x: 1, y: 2), to: CGPoint(x: 41, y: -8), duration: 4), to: layer()),
                "position"
            ),
            (
                add(
                    basic(
                        "bounds", from: CGRect(x: 0, y: 0, width: -20, height: 10),
                        to: CGRect(x: 5, y: 5, width: 30, height: 40), duration: 4),
                    to: layer()), "bounds"
            ),
            (add(basic("bounds.size.width", from: 10, to: 90, duration: 4), to: layer()), "bounds"),
            (
                add(basic("bounds.origin", from: CGPoint(x: 3, y: 4), to: CGPoint.zero, duration: 4), to: layer()),
                "bounds"
            ),
            (add(basic("position.y", from: 0, to: 60, duration: 4), to: layer()), "position"),
            (
                add(
                    basic(
                        "shadowOffset", from: CGSize(width: 2, height: 3), to: CGSize(width: -4, height: 9), duration: 4
                    ), to: layer()), "shadowOffset"
            ),
            (
                add(
                    basic(
                        "backgroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                        to: CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.25), duration: 4), to: layer()),
                "backgroundColor"
            ),
            // A colour shown from the extra values, and a number kept there.
            (
                add(
                    basic(
                        "borderColor", from: CGColor(red: 0, green: 1, blue: 0, alpha: 0.5),
                        to: CGColor(red: 1, green: 0.25, blue: 0, alpha: 1), duration: 4), to: layer()),
                "borderColor"
            ),
            (add(basic("anchorPointZ", from: -3, to: 12, duration: 4), to: layer()), "anchorPointZ"),
            (add(basic("transform.rotation.z", from: 0, to: 3, duration: 4), to: layer()), "transform"),
            (
                add(
                    basic("transform.rotation.z", from: 0, to: 3, duration: 4),
                    to: layer { $0.transform = CATransform3DTranslate(CATransform3DMakeScale(2, 3, 1), 4, 5, 0) }),
                "transform"
            ),
            (add(basic("transform.scale", from: 1, to: 2.5, duration: 4), to: layer()), "transform"),
            (
                add(
                    basic("transform.translation.x", from: -9, to: 9, duration: 4),
                    to: layer { $0.transform = CATransform3DMakeRotation(0.5, 0, 0, 1) }), "transform"
            ),
            (add(spring, to: layer()), "position"),
            (add(basic("instanceDelay", from: 0, to: 2, duration: 4), to: replicator), "instanceDelay"),
            (
                add(
                    keyframes("position", [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 5), CGPoint(x: 10, y: 40)]) {
                        $0.keyTimes = [0, 0.3, 1]
                        $0.timingFunctions = [
                            CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeIn),
                        ]
                    }, to: layer()), "position"
            ),
            (add(keyframes("opacity", [0.1, 0.9, 0.4, 1]) { $0.calculationMode = .cubic }, to: layer()), "opacity"),
            (
                add(
                    keyframes(
                        "backgroundColor",
                        [
                            CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                            CGColor(red: 0, green: 1, blue: 0.5, alpha: 0.3),
                        ]
                    ) { $0.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut) }, to: layer()),
                "backgroundColor"
            ),
            (
                add(
                    keyframes("transform.rotation.z", [0, 1, 3]) { $0.calculationMode = .paced },
                    to: layer { $0.transform = CATransform3DMakeScale(1.5, 1.5, 1) }), "transform"
            ),
            (
                add(keyframes("bounds.size.width", [10, 20, 5]) { $0.calculationMode = .discrete }, to: layer()),
                "bounds"
            ),
            // The cubic spline with tension, continuity and bias, and a curve on one segment.
            (
                add(
                    keyframes(
                        "position",
                        [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: -5), CGPoint(x: -10, y: 40), CGPoint(x: 25, y: 25)]
                    ) {
                        $0.calculationMode = .cubic
                        $0.tensionValues = [0.5, -0.2, 0, 1]
                        $0.continuityValues = [0, 0.7, -0.3]
                        $0.biasValues = [-0.4, 0.2]
                        $0.timingFunctions = [CAMediaTimingFunction(name: .easeIn)]
                    }, to: layer()), "position"
            ),
            (
                add(
                    keyframes(
                        "backgroundColor",
                        [
                            CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                            CGColor(red: 0, green: 1, blue: 0.5, alpha: 0.3),
                            CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 0.8),
                        ]
                    ) { $0.calculationMode = .cubicPaced }, to: layer()),
                "backgroundColor"
            ),
            // Rects, through a curve that overshoots, in the cubic mode too.
            (
                add(
                    keyframes(
                        "bounds",
                        [
                            CGRect(x: 0, y: 0, width: 10, height: 20), CGRect(x: 5, y: -5, width: 1, height: 4),
                            CGRect(x: 1, y: 2, width: 30, height: 6),
                        ]
                    ) {
                        // At 1.25 s the first segment's curve gives 1.117: a width of -0.056.
                        $0.timingFunctions = [
                            CAMediaTimingFunction(controlPoints: 0.3, -0.8, 0.7, 2.5),
                            CAMediaTimingFunction(name: .linear),
                        ]
                    }, to: layer()), "bounds"
            ),
            (
                add(
                    keyframes(
                        "bounds",
                        [
                            CGRect(x: 0, y: 0, width: 10, height: 20), CGRect(x: 5, y: -5, width: 2, height: 4),
                            CGRect(x: 1, y: 2, width: 30, height: 6),
                        ]
                    ) { $0.calculationMode = .cubic }, to: layer()), "bounds"
            ),
            // Discrete with one key time more than values, and a single value.
            (
                add(
                    keyframes("shadowOffset", [CGSize(width: 1, height: 2), CGSize(width: -3, height: 4)]) {
                        $0.calculationMode = .discrete
                        $0.keyTimes = [0, 0.6, 1]
                    }, to: layer()), "shadowOffset"
            ),
            (add(keyframes("cornerRadius", [7]), to: layer()), "cornerRadius"),
            // A gradient's colours, eased, and sprung past their ends.
            (add(Self.colors(3, eased: true), to: CAGradientLayer()), "colors"),
            (add(Self.colors(2, sprung: true), to: CAGradientLayer()), "colors"),
        ]
    }

    /// An animation of a gradient's `colors` between two lists of `count` colours, for 4 s.
    static func colors(_ count: Int, eased: Bool = false, sprung: Bool = false, seed: Double = 0) -> CABasicAnimation {
        let animation = sprung ? CASpringAnimation(keyPath: "colors") : CABasicAnimation(keyPath: "colors")
        animation.fromValue = (0..<count).map { i in
            CGColor(red: Double(i) / Double(count), green: seed, blue: 1, alpha: 1)
        }
        animation.toValue = (0..<count).map { i in
            CGColor(red: 1 - seed, green: Double(i) / 7, blue: 0.25, alpha: 0.5)
        }
        if eased { animation.timingFunction = CAMediaTimingFunction(name: .easeIn) }
        animation.duration = 4
        return animation
    }

    @Test func everyKindItRunsShowsWhatPresentationShowsToTheBit() {
        let animated = Self.animatedLayers()
        let scene = Scene(animated.map(\.layer))
        CATransaction.flush()
        // The first frame runs the general evaluator (it sends the started events); the layers
        // join the steady table after it.
        scene.show(at: 0.25)
        for time in [0.5, 1.25, 3, 0.75, 3.9] {
            scene.show(at: time)
            for (layer, key) in animated {
                #expect(scene.isSteady(layer), "\(key) at \(time)")
                let (shown, presented) = scene.values(of: key, layer)
                #expect(shown == presented, "\(key) at \(time)")
                // Rects compare standardised: their origins and sizes must match too.
                if case .rect(let a) = shown, case .rect(let b) = presented {
                    #expect(a.origin == b.origin && a.size == b.size, "\(key) at \(time)")
                }
            }
        }
        let shownRadius = scene.tree[animated[1].layer.layerID]?.properties.cornerRadius
        #expect(shownRadius == 0, "cornerRadius stops at 0 on its way to -5")
    }

    @Test func whatAnimationsKeepInThePoolStaysWithThemWhenTheTableIsCompacted() {
        // Each layer's keyframes, colours, curves, springs and model transform differ, so a layer
        // reading another's part of the pool would show a wrong value.
        let layers = (0..<24).map { i in
            let layer = CALayer()
            let moves = CAKeyframeAnimation(keyPath: "position")
            let d = Double(i)
            moves.values = [CGPoint(x: d, y: 0), CGPoint(x: 10 * d, y: d), CGPoint(x: -d, y: 3 * d)]
            moves.duration = 4
            if i % 3 == 0 { moves.calculationMode = .cubic }
            if i % 4 == 0 { moves.timingFunctions = [CAMediaTimingFunction(name: .easeOut)] }
            layer.add(moves, forKey: "moves")
            let tints = basic(
                "backgroundColor", from: CGColor(red: d / 24, green: 0, blue: 1, alpha: 1),
                to: CGColor(red: 0, green: 1 - d / 24, blue: 0, alpha: 0.5), duration: 4)
            if i % 2 == 0 { tints.timingFunction = CAMediaTimingFunction(controlPoints: 0.1, Float(d / 24), 0.9, 1) }
            layer.add(tints, forKey: "tints")
            // One part of a transform other than the identity: recomposed from the model's parts.
            layer.transform = CATransform3DMakeScale(1 + d / 24, 1 - d / 48, 1)
            let spins = CASpringAnimation(keyPath: "transform.rotation.z")
            (spins.fromValue, spins.toValue) = (0, 0.1 * d + 0.5)
            (spins.stiffness, spins.damping, spins.duration) = (80 + 5 * d, 6 + d / 4, 4)
            layer.add(spins, forKey: "spins")
            return layer
        }
        // Gradients of two to four colours, each list its own.
        let gradients = (0..<12).map { i in
            let gradient = CAGradientLayer()
            gradient.add(Self.colors(2 + i % 3, seed: Double(i) / 12), forKey: "fade")
            return gradient
        }
        let scene = Scene(layers + gradients)
        CATransaction.flush()
        scene.show(at: 0.25)
        scene.show(at: 0.5)
        // A commit to two layers in three sends them to the general evaluator, and back in: their
        // entries are dead, the table compacts, and their keyframes are copied in again.
        commitWithoutActions {
            for (i, layer) in (layers + gradients).enumerated() where i % 3 != 1 { layer.opacity = 0.5 }
        }
        for time in [1.0, 1.5, 2.5, 3.5] {
            scene.show(at: time)
            for (i, gradient) in gradients.enumerated() {
                #expect(scene.isSteady(gradient), "gradient \(i) at \(time)")
                let (shown, presented) = scene.values(of: "colors", gradient)
                #expect(shown == presented, "gradient \(i)'s colours at \(time)")
            }
            for (i, layer) in layers.enumerated() {
                #expect(scene.isSteady(layer), "layer \(i) at \(time)")
                for key in ["position", "backgroundColor", "transform"] {
                    let (shown, presented) = scene.values(of: key, layer)
                    #expect(shown == presented, "layer \(i)'s \(key) at \(time)")
                }
            }
        }
    }

    @Test func aCommitToALayerSendsItToTheGeneralEvaluatorWhichCompilesItAgain() {
        let layer = CALayer()
        let turn = basic("transform.rotation.z", from: 0, to: 2, duration: 4)
        layer.add(turn, forKey: "turn")
        let grow = CABasicAnimation(keyPath: "bounds.size.width")
        grow.toValue = 50
        grow.duration = 4
        layer.add(grow, forKey: "grow")
        let scene = Scene([layer])
        CATransaction.flush()
        scene.show(at: 1)
        scene.show(at: 2)
        #expect(scene.isSteady(layer))
        #expect(scene.tree[layer.layerID]?.properties.bounds.width == 25, "half-way from 0 to 50")
        commitWithoutActions {
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.transform = CATransform3DMakeScale(2, 2, 1)
        }
        scene.show(at: 2)
        #expect(scene.tree[layer.layerID]?.properties.bounds.width == 30, "half-way from the new 10 to 50")
        #expect(scene.values(of: "transform", layer).shown == scene.values(of: "transform", layer).presented)
        #expect(scene.isSteady(layer), "compiled again after the general evaluation")
        scene.show(at: 3)
        #expect(scene.tree[layer.layerID]?.properties.bounds.width == 40)
        #expect(scene.values(of: "transform", layer).shown == scene.values(of: "transform", layer).presented)
    }

    @Test func anEndingAnimationLeavesTheTableAndSendsItsFinishedEventOnce() {
        let held = CALayer()
        let hold = basic("opacity", from: 0, to: 0.5, duration: 2)
        hold.fillMode = .forwards
        hold.isRemovedOnCompletion = false
        held.add(hold, forKey: "fade")
        let removed = CALayer()
        removed.add(basic("position.x", from: 0, to: 100, duration: 2), forKey: "move")
        let scene = Scene([held, removed])
        CATransaction.flush()
        scene.show(at: 0.5)
        scene.show(at: 1)
        #expect(scene.isSteady(held) && scene.isSteady(removed))
        #expect(scene.events.filter { $0.kind == .started }.count == 2)
        #expect(!scene.events.contains { if case .finished = $0.kind { true } else { false } })
        scene.show(at: 2.5)
        scene.show(at: 3)
        #expect(!scene.isSteady(held) && !scene.isSteady(removed))
        #expect(scene.events.filter { $0.kind == .finished(removed: false) }.map(\.layer) == [held.layerID])
        #expect(scene.events.filter { $0.kind == .finished(removed: true) }.map(\.layer) == [removed.layerID])
        #expect(scene.tree[held.layerID]?.properties.opacity == 0.5, "held at its end")
        #expect(scene.tree[removed.layerID]?.properties.position.x == removed.position.x, "back to the model")
        #expect(scene.tree[removed.layerID]?.animations.isEmpty == true)
    }

    @Test func aValueThePropertyRefusesIsLeftToTheGeneralEvaluator() {
        // contentsScale refuses values that are not positive: the model value shows instead.
        let layer = CALayer()
        layer.contentsScale = 3
        layer.add(basic("contentsScale", from: 2, to: -2, duration: 4), forKey: "scale")
        let scene = Scene([layer])
        CATransaction.flush()
        scene.show(at: 0.5)
        scene.show(at: 1)
        #expect(scene.isSteady(layer))
        #expect(scene.tree[layer.layerID]?.properties.contentsScale == 1)
        scene.show(at: 3)
        #expect(scene.tree[layer.layerID]?.properties.contentsScale == 3)
        #expect(scene.values(of: "contentsScale", layer).shown == scene.values(of: "contentsScale", layer).presented)
        #expect(!scene.isSteady(layer))
    }

    @Test func animationsItDoesNotRunStayWithTheGeneralEvaluator() {
        // A keyframe path that turns the layer along it.
        let keyframes = CAKeyframeAnimation(keyPath: "position")
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 40, y: 30))
        keyframes.path = path
        keyframes.rotationMode = .rotateAuto
        keyframes.duration = 4
        let additive = basic("opacity", from: 0, to: 0.5, duration: 4)
        additive.isAdditive = true
        let waiting = basic("opacity", from: 0, to: 1, duration: 4)
        waiting.beginTime = 50
        let twoTransformParts = CALayer()
        twoTransformParts.add(basic("transform.rotation.z", from: 0, to: 1, duration: 4), forKey: "turn")
        twoTransformParts.add(basic("transform.scale.x", from: 1, to: 2, duration: 4), forKey: "stretch")
        // Colour lists of two lengths switch half-way; keyframes of colour lists.
        let uneven = basic(
            "colors", from: [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)],
            to: [CGColor(gray: 1, alpha: 1), CGColor(gray: 0.5, alpha: 1), CGColor(gray: 0, alpha: 1)], duration: 4)
        let colorKeyframes = CAKeyframeAnimation(keyPath: "colors")
        colorKeyframes.values = [[CGColor(gray: 0, alpha: 1)], [CGColor(gray: 1, alpha: 1)]]
        colorKeyframes.duration = 4
        let layers =
            [keyframes, additive, waiting].map { animation in
                let layer = CALayer()
                layer.add(animation, forKey: "a")
                return layer
            }
            + [uneven, colorKeyframes].map { animation in
                let gradient = CAGradientLayer()
                gradient.add(animation, forKey: "a")
                return gradient
            }
        let scene = Scene(layers + [twoTransformParts])
        CATransaction.flush()
        scene.show(at: 1)
        scene.show(at: 2)
        for layer in scene.layers {
            #expect(!scene.isSteady(layer))
            #expect(scene.values(of: "position", layer).shown == scene.values(of: "position", layer).presented)
            #expect(scene.values(of: "opacity", layer).shown == scene.values(of: "opacity", layer).presented)
            #expect(scene.values(of: "transform", layer).shown == scene.values(of: "transform", layer).presented)
            #expect(scene.values(of: "colors", layer).shown == scene.values(of: "colors", layer).presented)
        }
        // Those that cannot compile are not tried again every frame; the waiting one may qualify later.
        let unsteady = scene.layers.map { scene.tree.steadyAnimations.isUnsteady($0.layerID) }
        #expect(unsteady == [true, true, false, true, true, true])
        // A commit to a layer tries it again: with one transform part left, it compiles.
        twoTransformParts.removeAnimation(forKey: "stretch")
        scene.show(at: 2.5)
        #expect(!scene.tree.steadyAnimations.isUnsteady(twoTransformParts.layerID))
        #expect(scene.isSteady(twoTransformParts))
    }

    @Test func aLayerItOnlyMovesKeepsOneCopyOfItsValuesAndIsDrawnWhereItIsShown() {
        func square(_ configure: (CALayer) -> Void) -> CALayer {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            layer.position = CGPoint(x: 50, y: 50)
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            configure(layer)
            return layer
        }
        let turned = square { $0.add(basic("transform.rotation.z", from: 0, to: 2, duration: 4), forKey: "turn") }
        // With a model transform of its own, the turn is set among the model transform's parts.
        let slid = square {
            $0.transform = CATransform3DMakeScale(2, 2, 1)
            $0.add(basic("transform.rotation.z", from: 0, to: 1, duration: 4), forKey: "turn")
            $0.add(basic("position.x", from: 10, to: 90, duration: 4), forKey: "slide")
        }
        let faded = square { $0.add(basic("opacity", from: 0, to: 1, duration: 4), forKey: "fade") }
        let scene = Scene([turned, slid, faded])
        CATransaction.flush()
        scene.show(at: 0.5)
        scene.show(at: 1)
        for layer in [turned, slid] {
            let shown = scene.tree[layer.layerID]!
            #expect(scene.isSteady(layer))
            #expect(shown.propertiesExceptPlacement.isSharingValues(with: shown.model), "one copy of the values")
            for key in ["transform", "position"] {
                #expect(scene.values(of: key, layer).shown == scene.values(of: key, layer).presented, "\(key)")
            }
            #expect(shown.placement(offset: nil) == shown.properties.placement(offset: nil))
        }
        #expect(isClose(scene.tree[turned.layerID]!.properties.transform, CATransform3DMakeRotation(0.5, 0, 0, 1)))
        #expect(scene.tree[slid.layerID]!.properties.position.x == 30)
        let fading = scene.tree[faded.layerID]!
        #expect(!fading.propertiesExceptPlacement.isSharingValues(with: fading.model), "its opacity is not the model's")

        // The walk draws the moved layers where they are shown, as it draws whole copies of their values.
        var whole = scene.tree
        for layer in [turned, slid] { whole.layers[layer.layerID]?.properties.opacity += 0 }
        #expect(
            whole[turned.layerID]!.propertiesExceptPlacement.transform == whole[turned.layerID]!.properties.transform)
        let root = scene.clock.layer.layerID
        let drawn = FrameBuilder.build(scene.tree, root: root, width: 100, height: 100)
        #expect(drawn.instances.count == 3)
        #expect(drawn.instances == FrameBuilder.build(whole, root: root, width: 100, height: 100).instances)

        // A copy of the tree (a transition's snapshot) keeps what it showed; a commit to the layer
        // gives it whole values, and the next steady frame keeps its placement apart again.
        let snapshot = scene.tree
        commitWithoutActions { turned.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1) }
        scene.show(at: 2)
        scene.show(at: 3)
        #expect(isClose(snapshot[turned.layerID]!.properties.transform, CATransform3DMakeRotation(0.5, 0, 0, 1)))
        let recoloured = scene.tree[turned.layerID]!
        #expect(scene.isSteady(turned))
        #expect(recoloured.propertiesExceptPlacement.isSharingValues(with: recoloured.model))
        #expect(recoloured.properties.backgroundColor?.value == RGBA(r: 0, g: 0, b: 1, a: 1))
        #expect(isClose(recoloured.properties.transform, CATransform3DMakeRotation(1.5, 0, 0, 1)))
    }

    /// A gradient's animated colours are written into the list its layer shows, in place: the
    /// same storage frame after frame, not an array made for each.
    @Test func aGradientsColoursAreWrittenInPlace() throws {
        let gradient = CAGradientLayer()
        gradient.add(Self.colors(3), forKey: "fade")
        let scene = Scene([gradient])
        CATransaction.flush()
        scene.show(at: 0.5)
        scene.show(at: 1)
        #expect(scene.isSteady(gradient))
        func shownStorage() -> UnsafeRawPointer? {
            scene.tree[gradient.layerID]?.properties.gradientColors.animated?.withUnsafeBufferPointer {
                $0.baseAddress.map(UnsafeRawPointer.init)
            }
        }
        let first = try #require(shownStorage())
        for time in [1.5, 2, 3] {
            scene.show(at: time)
            #expect(shownStorage() == first, "at \(time)")
            #expect(scene.values(of: "colors", gradient).shown == scene.values(of: "colors", gradient).presented)
        }
    }
}
