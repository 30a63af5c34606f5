import Foundation

/// The particles of one emission at a time: a pure function of the configuration, the window
/// of time the emission lasts and the time asked for (no state carried from frame to frame).
///
/// A cell's particles are born on a fixed lattice of its own time: the k-th at cell time
/// `k / birthRate` (the cell's and the layer's rates multiplied), cell time being
/// `(parentTime − beginTime) · speed + timeOffset`, where the parent time is the emitter
/// layer's time for a top-level cell and the age of the emitting particle for a sub-cell.
/// A cell emits while its time is at least 0 and, when its `duration` is above 0, below the
/// duration; a top-level cell only within the emission's window. Each particle draws its
/// spreads from `ParticleRandom` keyed by the seed, its cell, its index and its parent, and
/// moves by exact kinematics: `p = p₀ + v·a + ½·acc·a²` at age `a`. A particle's sub-cells
/// emit from where it is while it lives; their particles live on after it dies.
struct ParticleSimulation {
    /// More live particles than this in one emitter are not drawn (logged once).
    static let maximumParticles = 250_000

    /// The values particles are born with (while animations drive them, those of the step
    /// being emitted).
    private var configuration: EmitterConfiguration
    private(set) var particles: [Particle] = []
    private var truncated = false

    /// The particles of `configuration`, emitted from `start` until before `end` (layer time),
    /// that are alive at layer time `time`, appended to `particles`.
    static func particles(
        of configuration: EmitterConfiguration, from start: Double, until end: Double, at time: Double,
        into particles: inout [Particle]
    ) {
        var simulation = ParticleSimulation(configuration: configuration)
        swap(&simulation.particles, &particles)
        for root in configuration.roots {
            simulation.emit(root, parentTime: time, window: (start, min(end, time)), parent: nil)
        }
        swap(&simulation.particles, &particles)
    }

    /// The same while animations drive the emitter values: births before the track's anchor
    /// follow the committed values, later ones the track's steps (see `EmitterTrack`).
    static func particles(
        of configuration: EmitterConfiguration, track: EmitterTrack, from start: Double, until end: Double,
        at time: Double, into particles: inout [Particle]
    ) {
        var simulation = ParticleSimulation(configuration: configuration)
        swap(&simulation.particles, &particles)
        let windowEnd = min(end, time)
        if start < track.anchor {
            for root in configuration.roots {
                simulation.emit(root, parentTime: time, window: (start, min(track.anchor, windowEnd)), parent: nil)
            }
        }
        let from = max(start, track.anchor, time - track.longestLife)
        if from <= windowEnd {
            for n in max(track.step(at: from), track.first)...track.step(at: windowEnd) {
                simulation.emitStep(n, of: track, from: from, windowEnd: windowEnd, at: time)
            }
        }
        swap(&simulation.particles, &particles)
    }

    private init(configuration: EmitterConfiguration) { self.configuration = configuration }

    /// Emits the top-level particles born in step `n` of `track`, at or after `from` and not after
    /// `windowEnd`, with the step's values.
    private mutating func emitStep(_ n: Int, of track: EmitterTrack, from: Double, windowEnd: Double, at time: Double) {
        let sample = track.sample(n)
        // A step whose cells do not match the emission's (which the drawing uses) emits nothing.
        guard sample.configuration.cells.count == configuration.cells.count else { return }
        let saved = configuration
        configuration = sample.configuration
        defer { configuration = saved }
        for j in sample.births.indices {
            let (rate, a, b) = configuration.emission(
                ofRoot: j, from: track.time(ofStep: n), to: track.time(ofStep: n + 1))
            let root = configuration.roots[j]
            let counted = sample.births[j]
            let longest = configuration.longestChain(root)
            guard rate > 0, a < b, longest > 0, counted < 0x1p53 else { continue }
            // Counts are sums of many steps: a birth within rounding of a step's start is
            // born exactly at that start, with that step's values.
            let slack = 1e-9 * max(1, counted)
            var k = (counted - slack).rounded(.up)
            while k < counted + rate * (b - a) - slack {
                defer { k += 1 }
                let bornAt = k - counted <= slack ? a : a + (k - counted) / rate
                // A window that has ended takes no birth at its end, as in `emit`.
                if bornAt >= windowEnd && windowEnd < time { continue }
                guard bornAt >= from, bornAt <= windowEnd, time - bornAt < longest else { continue }
                guard particles.count < ParticleSimulation.maximumParticles else { return noteTruncated() }
                spawn(root, k: Int(k), bornAt: bornAt, parentTime: time, parent: nil)
            }
        }
    }

    /// Where a particle was and how it moved, to place the particles it emits.
    private struct Motion {
        let key: UInt64
        let birth: Double
        let origin: SIMD3<Double>
        let velocity: SIMD3<Double>
        let acceleration: SIMD3<Double>
        func position(at age: Double) -> SIMD3<Double> { origin + velocity * age + acceleration * (0.5 * age * age) }
    }

