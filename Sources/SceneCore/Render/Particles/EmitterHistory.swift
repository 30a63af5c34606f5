/// A `CAEmitterLayer`'s emissions on the render side, and the particles they show this frame.
///
/// Each commit that changes the layer's emitter values ends the running emission at that
/// commit's layer time and starts one with the new values: particles already born live on as
/// they were, and new ones follow the new values. An emission is dropped once its last particle
/// (and the last particle those emit) has died.
///
/// At most `maximumParticles` particles are worked out and drawn each frame (fewer when the
/// frame's own cap, `RenderTree.maximumParticlesPerFrame`, leaves fewer): the newest births
/// first, emission by emission from the running one back, logged once. An emission that has
/// ended and shows no particle is dropped there and then (nothing it bore can live again), so
/// that an emitter moved every frame (a trail) keeps only the emissions with live particles, and
/// at most `maximumEmissions` of those, the newest: a frame's work and what is kept are bounded
/// by what is shown, however long the emitter has run.
struct EmitterHistory: Sendable {
    struct Emission: Sendable {
        /// When it starts and ends, in the emitter layer's time (the end infinite while it runs).
        var start: Double
        var end = Double.infinity
        let configuration: EmitterConfiguration
        /// The committed values it was made from, which animations start from.
        let model: LayerProperties
        /// The longest time from a birth to the death of the last particle it leads to.
        let longestLife: Double
        /// The animated values, once animations drive the emitter values while it runs.
        var track: EmitterTrack?
        /// The particles alive at the last simulated time.
        var particles: [Particle] = []
    }

    private(set) var emissions: [Emission] = []
    /// Whether the last simulated time had more particles than its budget.
    private(set) var truncated = false
    /// The layer's animations of emitter values seen so far, by serial (see `note(_:at:)`).
    private(set) var animations: [RenderAnimation] = []

    /// At most this many animations that have ended are kept (the oldest are forgotten).
    static let maximumEndedAnimations = 64
    /// At most this many live particles of one emitter layer are worked out and drawn in a frame.
    static let maximumParticles = 100_000
    /// At most this many emissions are kept (the oldest are dropped, logged once): 68 s of an
    /// emitter moved at every frame of a 60 Hz display.
    static let maximumEmissions = 4_096

    /// Notes the layer's animations of emitter values, `current`, at layer time `time` (nil when
    /// a commit hands them over, before any frame has evaluated them).
    ///
    /// Animations stay known after they end and are removed on completion, so that the births
    /// they shaped stay the same whenever the steps are worked out (a renderer attached after the
    /// animation ended sees it in the commit that attaches it, and its first frame drops it): such
    /// an animation keeps no value after its end (its forward fill is dropped), as Core Animation
    /// removes it then. An animation missing from `current` before its end was removed by the app
    /// and is forgotten.
    mutating func note(_ current: [RenderAnimation], at time: Double?) {
        let serials = Set(current.map(\.serial))
        animations.removeAll { known in
            guard !serials.contains(known.serial) else { return true }
            guard let time else { return false }
            return known.activeEnd > time
        }
        for var animation in current {
            if animation.isRemovedOnCompletion {
                switch animation.timing.fillMode {
                case .forwards: animation.timing.fillMode = .removed
                case .both: animation.timing.fillMode = .backwards
                default: break
                }
            }
            animations.append(animation)
        }
        let ended = animations.filter { time.map($0.activeEnd.isLessThanOrEqualTo) ?? false }
        if ended.count > EmitterHistory.maximumEndedAnimations {
            let forgotten = Set(ended.prefix(ended.count - EmitterHistory.maximumEndedAnimations).map(\.serial))
            animations.removeAll { forgotten.contains($0.serial) }
        }
    }

