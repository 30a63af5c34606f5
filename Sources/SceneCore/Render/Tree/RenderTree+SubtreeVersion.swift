/// Subtree versions: for each layer, numbers that change whenever something that affects how
/// the layer's subtree draws changes, so that the render side can cache a drawing of a subtree
/// (a rasterized layer, a blurred shadow) and know, by comparing one number, that it is stale.
///
/// A layer's `subtreeVersion(of:)` changes when a commit changes the layer or any layer below
/// it (a property, its contents, its sublayer list, its mask, its animations; masks count as
/// below the layer they mask), and at every frame at which an animation of the layer or of a
/// layer below it changes what is shown (a running animation, one that starts or ends at that
/// frame). An animation that waits for its begin time or holds its end value (`fillMode`) shows
/// the same values frame after frame and changes nothing.
///
/// Its `contentVersion(of:)` changes in the same way except for what only places the layer in
/// its superlayer (`RenderEffect.placement`: position, transform, opacity and the like, committed
/// or animated alone): it is what a drawing of the subtree in the layer's own coordinate space,
/// without the layer's opacity, depends on, as a rasterized layer's bitmap does. For the layers
/// above, a sublayer's placement is content like any other change.
///
/// Versions are stamps of a counter that rises with every commit applied and every frame
/// evaluated: a change sets the changed layer and its superlayer chain to the current stamp,
/// and the walk up stops at the first layer already carrying it, so a commit or a frame costs
/// one walk per changed branch, not one per changed layer. Two versions of one layer are equal
/// exactly when nothing in its subtree changed between them.
extension RenderTree {
    /// The version of everything under `id` (the layer, its sublayers and masks, all the way
    /// down), or nil when the tree has no such layer. See the extension's documentation.
    package func subtreeVersion(of id: LayerID) -> UInt64? {
        layers.slot(of: id).map { layers[slot: $0].subtreeVersion }
    }

    /// The version of the subtree under `id` as drawn in the layer's own space without its
    /// opacity: unchanged by the layer's placement (`RenderEffect.placement`). Nil when the tree
    /// has no such layer. See the extension's documentation.
    package func contentVersion(of id: LayerID) -> UInt64? {
        layers.slot(of: id).map { layers[slot: $0].contentVersion }
    }

    /// Starts a new stamp: the changes that follow (one commit, or one frame's animations)
    /// carry it.
    mutating func beginVersionStamp() {
        versionStamp &+= 1
    }

    /// Marks the layers a commit changed, and their superlayer chains, with a new stamp.
    mutating func stampChanges(of commit: LayerTreeCommit) {
        guard !commit.updates.isEmpty else { return }
        beginVersionStamp()
        for update in commit.updates {
            if case .property(_, let id) = update.field, id.renderEffect == .placement {
                stampPlacement(of: update.layer)
            } else {
                stampSubtree(of: update.layer)
            }
        }
    }

    /// Sets both versions of `id` and its superlayer chain to the current stamp, stopping at the
    /// first layer whose content version already has it (whose chain, stamped with it before,
    /// has it too). Cycles end there as well.
    mutating func stampSubtree(of id: LayerID) {
        var next: LayerID? = id
        while let current = next, let index = layers.slot(of: current) {
            guard let superlayer = layers[slot: index].stamp(versionStamp, content: true, unlessStamped: true) else {
                return
            }
            next = superlayer
        }
    }

    /// Stamps a change of `id`'s placement: its subtree version and its superlayers' versions.
    mutating func stampPlacement(of id: LayerID) {
        guard let index = layers.slot(of: id),
            case let parent?? = layers[slot: index].stamp(versionStamp, content: false, unlessStamped: false)
        else { return }
        stampSubtree(of: parent)
    }

    /// Stamps the animated layer in slot `index` (its content version too unless its animations
    /// animate its placement alone) and its superlayer chain with the frame's stamp. Animated
    /// layers are visited one after another and are often siblings: when the layer's superlayer
    /// is `lastStampedParent` (stamped earlier this frame), only the layer is set.
    mutating func stampAnimatedLayer(at index: Int, lastStampedParent: inout LayerID?) {
        let stamped = layers[slot: index].stamp(versionStamp, content: nil, unlessStamped: false)
        guard case let parent?? = stamped, parent != lastStampedParent else { return }
        stampSubtree(of: parent)
        lastStampedParent = parent
    }
}

extension RenderLayer {
    /// Sets the subtree version to `stamp`, and the content version when `content` is true (nil:
    /// when the layer's animations change its content). With `unlessStamped`, does nothing to a
    /// layer whose content version already is `stamp`, and returns nil. Otherwise returns the
    /// superlayer (nil inside when there is none).
    mutating func stamp(_ stamp: UInt64, content: Bool?, unlessStamped: Bool) -> LayerID?? {
        if unlessStamped && contentVersion == stamp { return nil }
        subtreeVersion = stamp
        if content ?? animatesContent { contentVersion = stamp }
        return .some(superlayer)
    }
}

extension RenderAnimation {
    /// Whether the animation changes more than the layer's placement (`RenderEffect.placement`).
    var changesContent: Bool {
        switch kind {
        case .property(let spec):
            guard case .layer(let id, _) = spec.target.property else { return false }
            return id.renderEffect != .placement
        case .group(let children): return children.contains { $0.changesContent }
        case .transition: return true
        }
    }
}
