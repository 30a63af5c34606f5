/// What evaluating the animations of a render tree at one frame time found.
package struct AnimationTick: Sendable {
    /// Animations that started or finished at this frame, for the app side.
    var events: [AnimationEvent] = []
    /// True when some value is changing: draw another frame at the next refresh.
    package var isAnimating = false
    /// When a waiting animation begins (absolute time), if nothing animates before then.
    package var wakeTime: Double?
    package init() {}

    /// Adds what one layer's animations found at local time `layerTime`, that layer running
    /// `rate` times as fast as absolute time, at absolute time `time`.
    mutating func note(_ outputs: AnimationOutputs, layerTime: Double, rate: Double, at time: Double) {
        if outputs.isChanging && rate != 0 { isAnimating = true }
        if let begin = outputs.nextBegin, rate > 0 {
            let wake = time + max(begin - layerTime, 0) / rate
            wakeTime = min(wakeTime ?? wake, wake)
        }
    }
}

/// Which of a render tree's animated layers an evaluation runs.
package enum AnimationScope: Sendable, Equatable {
    /// Every animated layer.
    case all
    /// The layers of the tree under this root: what one renderer shows (a renderer receives every
    /// commit of the process, including other windows' trees).
    case tree(LayerID)

    func contains(topAncestor root: LayerID) -> Bool {
        switch self {
        case .all: true
        case .tree(let shown): root == shown
        }
    }
}

extension RenderTree {
    /// Evaluates every attached animation at absolute time `time` (the frame's target
    /// presentation time): each animated layer's shown values become its model values with
    /// its animations applied (`AnimationEvaluator`, the code `presentation()` uses too).
    /// Animations whose active duration has ended are removed when `isRemovedOnCompletion`,
    /// and the started and finished events are returned for the app side.
    ///
    /// - Parameter scope: which layers' animations run.
    package mutating func evaluateAnimations(at time: Double, in scope: AnimationScope = .all) -> AnimationTick {
        var tick = AnimationTick()
        animationStamp = 0
        animationTime = time
        animatedChanges.removeAll(keepingCapacity: true)
        animatedMoves.removeAll(keepingCapacity: true)
        guard !animatedLayers.isEmpty else { return tick }
        beginVersionStamp()
        animationStamp = versionStamp
        var lastStampedParent: StampedParent?
        steadyAnimations.prepare(for: animatedLayers(in: scope), scope: scope, version: structureVersion)
        let fallen = evaluateSteadyAnimations(at: time, tick: &tick, lastStampedParent: &lastStampedParent)
        var emptied: [LayerID] = []
        for id in steadyAnimations.others {
            evaluateGenerally(id, at: time, tick: &tick, emptied: &emptied, lastStampedParent: &lastStampedParent)
        }
        for id in fallen {
            steadyAnimations.remove(id)
            evaluateGenerally(
                id, at: time, tick: &tick, emptied: &emptied, lastStampedParent: &lastStampedParent, mayJoin: false)
        }
        steadyAnimations.compactIfNeeded()
        for id in emptied { animatedLayers.remove(id) }
        if !emptied.isEmpty { structureVersion &+= 1 }
        // Stale commits naming a removed animation arrive within a few frames; the memory is bounded.
        if removedSerials.count > 10_000 { removedSerials.removeAll() }
        if !transitionSnapshots.isEmpty {
            let running = Set(animatedLayers.compactMap { layers[$0]?.transition?.serial })
            for serial in transitionSnapshots.keys where !running.contains(serial) {
                transitionSnapshots.removeValue(forKey: serial)
            }
        }
        return tick
    }

    /// The steady pass: stores the values of the steady table's animations at `time` in their
    /// layers. Returns the layers where an animation stopped being steady; the general evaluator
    /// runs those this frame.
    private mutating func evaluateSteadyAnimations(
        at time: Double, tick: inout AnimationTick, lastStampedParent: inout StampedParent?
    ) -> [LayerID] {
        var fallen: [LayerID] = []
        let (entries, animations) = (steadyAnimations.entries, steadyAnimations.animations)
        let pool = steadyAnimations.pool
        animations.withUnsafeBufferPointer { animations in
            pool.withBuffers { pool in
                for entry in entries where entry.isLive {
                    // With no layer running its own time, every layer's time is the absolute time.
                    let (layerTime, rate) = timedLayers.isEmpty ? (time, 1) : localTime(of: entry.id, at: time)
                    guard layerTime.isFinite else { continue }
                    // By index: each animation is read where it lies (a loop over the slice, or a
                    // generic function here, copies each one, retaining what it refers to).
                    func write(into properties: inout LayerProperties) -> Bool {
                        for index in entry.animations {
                            guard let f = animations[index].fraction(at: layerTime, pool: pool),
                                animations[index].apply(at: f, into: &properties, pool: pool)
                            else { return false }
                        }
                        return true
                    }
                    func write(into placement: inout SteadyPlacement) -> Bool {
                        for index in entry.animations {
                            guard let f = animations[index].fraction(at: layerTime, pool: pool),
                                animations[index].write(
                                    animations[index].lanes(at: f, pool: pool), into: &placement, pool: pool)
                            else { return false }
                        }
                        return true
                    }
                    // A layer moved only, with its placement kept apart, has only that written.
                    let slot = entry.slot
                    let written =
                        entry.movesOnly
                        ? layers[slot: slot].changePlacement { write(into: &$0) } : nil
                    guard written ?? layers[slot: slot].changeShownValues({ write(into: &$0) }) else {
                        fallen.append(entry.id)
                        continue
                    }
                    stampAnimatedLayer(at: slot, lastStampedParent: &lastStampedParent)
                    if entry.movesOnly { animatedMoves.append(slot) } else { animatedChanges.append(slot) }
                    // A steady animation is inside its active duration, running forwards: changing.
                    if rate != 0 { tick.isAnimating = true }
                }
            }
        }
        return fallen
    }

