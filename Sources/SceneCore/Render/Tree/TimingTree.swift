/// What times the animations of a layer tree, and nothing else: each layer's place in the tree,
/// its own time (`beginTime`, `speed`, `timeOffset`) and its attached animations.
///
/// The clock of unrendered animations (`UnrenderedAnimations`) keeps one, built from every
/// commit of the process, to send the started and finished events of the trees no renderer
/// shows. It draws nothing, so it keeps none of the values a `RenderTree` keeps for drawing:
/// some tens of bytes a layer instead of several kilobytes.
struct TimingTree {
    /// One layer's place and animations (`MemoryLayoutTests` has its size).
    struct Node {
        var sublayers: [LayerID] = []
        var animations: [RenderAnimation] = []
        /// The superlayer's raw identity, 0 for none (no layer has it): an optional would take
        /// a third more room in every entry of `nodes`.
        private var superlayerID: UInt64 = 0

        var superlayer: LayerID? {
            get { superlayerID == 0 ? nil : LayerID(rawValue: superlayerID) }
            set { superlayerID = newValue?.rawValue ?? 0 }
        }
    }

    /// A layer's own time, kept only for the few layers whose time differs from their
    /// superlayer's.
    private struct LayerTime {
        var beginTime: Double = 0
        var timeOffset: Double = 0
        var speed: Float = 1

        /// Whether the layer's time differs from its superlayer's.
        var runsItsOwnTime: Bool { beginTime != 0 || speed != 1 || timeOffset != 0 }
    }

    private var nodes: [LayerID: Node] = [:]
    /// Which animations of the layers evaluated here sent their events (`Node.animations`).
    private var eventMarks: [LayerID: AnimationEventMarks] = [:]
    private var animatedLayers: Set<LayerID> = []
    /// The layers whose own time differs from their superlayer's, with that time: below none of
    /// them, a layer's time is the absolute time.
    private var timedLayers: [LayerID: LayerTime] = [:]
    /// Serials of animations finished and removed here, so that a commit made before the app
    /// side heard of it does not bring them back.
    private var removedSerials: Set<UInt64> = []
    /// Changes whenever the structure or the set of animated layers may have changed.
    private var structureVersion = 0
    /// The animated layers outside the shown trees, as last worked out.
    private var unshownAnimatedLayers: (shown: Set<LayerID>, version: Int, ids: [LayerID])?

    /// Applies the structure, layer timing and animation lists of `commit`, then drops the
    /// layers it releases.
    mutating func apply(_ commit: LayerTreeCommit) {
        for update in commit.updates {
            switch update.field {
            case .all(let properties):
                let timing = properties.timing
                setTime(of: update.layer) { time in
                    (time.beginTime, time.speed, time.timeOffset) = (timing.beginTime, timing.speed, timing.timeOffset)
                }
            case .property(.number(let value), .beginTime):
                setTime(of: update.layer) { $0.beginTime = value }
            case .property(.number(let value), .speed):
                setTime(of: update.layer) { $0.speed = Float(value) }
            case .property(.number(let value), .timeOffset):
                setTime(of: update.layer) { $0.timeOffset = value }
            case .sublayers(let children):
                for old in nodes[update.layer]?.sublayers ?? [] where nodes[old]?.superlayer == update.layer {
                    nodes[old]?.superlayer = nil
                }
                nodes[update.layer, default: Node()].sublayers = children
                for child in children { nodes[child, default: Node()].superlayer = update.layer }
                structureVersion &+= 1
            case .mask(let mask):
                // A mask belongs to its owner's tree (and time): walking up from it reaches the owner.
                if let mask { nodes[mask, default: Node()].superlayer = update.layer }
                structureVersion &+= 1
            case .animations(let list):
                let kept = list.items.removing(removedSerials)
                let known = nodes[update.layer]?.animations ?? []
                if let marks = eventMarks[update.layer] {
                    eventMarks[update.layer] = marks.carried(from: known, to: kept)
                }
                nodes[update.layer, default: Node()].animations = kept
                if kept.isEmpty {
                    animatedLayers.remove(update.layer)
                    eventMarks.removeValue(forKey: update.layer)
                } else {
                    animatedLayers.insert(update.layer)
                }
                structureVersion &+= 1
            case .property, .glContent, .glyphs, .video:
                break
            }
        }
        for id in commit.released {
            nodes.removeValue(forKey: id)
            eventMarks.removeValue(forKey: id)
            animatedLayers.remove(id)
            timedLayers.removeValue(forKey: id)
        }
        if !commit.released.isEmpty { structureVersion &+= 1 }
    }