    /// Starts an emission of the emitter values in `model` at layer time `time`, ending the
    /// running one.
    mutating func begin(_ model: LayerProperties, at time: Double) {
        let configuration = EmitterConfiguration(model)
        if let last = emissions.last, last.end == .infinity, last.configuration == configuration { return }
        if !emissions.isEmpty, emissions[emissions.count - 1].end == .infinity {
            emissions[emissions.count - 1].end = max(time, emissions[emissions.count - 1].start)
        }
        emissions.append(
            Emission(start: time, configuration: configuration, model: model, longestLife: configuration.longestLife))
        if emissions.count > EmitterHistory.maximumEmissions {
            Diagnostics.errorOnce(
                "emitter.emissions",
                "CAEmitterLayer: emitter values changed more than \(EmitterHistory.maximumEmissions) times while particles live; the oldest particles are dropped"
            )
            emissions.removeFirst(emissions.count - EmitterHistory.maximumEmissions)
        }
    }

    /// Works out the particles alive at layer time `time`, at most `budget` of them (and at
    /// most `maximumParticles`), dropping the emissions whose particles have all died; returns
    /// whether particles may still be alive or born later.
    ///
    /// `current` are the layer's animations of emitter values (noted with `note(_:at:)`): while
    /// any are known, the running emission is given a track (`EmitterTrack`) anchored at its
    /// start or at the animations' earliest `beginTime`, whichever is later, and keeps it from
    /// then on.
    mutating func simulate(
        at time: Double, animations current: [RenderAnimation] = [], budget: Int = EmitterHistory.maximumParticles
    ) -> Bool {
        note(current, at: time)
        emissions.removeAll { $0.end + max($0.longestLife, $0.track?.longestLife ?? 0) < time }
        var left = min(max(budget, 0), EmitterHistory.maximumParticles)
        var cut = false
        // The running emission first: the newest births are the ones kept when the cap cuts.
        for index in emissions.indices.reversed() {
            var particles = emissions[index].particles
            particles.removeAll(keepingCapacity: true)
            var emission = emissions[index]
            emissions[index].particles = []
            if emission.track == nil, emission.end == .infinity, !animations.isEmpty {
                let begin = animations.map(\.timing.beginTime).min() ?? emission.start
                emission.track = EmitterTrack(
                    anchor: max(emission.start, begin.isFinite ? begin : emission.start), base: emission.configuration)
            }
            if time >= emission.start {
                if var track = emission.track {
                    track.advance(
                        to: min(time, emission.end), keepingFrom: time - track.longestLife, model: emission.model,
                        animations: animations)
                    let (truncated, stoppedAt) = ParticleSimulation.particles(
                        of: emission.configuration, track: track, from: emission.start, until: emission.end,
                        at: time, budget: left, into: &particles)
                    if let stoppedAt { track.forget(before: stoppedAt) }
                    emission.track = track
                    cut = truncated || cut
                } else {
                    cut =
                        ParticleSimulation.particles(
                            of: emission.configuration, from: emission.start, until: emission.end, at: time,
                            budget: left, into: &particles) || cut
                }
            }
            left -= particles.count
            emission.particles = particles
            emissions[index] = emission
        }
        // An ended emission without particles now has none later (a sub-particle is born only
        // while its parent lives), or lost them to newer ones under the cap.
        emissions.removeAll { $0.end <= time && $0.particles.isEmpty }
        if emissions.isEmpty { animations.removeAll() }
        if cut, budget >= EmitterHistory.maximumParticles {
            Diagnostics.errorOnce(
                "emitter.count",
                "CAEmitterLayer: more than \(EmitterHistory.maximumParticles) live particles; the oldest are not drawn")
        }
        truncated = cut
        return emissions.contains {
            ($0.configuration.emits || $0.track?.emits == true) && (!$0.particles.isEmpty || $0.end == .infinity)
        }
    }

    /// The number of particles alive at the last simulated time.
    var particleCount: Int { emissions.reduce(0) { $0 + $1.particles.count } }
}

extension EmitterConfiguration {
    /// The longest time from a top-level birth to the death of the last particle it leads to.
    var longestLife: Double { roots.map(longestChain).max() ?? 0 }

    /// The longest time from a birth of cell `index` to the death of the last particle it leads to.
    func longestChain(_ index: Int) -> Double { maximumLifetime(index) + longestChildChain(index) }

    /// How long after a particle of cell `index` dies its sub-particles can still live.
    func longestChildChain(_ index: Int) -> Double { children[index].map(longestChain).max() ?? 0 }
}