    /// Runs the animations of the layer `id` with the general evaluator, then, with `mayJoin`,
    /// puts the layer in the steady table when its animations all compile for it.
    private mutating func evaluateGenerally(
        _ id: LayerID, at time: Double, tick: inout AnimationTick, emptied: inout [LayerID],
        lastStampedParent: inout StampedParent?, mayJoin: Bool = true
    ) {
        guard let index = layers.slot(of: id) else { return }
        // With no layer running its own time, every layer's time is the absolute time.
        let (layerTime, rate) = timedLayers.isEmpty ? (time, 1) : localTime(of: id, at: time)
        // An infinite layer time (a layer's timing may be infinite, as in Core Animation) has
        // no frame to show: the layer keeps what it showed, and no event is sent.
        guard layerTime.isFinite else { return }
        let eventCount = tick.events.count
        let outputs = layers[slot: index].evaluate(
            layerTime: layerTime, id: id, removed: &removedSerials, events: &tick.events)
        if outputs.isChanging || tick.events.count != eventCount {
            stampAnimatedLayer(at: index, lastStampedParent: &lastStampedParent)
            animatedChanges.append(index)
        }
        tick.note(outputs, layerTime: layerTime, rate: rate, at: time)
        if layers[slot: index].animations.isEmpty {
            emptied.append(id)
        } else if mayJoin, !steadyAnimations.isUnsteady(id) {
            switch layers[slot: index].steadyAnimations {
            case .compiled(let compiled, let pool):
                steadyAnimations.add(id, slot: index, animations: compiled, pool: pool)
                layers[slot: index].releaseTransformCache()
                if compiled.allSatisfy(\.store.movesLayer) { layers[slot: index].keepPlacementApart() }
            case .notCompilable: steadyAnimations.markUnsteady(id)
            case .notYet: break
            }
        }
    }

    /// The animated layers in `scope`: worked out again only after the structure or the set of
    /// animated layers changed, or for another scope, not every frame.
    private mutating func animatedLayers(in scope: AnimationScope) -> [LayerID] {
        if let cached = animatedLayersInScope, cached.scope == scope, cached.version == structureVersion {
            return cached.ids
        }
        let ids = Array(animatedLayers.filter { scope == .all || scope.contains(topAncestor: topAncestor(of: $0)) })
        animatedLayersInScope = (scope, structureVersion, ids)
        return ids
    }

    /// Whether `commit`, applied, changed a layer of the tree under `root`. A layer of the tree
    /// is released only with its superlayer, or after a commit removed it from the tree: only
    /// the root's release needs looking for.
    func changesTree(under root: LayerID, _ commit: LayerTreeCommit) -> Bool {
        commit.released.contains(root) || commit.updates.contains { topAncestor(of: $0.layer) == root }
    }

    /// The layer at the top of `id`'s tree (masks count as part of their owner's tree).
    func topAncestor(of id: LayerID) -> LayerID {
        var current = id
        for _ in 0..<FrameBuilder.maximumDepth {
            guard let index = layers.slot(of: current), let parent = layers[slot: index].superlayer else { break }
            current = parent
        }
        return current
    }

    /// A layer's local time at absolute time `t` and how fast it runs relative to absolute
    /// time: `(parentTime − beginTime) · speed + timeOffset`, applied from the root down.
    func localTime(of id: LayerID, at t: Double, depth: Int = 0) -> (time: Double, rate: Double) {
        guard let index = layers.slot(of: id) else { return (t, 1) }
        let timing = layers[slot: index].model.timing
        var (parentTime, parentRate) = (t, 1.0)
        if let parent = layers[slot: index].superlayer, depth < FrameBuilder.maximumDepth {
            (parentTime, parentRate) = localTime(of: parent, at: t, depth: depth + 1)
        }
        return (
            (parentTime - timing.beginTime) * Double(timing.speed) + timing.timeOffset,
            parentRate * Double(timing.speed)
        )
    }
}
