import Foundation
import Testing

@testable import SceneCore

/// The render side's particles: counts over time, exact kinematics, determinism by seed,
/// sub-emitters and emissions started by commits.
@Suite struct ParticleSimulationTests {
    private static func configuration(
        seed: UInt32 = 0, position: CGPoint = .zero, _ cells: CAEmitterCell...
    ) -> EmitterConfiguration {
        EmitterConfiguration(model(seed: seed, position: position, cells))
    }

    /// An emitter layer's committed values.
    static func model(seed: UInt32 = 0, position: CGPoint = .zero, _ cells: [CAEmitterCell]) -> LayerProperties {
        var p = LayerProperties()
        p.emitterCells = EmitterCellList(cells.map { $0.snapshot() })
        p.emitterPosition = position
        p.emitterSeed = seed
        return p
    }

    private static func cell(birthRate: Float, lifetime: Float, configure: (CAEmitterCell) -> Void = { _ in })
        -> CAEmitterCell
    {
        let cell = CAEmitterCell()
        cell.birthRate = birthRate
        cell.lifetime = lifetime
        configure(cell)
        return cell
    }

    private static func particles(_ c: EmitterConfiguration, start: Double = 100, at time: Double) -> [Particle] {
        var particles: [Particle] = []
        ParticleSimulation.particles(
            of: c, from: start, until: .infinity, at: time, budget: EmitterHistory.maximumParticles, into: &particles)
        return particles
    }

    @Test func aConstantRateReachesRateTimesLifetime() {
        let c = Self.configuration(Self.cell(birthRate: 10, lifetime: 2))
        #expect(Self.particles(c, at: 100.55).count == 6)
        #expect(Self.particles(c, at: 101.05).count == 11)
        #expect(Self.particles(c, at: 105.05).count == 20)
        #expect(Self.particles(c, at: 250.05).count == 20)
        #expect(Self.particles(c, at: 99).isEmpty)
    }

    @Test func theLayersMultipliersScaleRateAndLifetime() {
        var c = Self.configuration(Self.cell(birthRate: 10, lifetime: 2))
        c.birthRate = 2
        c.lifetime = 0.5
        #expect(Self.particles(c, at: 105.025).count == 20)
    }

    @Test func zeroRangesGiveExactKinematics() throws {
        let cell = Self.cell(birthRate: 1, lifetime: 10) {
            $0.velocity = 10
            $0.yAcceleration = 4
            $0.scaleSpeed = 0.5
            $0.spin = 2
            $0.alphaSpeed = -0.1
        }
        let particles = Self.particles(Self.configuration(position: CGPoint(x: 5, y: 6), cell), at: 102.5)
        #expect(particles.map(\.birth) == [100, 101, 102])
        let oldest = try #require(particles.first)
        #expect(oldest.position == SIMD3(30, 18.5, 0))
        #expect(oldest.scale == 2.25)
        #expect(oldest.angle == 5)
        #expect(oldest.color == SIMD4(1, 1, 1, 0.75))
        #expect(particles[2].position == SIMD3(10, 6.5, 0))
    }

    @Test func theSameSeedAndTimeGiveTheSameParticles() {
        let spread = Self.cell(birthRate: 50, lifetime: 3) {
            $0.velocity = 40
            $0.velocityRange = 20
            $0.emissionRange = .pi * 2
            $0.lifetimeRange = 1
            $0.scaleRange = 0.5
            $0.redRange = 0.5
        }
        let a = Self.particles(Self.configuration(seed: 7, spread), at: 104.3)
        let b = Self.particles(Self.configuration(seed: 7, spread), at: 104.3)
        let other = Self.particles(Self.configuration(seed: 8, spread), at: 104.3)
        #expect(a == b)
        #expect(!a.isEmpty)
        #expect(a != other)
        // Ranges spread the particles: not all at one speed.
        #expect(Set(a.map { Int($0.position.x * 1000) }).count > a.count / 2)
    }

    @Test func particlesDoNotDependOnWhichFramesWereDrawn() {
        var stepped = EmitterHistory()
        var direct = EmitterHistory()
        let c = Self.model([Self.cell(birthRate: 30, lifetime: 1.5) { $0.velocityRange = 9 }])
        stepped.begin(c, at: 100)
        direct.begin(c, at: 100)
        for frame in 0..<37 { _ = stepped.simulate(at: 100 + Double(frame) / 17) }
        _ = stepped.simulate(at: 102.2)
        _ = direct.simulate(at: 102.2)
        #expect(stepped.emissions.map(\.particles) == direct.emissions.map(\.particles))
    }