    /// Emits cell `index`'s particles born at parent times within `window` (inclusive) and still
    /// alive at `parentTime`.
    private mutating func emit(_ index: Int, parentTime: Double, window: (Double, Double), parent: Motion?) {
        let cell = configuration.cells[index]
        let rate = cell.birthRate * configuration.birthRate
        let speed = Double(cell.timing.speed)
        guard cell.isEnabled, rate > 0, speed > 0, window.0 <= window.1 else { return }
        // Particles that died may still have sub-particles alive.
        let longest = configuration.longestChain(index)
        guard longest > 0 else { return }
        let timing = cell.timing
        func cellTime(_ t: Double) -> Double { (t - timing.beginTime) * speed + timing.timeOffset }
        // Birth indices from the oldest that can still be alive to the newest.
        let limit = timing.duration > 0 ? timing.duration * rate : .infinity
        var first = max(cellTime(max(window.0, parentTime - longest)) * rate, 0)
        let last = min(cellTime(window.1) * rate, limit)
        guard first <= last else { return }
        // Birth indices beyond 2⁵³ are not whole numbers any more (a huge rate or time).
        guard last < 0x1p53 else {
            return Diagnostics.errorOnce(
                "emitter.range", "CAEmitterLayer: a birth rate too high for the layer's time; the cell does not emit")
        }
        // Only the newest are drawn when there would be too many.
        if last - first >= Double(ParticleSimulation.maximumParticles) {
            noteTruncated()
            first = last - Double(ParticleSimulation.maximumParticles - 1)
        }
        let (lowest, highest) = (Int(first.rounded(.up)), Int(last.rounded(.down)))
        guard lowest <= highest else { return }
        for k in lowest...highest where Double(k) < limit {
            let bornAt = timing.beginTime + (Double(k) / rate - timing.timeOffset) / speed
            // A window that has ended takes no birth at its end (the next emission starts there;
            // a particle emits nothing at its death).
            if bornAt >= window.1 && window.1 < parentTime { continue }
            guard bornAt >= window.0, bornAt <= parentTime else { continue }
            guard particles.count < ParticleSimulation.maximumParticles else { return noteTruncated() }
            spawn(index, k: k, bornAt: bornAt, parentTime: parentTime, parent: parent)
        }
    }

    /// Adds particle `k` of cell `index`, born at parent time `bornAt`, if it is alive at
    /// `parentTime`, then what it emits.
    private mutating func spawn(_ index: Int, k: Int, bornAt: Double, parentTime: Double, parent: Motion?) {
        let cell = configuration.cells[index]
        let c = configuration
        let key = ParticleRandom.key(UInt64(c.seed), UInt64(index), UInt64(bitPattern: Int64(k)), parent?.key ?? 0)
        var random = ParticleRandom(key: key)
        let life = (cell.lifetime + cell.lifetimeRange * random.signed()) * c.lifetime
        let age = parentTime - bornAt
        guard life > 0, age < life || age < life + configuration.longestChildChain(index) else { return }
        let speed = (cell.velocity + cell.velocityRange * random.signed()) * c.velocity
        let longitude = cell.longitude + cell.emissionRange * (random.unit() - 0.5)
        let direction = SIMD3(
            cos(cell.latitude) * cos(longitude), cos(cell.latitude) * sin(longitude), sin(cell.latitude))
        let scale = cell.scale + cell.scaleRange * random.signed()
        let spin = (cell.spin + cell.spinRange * random.signed()) * c.spin
        let spread = SIMD4<Float>(
            Float(random.signed()), Float(random.signed()), Float(random.signed()), Float(random.signed()))
        let origin: SIMD3<Double>
        if let parent {
            origin = parent.position(at: bornAt)
        } else {
            origin = c.position + EmitterShapeSampler.offset(c.shape, c.mode, size: c.size, random: &random)
        }
        let motion = Motion(
            key: key, birth: (parent?.birth ?? 0) + bornAt, origin: origin, velocity: direction * speed,
            acceleration: cell.acceleration)
        let color = simd_clamp01(cell.color + cell.colorRange * spread + cell.colorSpeed * Float(age))
        if age < life {
            particles.append(
                Particle(
                    cell: index, birth: motion.birth, position: motion.position(at: age),
                    scale: max(scale + cell.scaleSpeed * age, 0) * c.scale, angle: spin * age, color: color))
        }
        // Sub-particles are born while the particle lives, and outlive it.
        for child in configuration.children[index] {
            emit(child, parentTime: age, window: (0, min(age, life)), parent: motion)
        }
    }

    private mutating func noteTruncated() {
        guard !truncated else { return }
        truncated = true
        Diagnostics.errorOnce(
            "emitter.count",
            "CAEmitterLayer: more than \(ParticleSimulation.maximumParticles) live particles; the oldest are not drawn")
    }
}

/// `v` with each component clamped to 0...1.
private func simd_clamp01(_ v: SIMD4<Float>) -> SIMD4<Float> {
    v.replacing(with: 0, where: .!(v .>= 0)).replacing(with: 1, where: v .> 1)
}
