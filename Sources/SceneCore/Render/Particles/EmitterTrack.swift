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
/// keeps its earlier births. Steps are worked out once, when a frame first needs them: the
/// same values and animations give the same particles whatever the frame rate or the frames
/// drawn.
///
/// What is kept is bounded by what can be drawn: only the samples of steps in which a birth
/// happens (and the latest, which the count goes on from), only while a particle born in them
/// may live and the layer's cap of live particles leaves their births in (`forget(before:)`),
/// and at most `maximumSamples`. A frame more than `maximumCatchUp` steps after the last step
/// worked out (a renderer that showed nothing for a while, a jump in the layer's time) holds
/// the last step's values over the gap instead of working out each step in it, and a lattice
/// goes no further than `maximumStep` steps (a layer time about 150,000 years from the anchor;
/// logged once).
struct EmitterTrack: Sendable {
    /// Lattice steps per second of the layer's time.
    static let stepsPerSecond = 240.0
    /// The most steps one frame works out: 100 s of the layer's time.
    static let maximumCatchUp = 24_000
    /// The last step of a lattice (2⁵⁰).
    static let maximumStep = 1 << 50
    /// At most this many samples are kept, the newest: one for each particle an emitter layer
    /// may draw, and the latest.
    static let maximumSamples = EmitterHistory.maximumParticles + 1

    /// The values of `length` steps from `step` on and, for each top-level cell, the births
    /// counted before them.
    struct Sample: Sendable {
        let step: Int
        var length = 1
        let configuration: EmitterConfiguration
        let births: [Double]
    }

    /// The layer time where step 0 begins.
    let anchor: Double
    /// The committed values, which give the births counted at the anchor.
    let base: EmitterConfiguration
    /// The step from which the samples with births are kept (the oldest step a particle alive at
    /// the latest time asked for can be born in).
    private(set) var first = 0
    /// The kept samples, by step: those with births from `first` on, and the latest.
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

    /// The step that layer time `t` falls in, within ±`maximumStep`.
    func step(at t: Double) -> Int {
        let n = ((t - anchor) * EmitterTrack.stepsPerSecond).rounded(.down)
        let bound = Double(EmitterTrack.maximumStep)
        guard !n.isNaN else { return -EmitterTrack.maximumStep }
        return Int(min(max(n, -bound), bound))
    }

    /// Whether the latest values emit.
    var emits: Bool { samples.last?.configuration.emits ?? false }

    /// Works out the steps up to the one holding layer time `time`, keeping those with births
    /// from `oldest` on. `model` holds the emission's committed values, `animations` the
    /// layer's animations of emitter values.
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
        if last == EmitterTrack.maximumStep {
            Diagnostics.errorOnce(
                "emitter.lattice", "CAEmitterLayer: a layer time too far from the animations' start; births stop there")
        }
        while let latest = samples.last, latest.step + latest.length <= last {
            var previous = latest
            let gap = last - (previous.step + previous.length)
            if gap > EmitterTrack.maximumCatchUp {
                // Too far to work out step by step: the latest values hold over the gap.
                previous.length += gap - EmitterTrack.maximumCatchUp
                samples[samples.count - 1] = previous
            }
            let next = makeSample(
                previous.step + previous.length, previous: previous, model: model, animations: animations)
            // A sample in which nothing is born is needed no more once the count has gone past it.
            if !previous.hasBirths(before: next) { samples.removeLast() }
            samples.append(next)
        }
        first = max(first, keep)
        // Samples whose steps all end before `first`: their particles have all died.
        let dead = samples.prefix(samples.count - 1).prefix { $0.step + $0.length <= first }.count
        samples.removeFirst(dead)
        // Each kept sample bears at least one particle: older ones than the layer's cap of
        // particles are never drawn.
        if samples.count > EmitterTrack.maximumSamples {
            samples.removeFirst(samples.count - EmitterTrack.maximumSamples)
        }
    }

    /// Forgets the samples before step `step`: the cap of particles left their births out, and
    /// newer births only push them further back.
    mutating func forget(before step: Int) {
        let old = samples.prefix(samples.count - 1).prefix { $0.step < step }.count
        guard old > 0 else { return }
        samples.removeFirst(old)
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
        var configuration = EmitterConfiguration(presented)
        if let previous, configuration.cells == previous.configuration.cells {
            // Shares the cells' storage with the previous step's when they are unchanged.
            configuration.cells = previous.configuration.cells
        }
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
            return Sample(step: n, configuration: configuration, births: births)
        }
        let (start, end) = (time(ofStep: previous.step), time(ofStep: n))
        let births = previous.births.indices.map { j in
            let (rate, from, to) = previous.configuration.emission(ofRoot: j, from: start, to: end)
            return previous.births[j] + rate * max(to - from, 0)
        }
        return Sample(step: n, configuration: configuration, births: births)
    }
}

extension EmitterTrack.Sample {
    /// Whether a top-level birth happens in its steps, `next` being the sample after them.
    func hasBirths(before next: EmitterTrack.Sample) -> Bool {
        zip(births, next.births).contains { counted, reached in
            let slack = 1e-9 * max(1, counted)
            return (counted - slack).rounded(.up) < reached - slack
        }
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