    private mutating func setTime(of id: LayerID, _ change: (inout LayerTime) -> Void) {
        if nodes[id] == nil { nodes[id] = Node() }
        var time = timedLayers[id] ?? LayerTime()
        change(&time)
        timedLayers[id] = time.runsItsOwnTime ? time : nil
    }

    /// Runs the event pass of every animation outside the trees under `shownRoots` at absolute
    /// time `time`, as a renderer's frame would (`RenderTree.evaluateAnimations(at:in:)`):
    /// started and finished events, finished animations removed when `isRemovedOnCompletion`,
    /// whether something is changing now and when a waiting animation begins.
    mutating func evaluateAnimations(at time: Double, excludingTrees shownRoots: Set<LayerID>) -> AnimationTick {
        var tick = AnimationTick()
        guard !animatedLayers.isEmpty else { return tick }
        var emptied: [LayerID] = []
        for id in unshownAnimatedLayers(excluding: shownRoots) {
            let (layerTime, rate) = timedLayers.isEmpty ? (time, 1) : localTime(of: id, at: time)
            // An infinite layer time has no frame to show: no event is sent.
            guard layerTime.isFinite, let index = nodes.index(forKey: id) else { continue }
            nodes.values[index].animations.recordEvents(
                layerTime: layerTime, id: id, marks: &eventMarks[id, default: AnimationEventMarks()],
                removed: &removedSerials, events: &tick.events)
            // The animations' own progress says whether they change now or wait (their values
            // are not needed: within a group, the group's own time decides).
            var outputs = AnimationOutputs()
            for animation in nodes.values[index].animations {
                _ = AnimationEvaluator.progress(of: animation, parentTime: layerTime, outputs: &outputs)
            }
            tick.note(outputs, layerTime: layerTime, rate: rate, at: time)
            if nodes.values[index].animations.isEmpty { emptied.append(id) }
        }
        for id in emptied {
            animatedLayers.remove(id)
            eventMarks.removeValue(forKey: id)
        }
        if !emptied.isEmpty { structureVersion &+= 1 }
        // Stale commits naming a removed animation arrive within a few frames; the memory is bounded.
        if removedSerials.count > 10_000 { removedSerials.removeAll() }
        return tick
    }

    /// The animated layers outside the trees under `shownRoots`: worked out again only after the
    /// structure, the set of animated layers or the shown trees changed.
    private mutating func unshownAnimatedLayers(excluding shownRoots: Set<LayerID>) -> [LayerID] {
        if let cached = unshownAnimatedLayers, cached.shown == shownRoots, cached.version == structureVersion {
            return cached.ids
        }
        let ids = Array(animatedLayers.filter { !shownRoots.contains(topAncestor(of: $0)) })
        unshownAnimatedLayers = (shownRoots, structureVersion, ids)
        return ids
    }

    /// The layer at the top of `id`'s tree (masks count as part of their owner's tree).
    private func topAncestor(of id: LayerID) -> LayerID {
        var current = id
        for _ in 0..<FrameBuilder.maximumDepth {
            guard let parent = nodes[current]?.superlayer else { break }
            current = parent
        }
        return current
    }

    /// A layer's local time at absolute time `t` and how fast it runs relative to absolute
    /// time: `(parentTime − beginTime) · speed + timeOffset`, applied from the root down.
    private func localTime(of id: LayerID, at t: Double, depth: Int = 0) -> (time: Double, rate: Double) {
        guard let node = nodes[id] else { return (t, 1) }
        var (parentTime, parentRate) = (t, 1.0)
        if let parent = node.superlayer, depth < FrameBuilder.maximumDepth {
            (parentTime, parentRate) = localTime(of: parent, at: t, depth: depth + 1)
        }
        let own = timedLayers[id] ?? LayerTime()
        return ((parentTime - own.beginTime) * Double(own.speed) + own.timeOffset, parentRate * Double(own.speed))
    }
}
