/// A `CAEmitterLayer`'s emissions on the render side, and the particles they show this frame.
///
/// Each commit that changes the layer's emitter values ends the running emission at that
/// commit's layer time and starts one with the new values: particles already born live on as
/// they were, and new ones follow the new values. An emission is dropped once its last particle
/// (and the last particle those emit) has died.
struct EmitterHistory: Sendable {
    struct Emission: Sendable {
        /// When it starts and ends, in the emitter layer's time (the end infinite while it runs).
        var start: Double
        var end = Double.infinity
        let configuration: EmitterConfiguration
        /// The longest time from a birth to the death of the last particle it leads to.
        let longestLife: Double
        /// The particles alive at the last simulated time.
        var particles: [Particle] = []
    }

    private(set) var emissions: [Emission] = []

    /// Starts an emission of `configuration` at layer time `time`, ending the running one.
    mutating func begin(_ configuration: EmitterConfiguration, at time: Double) {
        if let last = emissions.last, last.end == .infinity, last.configuration == configuration { return }
        if !emissions.isEmpty, emissions[emissions.count - 1].end == .infinity {
            emissions[emissions.count - 1].end = max(time, emissions[emissions.count - 1].start)
        }
        emissions.append(Emission(start: time, configuration: configuration, longestLife: configuration.longestLife))
    }

    /// Works out the particles alive at layer time `time`, dropping the emissions whose particles
    /// have all died; returns whether particles may still be alive or born later.
    mutating func simulate(at time: Double) -> Bool {
        emissions.removeAll { $0.end + $0.longestLife < time }
        for index in emissions.indices {
            var particles = emissions[index].particles
            particles.removeAll(keepingCapacity: true)
            let emission = emissions[index]
            if time >= emission.start {
                ParticleSimulation.particles(
                    of: emission.configuration, from: emission.start, until: emission.end, at: time, into: &particles)
            }
            emissions[index].particles = particles
        }
        return emissions.contains { $0.configuration.emits && (!$0.particles.isEmpty || $0.end == .infinity) }
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