    @Test func aNewEmissionLetsTheOldParticlesLive() {
        var history = EmitterHistory()
        history.begin(Self.model([Self.cell(birthRate: 10, lifetime: 2)]), at: 100)
        history.begin(Self.model([Self.cell(birthRate: 0, lifetime: 2)]), at: 101)
        let active = history.simulate(at: 101.5)
        #expect(active)
        #expect(history.particleCount == 10)
        let stillActive = history.simulate(at: 103.5)
        #expect(!stillActive)
        #expect(history.particleCount == 0)
    }

    @Test func subCellsEmitFromEachLiveParticle() {
        let spark = Self.cell(birthRate: 2, lifetime: 10)
        let rocket = Self.cell(birthRate: 1, lifetime: 10) {
            $0.velocity = 8
            $0.emitterCells = [spark]
        }
        let particles = Self.particles(Self.configuration(rocket), at: 102.25)
        #expect(particles.filter { $0.cell == 0 }.count == 3)
        #expect(particles.filter { $0.cell == 1 }.count == 9)
        // The first spark of the oldest rocket was born where the rocket was born, and stays
        // there (no velocity), 2.25 s later.
        #expect(particles.contains { $0.cell == 1 && $0.birth == 100 && $0.position == .zero })
        // Its spark born at rocket age 2 was born 16 points along.
        #expect(particles.contains { $0.cell == 1 && $0.birth == 102 && $0.position == SIMD3(16, 0, 0) })
    }

    @Test func subParticlesOutliveTheirParent() {
        let spark = Self.cell(birthRate: 4, lifetime: 5)
        let rocket = Self.cell(birthRate: 1, lifetime: 1) {
            $0.velocity = 10
            $0.emitterCells = [spark]
        }
        // At 100.5 + 2: rockets born at 100, 101, 102; only the last is alive. Each emitted
        // sparks at ages 0, 0.25, 0.5, 0.75 (none at its death, age 1); the live one at 0..0.5.
        let particles = Self.particles(Self.configuration(rocket), at: 102.5)
        #expect(particles.filter { $0.cell == 0 }.map(\.birth) == [102])
        #expect(particles.filter { $0.cell == 1 }.count == 4 + 4 + 3)
        #expect(particles.contains { $0.cell == 1 && $0.birth == 100.75 && $0.position == SIMD3(7.5, 0, 0) })
    }

    @Test func aCellsTimingBoundsItsEmission() {
        let burst = Self.cell(birthRate: 10, lifetime: 100) {
            $0.beginTime = 1
            $0.duration = 0.5
        }
        let rocket = Self.cell(birthRate: 0.001, lifetime: 100) { $0.emitterCells = [burst] }
        // Births every 1,000 s from time 0: one rocket, born at 0.
        var particles: [Particle] = []
        ParticleSimulation.particles(
            of: Self.configuration(rocket), from: 0, until: .infinity, at: 3, budget: EmitterHistory.maximumParticles,
            into: &particles)
        #expect(particles.filter { $0.cell == 0 }.count == 1)
        // Sparks at rocket ages 1.0, 1.1, ..., 1.4 (the duration ends before 1.5).
        #expect(particles.filter { $0.cell == 1 }.count == 5)
    }

    @Test func hugeAndNonFiniteValuesEmitNothingOrABoundedNumber() {
        #expect(Self.particles(Self.configuration(Self.cell(birthRate: 1e30, lifetime: 1)), at: 101).isEmpty)
        // A million a second for a second: only the newest 100,000 (the layer's cap) are kept.
        let flood = Self.particles(Self.configuration(Self.cell(birthRate: 1e6, lifetime: 1)), at: 101)
        #expect(flood.count == 100_000)
        #expect(flood.last?.birth == 101)
        let nan = Self.cell(birthRate: 10, lifetime: 1) { $0.velocity = .nan }
        #expect(Self.particles(Self.configuration(nan), at: 101).isEmpty)
        let huge = Self.cell(birthRate: 10, lifetime: 1) { $0.scale = 1e300 }
        #expect(Self.particles(Self.configuration(huge), at: 100.55).count == 6)
    }

    @Test func shapesPlaceBirthsOnThem() {
        let cell = Self.cell(birthRate: 100, lifetime: 1)
        var p = LayerProperties()
        p.emitterCells = EmitterCellList([cell.snapshot()])
        p.emitterShape = .circle
        p.emitterMode = .outline
        p.emitterSize = CGSize(width: 20, height: 20)
        let onCircle = Self.particles(EmitterConfiguration(p), at: 100.5)
        #expect(onCircle.count == 51)
        #expect(
            onCircle.allSatisfy { abs(($0.position.x * $0.position.x + $0.position.y * $0.position.y) - 100) < 1e-9 })
        p.emitterShape = .rectangle
        p.emitterMode = .volume
        let inRectangle = Self.particles(EmitterConfiguration(p), at: 100.5)
        #expect(inRectangle.allSatisfy { abs($0.position.x) <= 10 && abs($0.position.y) <= 10 })
        #expect(Set(inRectangle.map(\.position.x)).count == inRectangle.count)
    }
}
