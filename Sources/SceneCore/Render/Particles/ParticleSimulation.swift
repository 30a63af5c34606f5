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
///
/// Only births that can still be alive are visited (those within the longest life before the
/// time asked for), and at most a budget of particles is made: the newest top-level births
/// first, so that the work of a frame is bounded by the particles it shows, however long the
/// emission has run. The particles come out oldest birth first all the same.
struct ParticleSimulation {
    /// The values particles are born with (while animations drive them, those of the step
    /// being emitted).
    private var configuration: EmitterConfiguration
    private var particles: [Particle] = []
    /// `particles.count` never passes this.
    private let limit: Int
    /// Whether the budget left births out.
    private var truncated = false
    /// Where the particles of each top-level birth (it and what it emitted) begin in
    /// `particles`, newest birth first, as they are made.
    private var groups: [Int] = []

    /// The particles of `configuration`, emitted from `start` until before `end` (layer time),
    /// that are alive at layer time `time`, appended to `particles`: at most `budget`, the newest
    /// births first. Returns whether the budget left births out.
    @discardableResult
    static func particles(
        of configuration: EmitterConfiguration, from start: Double, until end: Double, at time: Double,
        budget: Int, into particles: inout [Particle]
    ) -> Bool {
        var simulation = ParticleSimulation(configuration: configuration, budget: budget, particles: &particles)
        for root in configuration.roots.reversed() {
            simulation.emit(root, parentTime: time, window: (start, min(end, time)), parent: nil)
        }
        return simulation.finish(into: &particles)
    }

    /// The same while animations drive the emitter values: births before the track's anchor
    /// follow the committed values, later ones the track's samples (see `EmitterTrack`).
    /// Returns whether the budget left births out and, when it did so among the track's
    /// samples, the step of the sample it stopped in (older samples bear nothing shown).
    static func particles(
        of configuration: EmitterConfiguration, track: EmitterTrack, from start: Double, until end: Double,
        at time: Double, budget: Int, into particles: inout [Particle]
    ) -> (truncated: Bool, stoppedAt: Int?) {
        var simulation = ParticleSimulation(configuration: configuration, budget: budget, particles: &particles)
        let windowEnd = min(end, time)
        let from = max(start, track.anchor, time - track.longestLife)
        var stoppedAt: Int?
        if from <= windowEnd {
            let (low, high) = (track.step(at: from), track.step(at: windowEnd))
            for sample in track.samples.reversed() where sample.step <= high {
                guard sample.step + sample.length > low else { break }
                guard simulation.emitSample(sample, of: track, from: from, windowEnd: windowEnd, at: time) else {
                    stoppedAt = sample.step
                    break
                }
            }
        }
        if start < track.anchor {
            for root in configuration.roots.reversed() {
                simulation.emit(root, parentTime: time, window: (start, min(track.anchor, windowEnd)), parent: nil)
            }
        }
        return (simulation.finish(into: &particles), stoppedAt)
    }

    private init(configuration: EmitterConfiguration, budget: Int, particles: inout [Particle]) {
        self.configuration = configuration
        swap(&self.particles, &particles)
        let (sum, overflow) = self.particles.count.addingReportingOverflow(max(budget, 0))
        limit = overflow ? Int.max : sum
    }

    /// Puts the top-level births' particles back in birth order (they were made newest first)
    /// and hands them over; returns whether the budget left births out.
    private mutating func finish(into particles: inout [Particle]) -> Bool {
        if groups.count > 1 {
            // In place: the births' run reversed, then each birth's particles put back in order.
            self.particles[groups[0]...].reverse()
            let total = self.particles.count + groups[0]
            var end = self.particles.count
            for start in groups.reversed() {
                let length = end - start
                self.particles[(total - end)..<(total - end + length)].reverse()
                end = start
            }
        }
        swap(&self.particles, &particles)
        return truncated
    }

