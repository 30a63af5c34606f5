import Foundation
import SceneCoreFuzzSupport
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Particles bounded by what is shown: a trail (the emitter moved at every tick) and an emitter
/// with long-lived particles and animated values keep at most the caps of live particles
/// (100,000 a layer, 250,000 a frame), drop what can no longer be drawn, and take a frame time
/// that does not grow with how long they have run. Tagged `.scale`: each case works out and
/// draws 100,000 particles or more several times.
@Suite(.tags(.scale)) struct EmitterBoundsTests {
    /// An emitter layer of one 4 × 4 cell, named `fire`, that never dies within these tests.
    static func emitter(rate: Float, lifetime: Float = 1_000) -> CAEmitterLayer {
        let cell = CAEmitterCell()
        cell.name = "fire"
        cell.contents = testImage()
        cell.birthRate = rate
        cell.lifetime = lifetime
        cell.velocity = 5
        let layer = CAEmitterLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        layer.emitterCells = [cell]
        return layer
    }

    /// The reporter's trail: a million births a second, each move a new emission. Before, each
    /// of the 1,000 emissions kept up to 250,000 particles of its own and all were re-simulated
    /// (16.7 million particles here, over a gigabyte); now the newest 100,000 are worked out,
    /// and the emissions crowded out by them are dropped.
    @Test func aThousandMovesKeepTheNewestParticlesUnderTheCap() {
        let layer = Self.emitter(rate: 1_000_000)
        var history = EmitterHistory()
        let ((), bytes) = peakMemoryGrowth {
            let ((), seconds) = threadCPUSeconds {
                for move in 0..<1_000 {
                    LayerTest.commitWithoutActions { layer.emitterPosition = CGPoint(x: move % 64, y: move / 64) }
                    history.begin(layer.state, at: 100 + Double(move) / 60)
                }
                _ = history.simulate(at: 100 + 1_000.0 / 60)
            }
            #expect(seconds < timeBudget(10), "the frame after 1,000 moves took \(seconds) s")
        }
        #expect(history.particleCount == 100_000)
        #expect(history.particleCount == EmitterHistory.maximumParticles)
        // 16,667 births a move: the newest 100,000 are those of the last 6 or 7 emissions.
        #expect(history.emissions.count <= 7)
        // A sanitizer's shadow memory and quarantine of freed blocks are resident too.
        if !runsUnderSanitizer { #expect(bytes < 256 << 20, "the peak grew by \(bytes >> 20) MB") }
    }

    /// Emitter values changed 5,000 times before a frame: the oldest emissions beyond 4,096 are
    /// dropped (logged once) instead of each keeping its values and particles.
    @Test func emissionsAreCappedAtFourThousandNinetySix() {
        let layer = Self.emitter(rate: 1)
        var history = EmitterHistory()
        let messages = Diagnostics.capturing {
            for move in 0..<5_000 {
                LayerTest.commitWithoutActions { layer.emitterPosition = CGPoint(x: move % 64, y: move / 64) }
                history.begin(layer.state, at: 100 + Double(move) / 60)
            }
        }
        #expect(history.emissions.count == 4_096)
        #expect(history.emissions.count == EmitterHistory.maximumEmissions)
        #expect(messages.filter { $0.contains("more than 4096 times") }.count == 1, "\(messages)")
    }

    /// The same through commits and the frame step, with the implicit animation each move of
    /// `emitterPosition` makes: the cap holds in the frame and is logged once.
    @Test func aTrailDrawnThroughTheFrameStepStaysUnderTheCap() throws {
        let layer = Self.emitter(rate: 1_000_000)
        let probe = CommitProbe(root: layer)
        var seconds = 0.0
        let (messages, bytes) = peakMemoryGrowth {
            Diagnostics.capturing {
                for move in 1...1_000 {
                    LayerTest.commitNow { layer.emitterPosition = CGPoint(x: move % 64, y: move / 64) }
                    if move % 100 == 0 { _ = probe.frame(at: CACurrentMediaTime()) }
                }
                seconds = threadCPUSeconds { probe.frame(at: CACurrentMediaTime()) }.seconds
            }
        }
        let history = try #require(probe.pipeline.tree.emitters[layer.layerID])
        #expect(history.particleCount == EmitterHistory.maximumParticles)
        #expect(seconds < timeBudget(10), "the frame after 1,000 moves took \(seconds) s")
        // A sanitizer's shadow memory and quarantine of freed blocks are resident too.
        if !runsUnderSanitizer { #expect(bytes < 512 << 20, "the peak grew by \(bytes >> 20) MB") }
        #expect(messages.filter { $0.contains("100000 live particles") }.count == 1, "\(messages)")
    }

    /// Ten births a second of particles that live 11 days, the emitter's position animated for
    /// ever: before, a sample every 1/240 s was kept and emitted from at every frame (an hour:
    /// 864,000 samples, 2.1 s a frame; ten hours: 8.2 GB). Now only samples with births are
    /// kept, a frame works out at most 100 s of steps, and the next frame is cheap.
    @Test(arguments: [1.0, 10.0]) func aLongLivedAnimatedEmitterAfterHours(_ hours: Double) throws {
        let layer = Self.emitter(rate: 10, lifetime: 1_000_000)
        let move = CABasicAnimation(keyPath: "emitterPosition")
        move.fromValue = CGPoint.zero
        move.toValue = CGPoint(x: 60, y: 40)
        move.duration = 1
        move.repeatCount = .infinity
        move.beginTime = 100
        let animation = try AnimationCompiler.compile(move, for: layer, serial: 1).get()
        var history = EmitterHistory()
        history.begin(layer.state, at: 100)
        let later = 100 + hours * 3_600
        let (next, bytes) = peakMemoryGrowth {
            for t in [100, 101, later] { _ = history.simulate(at: t, animations: [animation]) }
            return threadCPUSeconds { history.simulate(at: later + 1.0 / 60, animations: [animation]) }.seconds
        }
        #expect(next < timeBudget(1), "a frame after \(hours) h took \(next) s")
        // A sanitizer's shadow memory and quarantine of freed blocks are resident too.
        if !runsUnderSanitizer { #expect(bytes < 128 << 20, "the peak grew by \(bytes >> 20) MB") }
        let track = try #require(history.emissions.last?.track)
        // The first second's 11 samples with births (those frames worked out each step), the
        // last 100 s's 1,001, the one that held over the gap between, and the latest.
        #expect(track.samples.count <= 1_014, "\(track.samples.count) samples")
        // Ten births a second that all live: 36,000 an hour, capped at 100,000.
        #expect(history.particleCount == min(Int(hours * 36_000) + 1, 100_000))
    }

    /// Steady frames keep only the samples in which a particle is born: 240 steps a second, 10
    /// births a second.
    @Test func steadyFramesKeepOnlySamplesWithBirths() throws {
        let layer = Self.emitter(rate: 10, lifetime: 1_000_000)
        let ramp = CABasicAnimation(keyPath: "birthRate")
        ramp.fromValue = 1
        ramp.toValue = 1.5
        ramp.duration = 1
        ramp.repeatCount = .infinity
        ramp.autoreverses = true
        ramp.beginTime = 100
        let animation = try AnimationCompiler.compile(ramp, for: layer, serial: 1).get()
        var history = EmitterHistory()
        history.begin(layer.state, at: 100)
        for frame in 0...1_200 { _ = history.simulate(at: 100 + Double(frame) / 60, animations: [animation]) }
        let track = try #require(history.emissions.last?.track)
        // 20 s at 10 to 15 births a second: at most 301 births, and the latest sample.
        #expect(track.samples.count <= 302, "\(track.samples.count) samples")
        #expect(history.particleCount >= 200)
    }

    /// Three emitters of 200,000 live particles each: each is cut at 100,000, and the frame at
    /// 250,000 (logged once).
    @Test func theFrameCapsTheParticlesOfAllItsEmitters() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        let emitters = (0..<3).map { _ in Self.emitter(rate: 100_000) }
        for emitter in emitters { root.addSublayer(emitter) }
        let probe = CommitProbe(root: root)
        let start = CACurrentMediaTime()
        let messages = Diagnostics.capturing {
            for frame in 0..<3 { _ = probe.frame(at: start + 2 + Double(frame) / 60) }
        }
        let counts = emitters.map { probe.pipeline.tree.emitters[$0.layerID]?.particleCount ?? 0 }
        #expect(counts.reduce(0, +) == RenderTree.maximumParticlesPerFrame)
        #expect(counts.allSatisfy { $0 <= EmitterHistory.maximumParticles })
        #expect(messages.filter { $0.contains("250000 live particles in a frame") }.count == 1, "\(messages)")
    }
}
