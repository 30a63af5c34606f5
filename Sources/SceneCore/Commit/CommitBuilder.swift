import Foundation
import Synchronization

/// Turns changed model layers into the fields of one `LayerTreeCommit`.
///
/// A layer seen for the first time, or newly inserted into a superlayer, is encoded whole
/// with its subtree (so that every renderer learns it, whichever tree it joined), once per
/// commit however many of its ancestors joined too; any other layer travels with exactly
/// the fields whose change bits are set.
package struct CommitBuilder {
    private var updates: [LayerUpdate] = []
    /// The layers already encoded whole in this commit.
    private var encodedWhole: Set<LayerID> = []
    private static let sequence = Atomic<UInt64>(0)
    /// The commit's time, at which animations with no begin time begin.
    private let now = CACurrentMediaTime()

    package init() {}

    /// Encodes what changed on `layer` since its last commit and marks it committed; `stack` is
    /// the transaction stack whose list of changed layers held it, and no longer does.
    mutating func encodeChanges(of layer: CALayer, listedBy stack: UInt32) {
        layer.enrolment.remove(stack)
        if layer.needsFullSync {
            encodeWhole(layer, markingCommitted: true)
            return
        }
        let changes = layer.stampingEmission(layer.pendingChanges, at: now)
        guard !changes.isEmpty else { return }
        layer.pendingChanges = []
        layer.state.appendFields(for: changes, of: layer.layerID, to: &updates)
        if changes.contains(.sublayers) {
            updates.append(LayerUpdate(layer: layer.layerID, field: .sublayers(layer.sublayerIDs)))
            layer.markSublayersCommitted()
            for child in layer.sublayerStorage ?? [] where child.needsFullSync {
                encodeWhole(child, markingCommitted: true)
            }
        }
        if changes.contains(.animations) {
            updates.append(
                LayerUpdate(layer: layer.layerID, field: .animations(AnimationList(layer.animationsForCommit(at: now))))
            )
        }
        if changes.contains(.glContent), let content = layer.state.glContent {
            updates.append(LayerUpdate(layer: layer.layerID, field: .glContent(content)))
        }
        if changes.contains(.video) {
            updates.append(LayerUpdate(layer: layer.layerID, field: .video(layer.state.videoContent)))
        }
        if changes.contains(.glyphs) {
            updates.append(LayerUpdate(layer: layer.layerID, field: .glyphs(layer.state.glyphs)))
        }
        if changes.contains(.mask) {
            updates.append(LayerUpdate(layer: layer.layerID, field: .mask(layer.maskStorage?.layerID)))
            layer.committedMask = layer.maskStorage
            if let mask = layer.maskStorage, mask.needsFullSync { encodeWhole(mask, markingCommitted: true) }
        }
        layer.committedState = layer.state
    }

    /// Encodes `layer` and its whole subtree (sublayers and masks) with every field.
    ///
    /// The subtree is walked depth first with an explicit stack (a chain of layers 100,000 deep
    /// does not run out of call stack): each layer, then its sublayers' subtrees back to front,
    /// then its mask's subtree.
    ///
    /// - Parameter markingCommitted: true for a real commit (clears the change bits);
    ///   false for a snapshot sent to a newly attached renderer, which changes nothing.
    package mutating func encodeWhole(_ layer: CALayer, markingCommitted: Bool) {
        var pending = [layer]
        while let next = pending.popLast() {
            guard encodeWholeLayer(next, markingCommitted: markingCommitted) else { continue }
            if let mask = next.maskStorage { pending.append(mask) }
            pending.append(contentsOf: (next.sublayerStorage ?? []).reversed())
        }
    }

    /// Encodes one layer with every field (not its subtree); false if it was already encoded
    /// whole in this commit.
    private mutating func encodeWholeLayer(_ layer: CALayer, markingCommitted: Bool) -> Bool {
        guard encodedWhole.insert(layer.layerID).inserted else { return false }
        if markingCommitted { _ = layer.stampingEmission(layer.pendingChanges, at: now) }
        updates.append(LayerUpdate(layer: layer.layerID, field: .all(layer.state)))
        updates.append(LayerUpdate(layer: layer.layerID, field: .sublayers(layer.sublayerIDs)))
        updates.append(LayerUpdate(layer: layer.layerID, field: .mask(layer.maskStorage?.layerID)))
        if !layer.attachedAnimations.isEmpty || layer.pendingChanges.contains(.animations) {
            let animations = markingCommitted ? layer.animationsForCommit(at: now) : layer.committedAnimations
            updates.append(LayerUpdate(layer: layer.layerID, field: .animations(AnimationList(animations))))
        }
        if markingCommitted {
            layer.needsFullSync = false
            layer.pendingChanges = []
            layer.committedState = layer.state
            layer.markSublayersCommitted()
            layer.committedMask = layer.maskStorage
        }
        return true
    }

    /// The finished commit, with the layers released since the previous commit.
    ///
    /// A snapshot for a newly attached renderer carries no released layers: those are left
    /// for the next real commit, which every renderer receives.
    package mutating func finish(snapshot: Bool = false) -> LayerTreeCommit {
        let number = CommitBuilder.sequence.wrappingAdd(1, ordering: .relaxed).newValue
        return LayerTreeCommit(
            sequence: number, updates: updates, released: snapshot ? [] : ReleasedLayers.shared.drain(),
            timestamp: CACurrentMediaTime())
    }
}

extension CALayer {
    /// The ids of the sublayers, back to front.
    var sublayerIDs: [LayerID] { (sublayerStorage ?? []).map(\.layerID) }

    /// Records the sublayer list as committed: what presentation copies show.
    fileprivate func markSublayersCommitted() {
        for old in committedSublayers ?? [] where old.layer?.committedSuperlayer === self {
            old.layer?.committedSuperlayer = nil
        }
        committedSublayers = sublayerStorage?.map(WeakLayer.init)
        for child in sublayerStorage ?? [] { child.committedSuperlayer = self }
    }
}
