/// The render side of `CAEmitterLayer`: emissions started by commits, particles worked out per
/// frame at the layer's local time (`FramePipeline` asks before building the frame), so that
/// particles move while the app's thread is busy.
extension RenderTree {
    /// Notes the emitter values a commit changed: each layer whose values changed starts a new
    /// emission at the time the commit stamped (`EmitterCellList.start`); released layers are
    /// forgotten.
    mutating func noteEmitterChanges(of commit: LayerTreeCommit) {
        var changed: [LayerID] = []
        var animated: [LayerID] = []
        for update in commit.updates {
            switch update.field {
            case .property(_, let id) where id.owner == .emitter: changed.append(update.layer)
            case .all(let p) where !p.emitterCells.cells.isEmpty: changed.append(update.layer)
            case .animations: animated.append(update.layer)
            default: continue
            }
        }
        for id in Set(changed) {
            guard let layer = layers[id], emitters[id] != nil || !layer.model.emitterCells.cells.isEmpty else {
                continue
            }
            emitters[id, default: EmitterHistory()].begin(layer.model, at: layer.model.emitterCells.start)
        }
        // The animations as committed, before a frame drops those that have ended.
        for id in Set(animated) where emitters[id] != nil {
            emitters[id]!.note(layers[id]?.animations.filter(\.drivesEmitter) ?? [], at: nil)
        }
        for id in commit.released { emitters.removeValue(forKey: id) }
    }

    /// At most this many live particles are worked out and drawn in a frame, over all emitter
    /// layers (each also has its own cap, `EmitterHistory.maximumParticles`): layers in the
    /// order they were made take what is left, and what does not fit is not drawn (logged once).
    static let maximumParticlesPerFrame = 250_000

    /// Works out every emitter's particles at absolute time `time`; returns whether any emitter
    /// still has particles alive or to come (so that frames must keep coming).
    mutating func simulateEmitters(at time: Double) -> Bool {
        guard !emitters.isEmpty else { return false }
        var active: [LayerID] = []
        var left = RenderTree.maximumParticlesPerFrame
        for id in emitters.keys.sorted() {
            guard layers[id] != nil else {
                emitters.removeValue(forKey: id)
                continue
            }
            let local = localTime(of: id, at: time).time
            guard local.isFinite else { continue }
            let animations = layers[id]!.animations.filter(\.drivesEmitter)
            let budget = left
            if emitters[id]!.simulate(at: local, animations: animations, budget: budget) { active.append(id) }
            left -= emitters[id]!.particleCount
            if emitters[id]!.truncated, budget < EmitterHistory.maximumParticles {
                Diagnostics.errorOnce(
                    "emitter.frameCount",
                    "CAEmitterLayer: more than \(RenderTree.maximumParticlesPerFrame) live particles in a frame; the rest are not drawn"
                )
            }
        }
        guard !active.isEmpty else { return false }
        // Live particles change the emitter's drawing every frame, as a content animation does:
        // its subtree carries this frame's animation stamp, so that kept bitmaps (masks,
        // shadows, rasterization) of what contains it are drawn again.
        for id in active { stampAnimatedContent(of: id) }
        return true
    }

    /// The ids of the images emitter cells show.
    var emitterImageIDs: Set<UInt64> {
        var ids = Set<UInt64>()
        for history in emitters.values {
            for emission in history.emissions {
                for cell in emission.configuration.cells { if let id = cell.contents?.imageID { ids.insert(id) } }
            }
        }
        return ids
    }
}
