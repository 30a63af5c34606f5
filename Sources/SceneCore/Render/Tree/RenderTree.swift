/// The render side's copy of the layer trees, keyed by layer id, built only from commits.
///
/// It is owned by one renderer (on its render thread) and changed only by `apply(_:)`,
/// which applies one whole commit at a time, in order, and by `evaluateAnimations(at:)`,
/// which computes the values shown at a frame's time.
package struct RenderTree: Sendable {
    var layers = RenderLayerTable()
    /// The sequence number of the last commit applied.
    private(set) var lastAppliedSequence: UInt64 = 0
    /// Whether the last commit applied changed which images the tree shows (contents set,
    /// layers replaced whole or released): only then can textures have fallen out of use.
    private(set) var lastCommitChangedContents = false
    /// The number of layers the last commit applied brought whole (new to the tree, or joining it again).
    private(set) var lastCommitWholeLayers = 0
    /// The layers with animations attached.
    var animatedLayers: Set<LayerID> = []
    /// The animated layers whose animations the steady pass runs (`evaluateAnimations`).
    var steadyAnimations = SteadyAnimationTable()
    /// For each running transition (by serial), the tree as it was before the transition's commit.
    var transitionSnapshots: [UInt64: RenderTree] = [:]
    /// The layers whose own time differs from their superlayer's (beginTime, speed or
    /// timeOffset set): only below these is a layer's local time not the absolute time.
    var timedLayers: Set<LayerID> = []
    /// Changes whenever the tree's structure or its set of animated layers may have changed.
    var structureVersion = 0
    /// The animated layers in the last scope evaluated, as last worked out (see `evaluateAnimations`).
    var animatedLayersInScope: (scope: AnimationScope, version: Int, ids: [LayerID])?
    /// Serials of animations the render side finished and removed, so that a commit made
    /// before the app side heard of it does not bring them back.
    var removedSerials: Set<UInt64> = []
    /// The stamp that changes carry now (see `subtreeVersion(of:)`).
    var versionStamp: UInt64 = 0
    /// The stamp of the changes the last evaluation of animations made (`evaluateAnimations`);
    /// 0 when that evaluation had no animation to run. A layer whose content version carries it
    /// is being changed by an animation frame after frame.
    var animationStamp: UInt64 = 0
    /// The slots of the layers whose shown values the last evaluation of animations changed
    /// (`evaluateAnimations`), for a frame that redraws only those (`FramePatch`); the layers
    /// that only moved are in `animatedMoves` instead.
    var animatedChanges: [Int] = []
    /// The slots of the layers whose transform or position alone the last evaluation of
    /// animations changed (steady animations of those only), for a frame that moves their
    /// quads without drawing them again (`FramePatch`).
    var animatedMoves: [Int] = []
    /// The absolute time animations were last evaluated at (`evaluateAnimations`); nil before.
    /// A replicator's `instanceDelay` shifts its sublayers' animations back from it.
    var animationTime: Double?
    /// The emissions of the `CAEmitterLayer`s, by layer (`RenderTree+Emitters.swift`).
    var emitters: [LayerID: EmitterHistory] = [:]
    /// The `CAOpenGLLayer`s in the tree (`RenderTree+GLContent.swift`).
    var glLayers: Set<LayerID> = []
    /// The video layers in the tree, and the frame each showed last (`RenderTree+Video.swift`).
    var videoLayers: Set<LayerID> = []
    var shownVideoFrames: [LayerID: VideoFrame] = [:]
    /// The `CAShapeLayer`s' shapes rasterised so far (`FrameBuilder+Shapes.swift`).
    let shapeRasters = ShapeRasterCache()
    /// The `CATextLayer`s' glyphs rasterised so far (`FrameBuilder+Glyphs.swift`).
    let glyphAtlas = GlyphAtlas()
    /// The drawing extents of subtrees, for culling what lies off screen.
    let subtreeExtents = SubtreeExtentCache()

    package init() {}

    subscript(id: LayerID) -> RenderLayer? { layers[id] }

    /// Applies every field of `commit`, then drops the layers it releases.
    package mutating func apply(_ commit: LayerTreeCommit) {
        // A layer new to the tree comes whole; growing once for all of them avoids rehashing.
        lastCommitWholeLayers = 0
        var newLayers = 0
        for update in commit.updates {
            guard case .all = update.field else { continue }
            lastCommitWholeLayers += 1
            // A layer already in the tree may come whole again (a new renderer's snapshot and the
            // first commit both carry every layer): room is made only for the new ones.
            if layers.slot(of: update.layer) == nil { newLayers += 1 }
        }
        layers.reserveCapacity(adding: newLayers)
        lastCommitChangedContents = !commit.released.isEmpty
        // Only a commit that starts a transition keeps the tree as it was (copying it costs a
        // copy of the layer table on the next change).
        let before = startsTransition(commit) ? self : nil
        // A changed layer's steady animations may start or end elsewhere now: the general
        // evaluator runs them next, and compiles them again.
        if !steadyAnimations.isEmpty {
            for update in commit.updates { steadyAnimations.layerChanged(update.layer) }
            for id in commit.released { steadyAnimations.layerChanged(id) }
        }
        for update in commit.updates {
            switch update.field {
            case .all(let properties):
                lastCommitChangedContents = true
                layers[update.layer, default: RenderLayer()].apply(update.field)
                noteTiming(properties.timing, of: update.layer)
                if properties.glContent != nil { glLayers.insert(update.layer) }
                if properties.videoContent != nil { videoLayers.insert(update.layer) }
            case .glContent, .glyphs:
                layers[update.layer, default: RenderLayer()].apply(update.field)
            case .video(let content):
                layers[update.layer, default: RenderLayer()].apply(update.field)
                if content != nil { videoLayers.insert(update.layer) } else { videoLayers.remove(update.layer) }
            case .property(_, let id):
                layers[update.layer, default: RenderLayer()].apply(update.field)
                if id.renderEffect == .images { lastCommitChangedContents = true }
                if id.renderEffect == .time, let layer = layers[update.layer] {
                    noteTiming(layer.model.timing, of: update.layer)
                }
            case .sublayers(let children):
                setSublayers(children, of: update.layer)
            case .mask(let mask):
                layers[update.layer, default: RenderLayer()].mask = mask
                // A mask belongs to its owner's tree (and time): walking up from it reaches the owner.
                if let mask { layers[mask, default: RenderLayer()].superlayer = update.layer }
            case .animations(let list):
                setAnimations(
                    list.items.removing(removedSerials), of: update.layer, before: before)
            }
        }
        let restructures =
            !commit.released.isEmpty
            || commit.updates.contains { update in
                switch update.field {
                case .sublayers, .mask, .animations: true
                case .property, .all, .glContent, .glyphs, .video: false
                }
            }
        if restructures { structureVersion &+= 1 }
        stampChanges(of: commit)
        noteEmitterChanges(of: commit)
        for id in commit.released {
            layers.removeValue(forKey: id)
            animatedLayers.remove(id)
            timedLayers.remove(id)
            glLayers.remove(id)
            videoLayers.remove(id)
            shownVideoFrames.removeValue(forKey: id)
        }
        if !commit.released.isEmpty {
            shapeRasters.remove(commit.released)
            subtreeExtents.remove(commit.released)
        }
        lastAppliedSequence = max(lastAppliedSequence, commit.sequence)
    }

    /// The ids of every image some layer in the tree shows (for texture lifetime), including
    /// images still shown by cross-fades and transitions.
    package var liveImageIDs: Set<UInt64> {
        var ids = emitterImageIDs
        for layer in layers.values {
            let p = layer.propertiesExceptPlacement
            if let id = p.contents?.imageID { ids.insert(id) }
            // A partial redraw updates its base image's texture in place: keep that until drawn.
            if let base = p.contents?.updatedRegion?.base { ids.insert(base) }
            if let store = p.tileStore { ids.formUnion(store.imageIDs) }
            if let id = layer.contentsBlend?.from?.imageID { ids.insert(id) }
        }
        for snapshot in transitionSnapshots.values { ids.formUnion(snapshot.liveImageIDs) }
        ids.formUnion(shapeRasters.imageIDs)
        ids.formUnion(glyphAtlas.imageIDs)
        return ids
    }

    private mutating func setSublayers(_ children: [LayerID], of parent: LayerID) {
        for old in layers[parent]?.sublayers ?? [] where layers[old]?.superlayer == parent {
            layers[old]?.superlayer = nil
        }
        layers[parent, default: RenderLayer()].sublayers = children
        for child in children { layers[child, default: RenderLayer()].superlayer = parent }
    }

    private mutating func noteTiming(_ timing: MediaTimingValues, of id: LayerID) {
        if timing.beginTime == 0 && timing.speed == 1 && timing.timeOffset == 0 {
            timedLayers.remove(id)
        } else {
            timedLayers.insert(id)
        }
    }

    private func startsTransition(_ commit: LayerTreeCommit) -> Bool {
        commit.updates.contains { update in
            guard case .animations(let list) = update.field else { return false }
            return list.items.contains { animation in
                guard case .transition = animation.kind else { return false }
                return transitionSnapshots[animation.serial] == nil
                    && !(layers[update.layer]?.animations.contains { $0.serial == animation.serial } ?? false)
            }
        }
    }

    private mutating func setAnimations(_ list: [RenderAnimation], of id: LayerID, before: RenderTree?) {
        let known = Set((layers[id]?.animations ?? []).map(\.serial))
        for animation in list where !known.contains(animation.serial) {
            // A new transition keeps the tree as it was before this commit: its old rendering.
            if case .transition = animation.kind, var snapshot = before {
                snapshot.transitionSnapshots = [:]
                transitionSnapshots[animation.serial] = snapshot
            }
        }
        layers[id, default: RenderLayer()].setAnimations(list)
        if list.isEmpty { animatedLayers.remove(id) } else { animatedLayers.insert(id) }
    }
}
