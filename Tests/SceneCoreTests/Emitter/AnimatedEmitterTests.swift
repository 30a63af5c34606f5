import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Emitter values driven by animations on the render side: births follow the integral of an
/// animated rate, particles take the values of the moment they are born, and the particles
/// stay a pure function of time.
@Suite struct AnimatedEmitterTests {
    /// An emitter layer whose one cell, named `fire`, lives 100 s (no deaths in these tests).
    static func emitter(cellRate: Float, configure: (CAEmitterCell) -> Void = { _ in }) -> CAEmitterLayer {
        let cell = CAEmitterCell()
        cell.name = "fire"
        cell.birthRate = cellRate
        cell.lifetime = 100
        configure(cell)
        let layer = CAEmitterLayer()
        layer.emitterCells = [cell]
        return layer
    }

    /// `animation` compiled for `layer` as the render side runs it, beginning at layer time 100.
    static func compiled(_ animation: CABasicAnimation, for layer: CAEmitterLayer) throws -> RenderAnimation {
        animation.beginTime = 100
        return try AnimationCompiler.compile(animation, for: layer, serial: 1).get()
    }

    static func animation(_ keyPath: String, from: Any, to: Any, duration: Double, fill: Bool = false)
        -> CABasicAnimation
    {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        if fill {
            animation.fillMode = .forwards
            animation.isRemovedOnCompletion = false
        }
        return animation
    }

    /// The births of an emission started at 100, at `time`, with `animations` running.
    static func births(_ layer: CAEmitterLayer, _ animations: [RenderAnimation], at time: Double) -> [Double] {
        var history = EmitterHistory()
        history.begin(layer.state, at: 100)
        _ = history.simulate(at: time, animations: animations)
        return history.emissions.flatMap(\.particles).map(\.birth)
    }

    @Test func anAnimatedBirthRateGivesTheBirthsOfItsIntegral() throws {
        // The layer's rate goes 1 → 3 over 1 s: 10 → 30 particles a second.
        let layer = Self.emitter(cellRate: 10)
        let ramp = try Self.compiled(Self.animation("birthRate", from: 1, to: 3, duration: 1, fill: true), for: layer)
        // The integral is 7.5 at 100.5 and 20 at 101 (the lattice's step values give 7.479 and
        // 19.958); after it, 30 a second: 49.958 at 102. Births 0..<count.
        #expect(Self.births(layer, [ramp], at: 100.5).count == 8)
        #expect(Self.births(layer, [ramp], at: 101).count == 20)
        #expect(Self.births(layer, [ramp], at: 102).count == 50)
        // Without the animation: 10 a second.
        #expect(Self.births(layer, [], at: 102).count == 21)
        // Birth 1: the count after step i (1/240 s each, rate 10·(1 + 2i/240)) first passes 1
        // in step 22, which starts with 0.996875 counted.
        let births = Self.births(layer, [ramp], at: 101)
        let counted = (220 + 19.25) / 240.0
        let expected = 100 + 22 / 240.0 + (1 - counted) / (10 * (1 + 44 / 240.0))
        #expect(births[0] == 100)
        #expect(abs(births[1] - expected) < 1e-9)
    }

    @Test func aCellsBirthRateAnimatesByKeyPath() throws {
        // The cell's committed rate is 0: only the animation makes it emit.
        let layer = Self.emitter(cellRate: 0)
        let ramp = try Self.compiled(
            Self.animation("emitterCells.fire.birthRate", from: 0, to: 20, duration: 2), for: layer)
        // Integral 5 at 101 (4.979 on the lattice), 20 at 102 (19.958); the rate is back to 0 after.
        #expect(Self.births(layer, [ramp], at: 101).count == 5)
        #expect(Self.births(layer, [ramp], at: 102).count == 20)
        #expect(Self.births(layer, [ramp], at: 150).count == 20)
        var history = EmitterHistory()
        history.begin(layer.state, at: 100)
        let active = history.simulate(at: 100.5, animations: [ramp])
        #expect(active, "an animated rate keeps frames coming")
    }

    @Test func particlesTakeTheValuesOfTheirBirth() throws {
        // Four a second, still; the emitter moves 0 → 100 along x over 1 s.
        let layer = Self.emitter(cellRate: 4)
        layer.emitterPosition = CGPoint(x: 200, y: 0)
        let move = try Self.compiled(
            Self.animation("emitterPosition", from: CGPoint(x: 0, y: 5), to: CGPoint(x: 100, y: 5), duration: 1),
            for: layer)
        var history = EmitterHistory()
        history.begin(layer.state, at: 100)
        _ = history.simulate(at: 101.6, animations: [move])
        let particles = history.emissions.flatMap(\.particles)
        #expect(particles.map(\.birth) == [100, 100.25, 100.5, 100.75, 101, 101.25, 101.5])
        #expect(particles.map(\.position.x) == [0, 25, 50, 75, 200, 200, 200])
        #expect(particles.map(\.position.y) == [5, 5, 5, 5, 0, 0, 0])
    }