    /// Emits the top-level particles born in `sample`'s steps of `track`, at or after `from`
    /// and not after `windowEnd`, with the sample's values, newest first; returns false once
    /// the budget is spent.
    private mutating func emitSample(
        _ sample: EmitterTrack.Sample, of track: EmitterTrack, from: Double, windowEnd: Double, at time: Double
    ) -> Bool {
        // A sample whose cells do not match the emission's (which the drawing uses) emits nothing.
        guard sample.configuration.cells.count == configuration.cells.count else { return true }
        let saved = configuration
        configuration = sample.configuration
        defer { configuration = saved }
        for j in sample.births.indices.reversed() {
            let (rate, a, b) = configuration.emission(
                ofRoot: j, from: track.time(ofStep: sample.step), to: track.time(ofStep: sample.step + sample.length))
            let root = configuration.roots[j]
            let counted = sample.births[j]
            let longest = configuration.longestChain(root)
            guard rate > 0, a < b, longest > 0 else { continue }
            // Counts are sums of many steps: a birth within rounding of a step's start is
            // born exactly at that start, with that step's values.
            let slack = 1e-9 * max(1, counted)
            // Births k with counted ≤ k < `past` (within the slack), and not after `windowEnd`.
            let past = counted + rate * (b - a) - slack
            let newest = min(past.nextDown, counted + rate * (windowEnd - a)).rounded(.down)
            var oldest = (counted - slack).rounded(.up)
            guard oldest <= newest else { continue }
            // Birth indices beyond 2⁵³ are not whole numbers any more (a huge rate or time).
            guard newest < 0x1p53 else {
                Diagnostics.errorOnce(
                    "emitter.range",
                    "CAEmitterLayer: a birth rate too high for the layer's time; the cell does not emit")
                continue
            }
            // Only the newest are made when there would be too many.
            let room = limit - particles.count
            if newest - oldest >= Double(room) {
                noteTruncated()
                oldest = newest - Double(max(room, 1) - 1)
            }
            let cell = configuration.cells[root]
            for k in stride(from: Int(newest), through: Int(oldest), by: -1) {
                let bornAt = Double(k) - counted <= slack ? a : a + (Double(k) - counted) / rate
                // A window that has ended takes no birth at its end, as in `emit`.
                if bornAt >= windowEnd && windowEnd < time { continue }
                guard bornAt <= windowEnd else { continue }
                // Older births are all dead (or before the emission's part of the track).
                guard bornAt >= from, time - bornAt < longest else { break }
                guard particles.count < limit else {
                    noteTruncated()
                    return false
                }
                if groups.last != particles.count { groups.append(particles.count) }
                spawn(root, cell, k: k, bornAt: bornAt, parentTime: time, parent: nil)
            }
        }
        return true
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
    /// alive at `parentTime` (a top-level cell's newest first, a sub-cell's oldest first).
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
        let end = timing.duration > 0 ? timing.duration * rate : .infinity
        var first = max(cellTime(max(window.0, parentTime - longest)) * rate, 0)
        let last = min(cellTime(window.1) * rate, end)
        guard first <= last else { return }
        // Birth indices beyond 2⁵³ are not whole numbers any more (a huge rate or time).
        guard last < 0x1p53 else {
            return Diagnostics.errorOnce(
                "emitter.range", "CAEmitterLayer: a birth rate too high for the layer's time; the cell does not emit")
        }
        let room = limit - particles.count
        guard room > 0 else { return noteTruncated() }
        // Only the newest are made when there would be too many.
        if last - first >= Double(room) {
            noteTruncated()
            first = last.rounded(.down) - Double(room - 1)
        }
        let (lowest, highest) = (Int(first.rounded(.up)), Int(last.rounded(.down)))
        guard lowest <= highest else { return }
        /// Makes birth `k`; false once the budget is spent.
        func bear(_ k: Int) -> Bool {
            guard Double(k) < end else { return true }
            let bornAt = timing.beginTime + (Double(k) / rate - timing.timeOffset) / speed
            // A window that has ended takes no birth at its end (the next emission starts there;
            // a particle emits nothing at its death).
            if bornAt >= window.1 && window.1 < parentTime { return true }
            guard bornAt >= window.0, bornAt <= parentTime else { return true }
            guard particles.count < limit else {
                noteTruncated()
                return false
            }
            if parent == nil, groups.last != particles.count { groups.append(particles.count) }
            spawn(index, cell, k: k, bornAt: bornAt, parentTime: parentTime, parent: parent)
            return true
        }
        if parent == nil {
            for k in stride(from: highest, through: lowest, by: -1) { guard bear(k) else { return } }
        } else {
            for k in lowest...highest { guard bear(k) else { return } }
        }
    }

    /// Adds particle `k` of cell `index` (whose values are `cell`: the caller's, not copied for
    /// each particle), born at parent time `bornAt`, if it is alive at `parentTime`, then what
    /// it emits.
    private mutating func spawn(
        _ index: Int, _ cell: borrowing EmitterCellValues, k: Int, bornAt: Double, parentTime: Double, parent: Motion?
    ) {
        let key = ParticleRandom.key(
            UInt64(configuration.seed), UInt64(index), UInt64(bitPattern: Int64(k)), parent?.key ?? 0)
        var random = ParticleRandom(key: key)
        let life = (cell.lifetime + cell.lifetimeRange * random.signed()) * configuration.lifetime
        let age = parentTime - bornAt
        guard life > 0, age < life || age < life + configuration.longestChildChain(index) else { return }
        let speed = (cell.velocity + cell.velocityRange * random.signed()) * configuration.velocity
        let longitude = cell.longitude + cell.emissionRange * (random.unit() - 0.5)
        let direction = SIMD3(
            cos(cell.latitude) * cos(longitude), cos(cell.latitude) * sin(longitude), sin(cell.latitude))
        let scale = cell.scale + cell.scaleRange * random.signed()
        let spin = (cell.spin + cell.spinRange * random.signed()) * configuration.spin
        let spread = SIMD4<Float>(
            Float(random.signed()), Float(random.signed()), Float(random.signed()), Float(random.signed()))
        let origin: SIMD3<Double>
        if let parent {
            origin = parent.position(at: bornAt)
        } else {
            origin =
                configuration.position
                + EmitterShapeSampler.offset(
                    configuration.shape, configuration.mode, size: configuration.size, random: &random)
        }
        let motion = Motion(
            key: key, birth: (parent?.birth ?? 0) + bornAt, origin: origin, velocity: direction * speed,
            acceleration: cell.acceleration)
        let color = simd_clamp01(cell.color + cell.colorRange * spread + cell.colorSpeed * Float(age))
        if age < life {
            particles.append(
                Particle(
                    cell: index, birth: motion.birth, position: motion.position(at: age),
                    scale: max(scale + cell.scaleSpeed * age, 0) * configuration.scale, angle: spin * age, color: color)
            )
        }
        // Sub-particles are born while the particle lives, and outlive it.
        for child in configuration.children[index] {
            emit(child, parentTime: age, window: (0, min(age, life)), parent: motion)
        }
    }

    /// Notes that the budget left births out (the caller logs it: the budget is its cap).
    private mutating func noteTruncated() { truncated = true }
}

/// `v` with each component clamped to 0...1.
private func simd_clamp01(_ v: SIMD4<Float>) -> SIMD4<Float> {
    v.replacing(with: 0, where: .!(v .>= 0)).replacing(with: 1, where: v .> 1)
}
