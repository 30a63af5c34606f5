/// The render tree's table of steady animations: for each animated layer whose animations all
/// compile to `SteadyAnimation`s, its slot and its compiled animations, in slot order, in
/// contiguous arrays.
///
/// Evaluating an animation the general way (`AnimationEvaluator`) reads the layer's model
/// values, its animation state, the animation list and each animation's spec, all apart in
/// memory, and restores the animated properties before applying them. The steady pass
/// (`RenderTree.evaluateAnimations`) reads this table front to back and stores each value in
/// the layer's shown values (in its placement kept apart, `SteadyPlacement`, when its animations
/// only move it), nothing else. A layer leaves the table when a commit changes it,
/// when it leaves the evaluated scope, and when one of its animations stops being steady (it
/// begins, ends, or shows a value its property refuses): the general evaluator then runs its
/// animations, sends their events, and puts the layer back when it qualifies again. A layer whose
/// animations do not compile (`unsteady`) is not tried again until a commit changes it.
struct SteadyAnimationTable: Sendable {
    /// One layer of the table (`MemoryLayoutTests` has its size).
    struct Entry: Sendable {
        let id: LayerID
        private let slotNumber: Int32
        private let firstAnimation: Int32
        private let animationCount: UInt16
        /// Whether its animations change only the layer's transform or position
        /// (`SteadyAnimation.Store.movesLayer`).
        let movesOnly: Bool
        /// False once the layer left the table (its entry stays until the table is compacted).
        var isLive = true

        init(id: LayerID, slot: Int, animations: Range<Int>, movesOnly: Bool) {
            self.id = id
            (slotNumber, firstAnimation) = (Int32(slot), Int32(animations.lowerBound))
            animationCount = UInt16(animations.count)
            self.movesOnly = movesOnly
        }

        /// The layer's slot in `RenderLayerTable`.
        var slot: Int { Int(slotNumber) }
        /// Its animations in `animations`, in key order.
        var animations: Range<Int> { Int(firstAnimation)..<Int(firstAnimation) + Int(animationCount) }
    }

    private(set) var entries: [Entry] = []
    private(set) var animations: [SteadyAnimation] = []
    /// What the animations in `animations` keep apart from their rows.
    private(set) var pool = SteadyAnimationPool()
    /// Each live entry's index in `entries`.
    private var positions: [LayerID: Int] = [:]
    private var deadCount = 0
    /// Entries added since the table was last put in slot order.
    private var unorderedCount = 0
    /// Animated layers whose animations do not compile, until a commit changes them.
    private var unsteady: Set<LayerID> = []
    /// The animated layers in scope that are not in the table, for the general evaluator.
    private(set) var others: [LayerID] = []
    private var othersAreCurrent = false
    /// The scope and structure version `others` was last worked out for.
    private var scope: (scope: AnimationScope, version: Int)?

    var isEmpty: Bool { positions.isEmpty && unsteady.isEmpty }

    func contains(_ id: LayerID) -> Bool { positions[id] != nil }

    /// Whether the layer's animations were found not to compile since a commit last changed it.
    func isUnsteady(_ id: LayerID) -> Bool { unsteady.contains(id) }

    /// Notes that the layer's animations do not compile: it stays with the general evaluator.
    mutating func markUnsteady(_ id: LayerID) { unsteady.insert(id) }

    /// A commit changed (or released) the layer: it leaves the table, and is tried again.
    mutating func layerChanged(_ id: LayerID) {
        remove(id)
        unsteady.remove(id)
    }

    /// Takes the layer `id` out of the table, if it is in it.
    mutating func remove(_ id: LayerID) {
        guard let index = positions.removeValue(forKey: id) else { return }
        entries[index].isLive = false
        deadCount += 1
        othersAreCurrent = false
    }