    @Test func aSubCellsValueAnimatesThroughNestedKeyPaths() throws {
        let layer = Self.emitter(cellRate: 1) { fire in
            let spark = CAEmitterCell()
            spark.name = "spark"
            spark.birthRate = 1
            spark.lifetime = 100
            fire.emitterCells = [spark]
        }
        let speed = try Self.compiled(
            Self.animation("emitterCells.fire.emitterCells.spark.velocity", from: 8, to: 8, duration: 10), for: layer)
        var history = EmitterHistory()
        history.begin(layer.state, at: 100)
        _ = history.simulate(at: 102, animations: [speed])
        // Fire particles born at 100, 101, 102 (still); each emits a spark a second, moving at 8.
        let sparks = history.emissions.flatMap(\.particles).filter { $0.cell == 1 }
        #expect(sparks.map(\.birth).sorted() == [100, 101, 101, 102, 102, 102])
        #expect(sparks.contains { $0.birth == 100 && $0.position == SIMD3(16, 0, 0) })
        // Names that lead nowhere, and keys that do not animate, are refused.
        for keyPath in [
            "emitterCells.smoke.birthRate", "emitterCells.fire.name", "emitterCells.fire.emitterCells.x.spin",
        ] {
            let animation = Self.animation(keyPath, from: 1, to: 2, duration: 1)
            #expect(throws: AnimationError.self) { try Self.compiled(animation, for: layer) }
        }
    }

    @Test func animatedParticlesDoNotDependOnWhichFramesWereDrawn() throws {
        let layer = Self.emitter(cellRate: 30) {
            $0.velocity = 20
            $0.velocityRange = 10
            $0.emissionRange = 2 * .pi
        }
        let ramp = try Self.compiled(Self.animation("birthRate", from: 0.5, to: 4, duration: 1.5), for: layer)
        let move = try Self.compiled(
            Self.animation("emitterPosition", from: CGPoint.zero, to: CGPoint(x: 80, y: 40), duration: 2), for: layer)
        var stepped = EmitterHistory()
        var direct = EmitterHistory()
        stepped.begin(layer.state, at: 100)
        direct.begin(layer.state, at: 100)
        for frame in 0..<41 { _ = stepped.simulate(at: 100 + Double(frame) / 23, animations: [ramp, move]) }
        _ = stepped.simulate(at: 102.1, animations: [ramp, move])
        _ = direct.simulate(at: 102.1, animations: [ramp, move])
        #expect(stepped.emissions.map(\.particles) == direct.emissions.map(\.particles))
        #expect(stepped.particleCount > 100)
        // An earlier time than the steps kept is worked out again from the start.
        _ = stepped.simulate(at: 100.8, animations: [ramp, move])
        _ = direct.simulate(at: 100.8, animations: [ramp, move])
        #expect(stepped.emissions.map(\.particles) == direct.emissions.map(\.particles))
    }

    /// An animated emission begun at an ordinary time, then asked for at a layer time made
    /// huge (a `timeOffset` of 1e17 set later): the track's step once trapped converting
    /// 2.4e19 steps to an `Int`. Now the lattice stops at 2⁵⁰ steps (logged once), and no more
    /// than the layer's cap of particles is made.
    @Test func aHugeLayerTimeNeverTraps() throws {
        let layer = Self.emitter(cellRate: 30)
        let ramp = try Self.compiled(Self.animation("birthRate", from: 1, to: 2, duration: 1), for: layer)
        var history = EmitterHistory()
        history.begin(layer.state, at: 100)
        let messages = Diagnostics.capturing {
            for time in [100.5, 1e17, 1e17 + 1, 1e300, -1e300, 101] {
                _ = history.simulate(at: time, animations: [ramp])
                #expect(history.particleCount <= EmitterHistory.maximumParticles)
            }
        }
        #expect(messages.filter { $0.contains("too far from the animations' start") }.count == 1, "\(messages)")
    }

    @Test func thePresentationShowsAnimatedCellValues() {
        let clock = ManualClock(Self.emitter(cellRate: 4), at: 100)
        let ramp = Self.animation("emitterCells.fire.birthRate", from: 0, to: 20, duration: 2)
        clock.add(ramp)
        #expect(clock.number("emitterCells.fire.birthRate", at: 101) == 10)
        #expect(clock.presented(at: 101.5).value(forKeyPath: "emitterCells.fire.birthRate") as? Float == 15)
        #expect(clock.number("emitterCells.fire.lifetime", at: 101.5) == 100)
        #expect(clock.layer.value(forKeyPath: "emitterCells.fire.birthRate") as? Float == 4)
    }

    @Test func onlyTheGeometryAnimatesImplicitly() {
        let layer = Self.emitter(cellRate: 1)
        LayerTest.commitWithoutActions { layer.emitterPosition = .zero }
        LayerTest.commitNow {
            layer.emitterPosition = CGPoint(x: 5, y: 5)
            layer.emitterSize = CGSize(width: 2, height: 2)
            layer.emitterZPosition = 1
            layer.birthRate = 3
            layer.emitterDepth = 2
            layer.setValue(5, forKeyPath: "emitterCells.fire.birthRate")
        }
        #expect(Set(layer.animationKeys() ?? []) == ["emitterPosition", "emitterSize", "emitterZPosition"])
    }
}
