/// The emitter values of one emission while animations drive them (`emitterPosition`,
/// `birthRate`, `emitterCells.fire.velocity`, ...), sampled on a fixed lattice of the layer's
/// time so that the particles stay a pure function of time.
///
/// The lattice starts at `anchor` (the emission's start, or the earliest `beginTime` of the
/// animations when that is later: before it the committed values hold) and steps by 1/240 s.
/// Each step takes the values the animations give at its start. A top-level cell's births
/// follow the integral of its rate over time: the rate (the cell's `birthRate` times the
/// layer's, in the cell's time) is constant within a step, the count of births grows by rate ×
/// the part of the step in which the cell emits, and birth k happens where the count reaches k,
/// so an animated rate of 10 → 50 per second gives the births of its integral, not of a rate
/// sampled per frame. A particle takes the values of the step it is born in (its position,
/// velocity, colour, ... and, for the particles it emits, their cells' values). The count at the
/// anchor is what the committed values give there, so an emission that begins to be animated
/// keeps its earlier births. Steps are worked out once, when a frame first needs them, and kept
/// while a particle born in them may live: the same values and animations give the same
/// particles whatever the frame rate or the frames drawn.
struct EmitterTrack: Sendable {
    /// Lattice steps per second of the layer's time.
    static let stepsPerSecond = 240.0

    /// One step's values and, for each top-level cell, the births counted before it.
    struct Sample: Sendable {
        let configuration: EmitterConfiguration
        let births: [Double]
    }

    /// The layer time where step 0 begins.
    let anchor: Double
    /// The committed values, which give the births counted at the anchor.
    let base: EmitterConfiguration
    /// The index of `samples[0]`.
    private(set) var first = 0
    private(set) var samples: [Sample] = []
    /// The longest time from a top-level birth to the death of what it leads to, over the samples.
    private(set) var longestLife: Double

    init(anchor: Double, base: EmitterConfiguration) {
        self.anchor = anchor
        self.base = base
        longestLife = base.longestLife
    }

    /// The layer time where step `n` begins.
    func time(ofStep n: Int) -> Double { anchor + Double(n) / EmitterTrack.stepsPerSecond }

    /// The step that layer time `t` falls in.
    func step(at t: Double) -> Int { Int(((t - anchor) * EmitterTrack.stepsPerSecond).rounded(.down)) }

    /// The sample of step `n` (worked out by `advance`).
    func sample(_ n: Int) -> Sample { samples[n - first] }

    /// Whether the latest values emit.
    var emits: Bool { samples.last?.configuration.emits ?? false }

    /// Works out the steps up to the one holding layer time `time`, keeping those from `oldest`
    /// on. `model` holds the emission's committed values, `animations` the layer's animations
    /// of emitter values.
    mutating func advance(
        to time: Double, keepingFrom oldest: Double, model: LayerProperties, animations: [RenderAnimation]
    ) {
        let last = step(at: time)
        let keep = max(step(at: oldest), 0)
        guard last >= 0 else { return }
        if keep < first {
            // An earlier time than the steps kept: worked out again from the anchor.
            (first, samples) = (0, [])
        }
        if samples.isEmpty { samples.append(makeSample(0, previous: nil, model: model, animations: animations)) }
        while first + samples.count <= last {
            let n = first + samples.count
            samples.append(makeSample(n, previous: samples.last, model: model, animations: animations))
        }
        if keep > first {
            let drop = min(keep - first, samples.count - 1)
            samples.removeFirst(drop)
            first += drop
        }
    }

    private mutating func makeSample(
        _ n: Int, previous: Sample?, model: LayerProperties, animations: [RenderAnimation]
    ) -> Sample {
        var presented = model
        var custom: [String: AnimatableValue]?
        var outputs = AnimationOutputs()
        var cache = TransformCache()
        AnimationEvaluator.apply(
            animations, layerTime: time(ofStep: n), model: model, presented: &presented, custom: &custom,
            outputs: &outputs, cache: &cache)
        let configuration = EmitterConfiguration(presented)
        longestLife = max(longestLife, configuration.longestLife)
        guard let previous else {
            // The count at the anchor: the cell time reached times the committed rate, as the
            // births without animation count it.
            let births = base.roots.map { root in
                let cell = base.cells[root]
                let timing = cell.timing
                var reached = (time(ofStep: n) - timing.beginTime) * Double(timing.speed) + timing.timeOffset
                if timing.duration > 0 { reached = min(reached, timing.duration) }
                return max(reached, 0) * max(cell.birthRate * base.birthRate, 0)
            }
            return Sample(configuration: configuration, births: births)
        }
        let (start, end) = (time(ofStep: n - 1), time(ofStep: n))
        let births = previous.births.indices.map { j in
            let (rate, from, to) = previous.configuration.emission(ofRoot: j, from: start, to: end)
            return previous.births[j] + rate * max(to - from, 0)
        }
        return Sample(configuration: configuration, births: births)
    }
}

extension EmitterConfiguration {
    /// For top-level cell `j` over the layer times `start..<end`: its births per second of layer
    /// time (0 when it does not emit) and the part of the interval in which its time runs
    /// within its active duration.
    func emission(ofRoot j: Int, from start: Double, to end: Double) -> (rate: Double, from: Double, to: Double) {
        guard roots.indices.contains(j) else { return (0, start, start) }
        let cell = cells[roots[j]]
        let timing = cell.timing
        let speed = Double(timing.speed)
        let rate = cell.birthRate * birthRate * speed
        guard cell.isEnabled, rate > 0, speed > 0 else { return (0, start, start) }
        // Layer times at which the cell's time is 0 and reaches its duration.
        let begins = timing.beginTime - timing.timeOffset / speed
        let ends = timing.duration > 0 ? timing.beginTime + (timing.duration - timing.timeOffset) / speed : .infinity
        return (rate, max(start, begins), min(end, ends))
    }
}

extension RenderAnimation {
    /// Whether the animation (or one in its group) drives an emitter value.
    var drivesEmitter: Bool {
        switch kind {
        case .property(let spec):
            if case .layer(let id, _) = spec.target.property { return id.owner == .emitter }
            return false
        case .group(let children): return children.contains(where: \.drivesEmitter)
        case .transition: return false
        }
    }

    /// The layer time at which its active duration ends (infinite when it never ends).
    var activeEnd: Double {
        timing.speed > 0 ? timing.beginTime + timing.activeDuration / Double(timing.speed) : .infinity
    }
}