    /// Puts the layer `id`, in `slot`, into the table with its compiled animations, which keep
    /// what they keep apart in `compiledPool`.
    mutating func add(
        _ id: LayerID, slot: Int, animations compiled: [SteadyAnimation], pool compiledPool: SteadyAnimationPool
    ) {
        remove(id)
        positions[id] = entries.count
        entries.append(
            Entry(
                id: id, slot: slot, animations: animations.count..<animations.count + compiled.count,
                movesOnly: compiled.allSatisfy(\.store.movesLayer)))
        for animation in compiled { animations.append(animation.moved(from: compiledPool, to: &pool)) }
        unorderedCount += 1
        othersAreCurrent = false
    }

    /// Brings the table in line with the animated layers in scope, `ids` (worked out for `scope`
    /// at structure version `version`): layers no longer among them leave it, and `others`
    /// becomes the ones not in it.
    mutating func prepare(for ids: [LayerID], scope: AnimationScope, version: Int) {
        if self.scope?.scope != scope || self.scope?.version != version {
            self.scope = (scope, version)
            if !positions.isEmpty {
                let inScope = Set(ids)
                for id in positions.keys where !inScope.contains(id) { remove(id) }
            }
            othersAreCurrent = false
        }
        guard !othersAreCurrent else { return }
        others = positions.isEmpty ? ids : ids.filter { positions[$0] == nil }
        othersAreCurrent = true
    }

    /// Orders the table by slot once many layers joined it out of order (so that the steady pass
    /// reads the layer table front to back), and drops the entries of layers that left it once
    /// they are many: a few layers joining or leaving a frame cost no copy of the table.
    mutating func compactIfNeeded() {
        guard unorderedCount * 8 > entries.count || deadCount * 4 > entries.count else { return }
        let live = entries.filter(\.isLive).sorted { $0.slot < $1.slot }
        var ordered: [SteadyAnimation] = []
        ordered.reserveCapacity(live.reduce(0) { $0 + $1.animations.count })
        var orderedPool = SteadyAnimationPool()
        orderedPool.reserveCapacity(for: pool)
        entries = live.map { entry in
            let start = ordered.count
            for animation in animations[entry.animations] {
                ordered.append(animation.moved(from: pool, to: &orderedPool))
            }
            return Entry(id: entry.id, slot: entry.slot, animations: start..<ordered.count, movesOnly: entry.movesOnly)
        }
        animations = ordered
        pool = orderedPool
        positions = Dictionary(uniqueKeysWithValues: entries.indices.map { (entries[$0].id, $0) })
        deadCount = 0
        unorderedCount = 0
    }
}

/// What a layer's animations are for the steady table.
enum SteadyCompilation {
    /// The compiled animations, and what they keep apart from their rows.
    case compiled([SteadyAnimation], pool: SteadyAnimationPool)
    /// One has not started, has finished, or runs backwards: it may qualify later.
    case notYet
    /// One is of a kind the steady pass does not run, or more than one sets the transform (each
    /// sets a part of the model transform): not until a commit changes the layer.
    case notCompilable
}

extension RenderLayer {
    /// The layer's animations compiled for the steady table.
    var steadyAnimations: SteadyCompilation {
        let (animations, marks) = (self.animations, eventMarks)
        // Checked without allocating first: a layer waiting for an animation fails here, every frame.
        guard !animations.isEmpty, animations.indices.allSatisfy({ marks.isRunningForwards($0, animations[$0]) })
        else { return .notYet }
        let model = self.model
        var compiled: [SteadyAnimation] = []
        compiled.reserveCapacity(animations.count)
        var pool = SteadyAnimationPool()
        for animation in animations {
            guard let steady = SteadyAnimation(animation, model: model, pool: &pool) else {
                return .notCompilable
            }
            compiled.append(steady)
        }
        // An entry counts a layer's animations in 16 bits; more stay with the general evaluator.
        guard compiled.count(where: \.storesTransform) <= 1, compiled.count <= UInt16.max else {
            return .notCompilable
        }
        return .compiled(compiled, pool: pool)
    }
}
