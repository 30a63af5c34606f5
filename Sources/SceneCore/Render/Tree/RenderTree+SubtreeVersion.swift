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
/// Its `extentVersion(of:)` changes as its content version does except for what only paints
/// (`RenderEffect.paint`: colours, a gradient's stops and direction): where the subtree can
/// draw in the layer's space, which culling keeps (`SubtreeExtentCache`), depends on it.
///
/// Versions are stamps of a counter that rises with every commit applied and every frame
/// evaluated: a change sets the changed layer and its superlayer chain to the current stamp,
/// and the walk up stops at the first layer already carrying it, so a commit or a frame costs
/// one walk per changed branch, not one per changed layer. Two versions of one layer are equal
/// exactly when nothing in its subtree changed between them.
extension RenderTree {
    /// How far a change reaches in the versions of the changed layer and its superlayers.
    enum ChangeReach: Comparable, Sendable {
        /// It places the layer: its subtree version; for its superlayers, their extent.
        case placement
        /// It paints: its subtree and content versions, and its superlayers' too.
        case paint
        /// Anything else: all three versions of the layer and its superlayers.
        case extent

        init(_ effect: RenderEffect) {
            switch effect {
            case .placement: self = .placement
            case .paint: self = .paint
            case .time, .images, .drawing: self = .extent
            }
        }

        /// What it is for the layer's superlayer.
        var forSuperlayer: Self { self == .paint ? .paint : .extent }
    }

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

    /// The version of where the subtree under `id` can draw in the layer's space: unchanged by
    /// its placement and by what only paints (`RenderEffect.paint`). Nil when the tree has no
    /// such layer. See the extension's documentation.
    package func extentVersion(of id: LayerID) -> UInt64? {
        layers.slot(of: id).map { layers[slot: $0].extentVersion }
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
            if case .property(_, let id) = update.field {
                stamp(update.layer, reach: ChangeReach(id.renderEffect))
            } else {
                stamp(update.layer, reach: .extent)
            }
        }
    }

    /// Stamps a change of `reach` to `id`, and what it is for its superlayers to their chain.
    mutating func stamp(_ id: LayerID, reach: ChangeReach) {
        guard let index = layers.slot(of: id),
            case let parent?? = layers[slot: index].stamp(versionStamp, reach: reach, unlessStamped: false)
        else { return }
        stampChain(from: parent, reach: reach.forSuperlayer)
    }

    /// Stamps `id` and its superlayer chain with a change of `reach` (`paint` or `extent`),
    /// stopping at the first layer that already carries the stamp that far (whose chain, stamped
    /// with it before, carries it too). Cycles end there as well.
    private mutating func stampChain(from id: LayerID, reach: ChangeReach) {
        var next: LayerID? = id
        while let current = next, let index = layers.slot(of: current) {
            guard let superlayer = layers[slot: index].stamp(versionStamp, reach: reach, unlessStamped: true) else {
                return
            }
            next = superlayer
        }
    }

    /// Stamps the animated layer in slot `index` as far as its animations reach, and its
    /// superlayer chain with the frame's stamp. Animated layers are visited one after another
    /// and are often siblings: when the layer's superlayer is the one stamped last this frame,
    /// as far as it needs, only the layer is set.
    mutating func stampAnimatedLayer(at index: Int, lastStampedParent: inout StampedParent?) {
        let reach = layers[slot: index].animationReach
        let stamped = layers[slot: index].stamp(versionStamp, reach: reach, unlessStamped: false)
        guard case let parent?? = stamped else { return }
        let parentReach = reach.forSuperlayer
        if let last = lastStampedParent, last.id == parent, last.reach >= parentReach { return }
        stampChain(from: parent, reach: parentReach)
        lastStampedParent = StampedParent(id: parent, reach: parentReach)
    }

    /// The superlayer the last animated layer's stamp reached this frame, and how far.
    struct StampedParent {
        let id: LayerID
        let reach: ChangeReach
    }
}

extension RenderLayer {
    /// Sets the versions `reach` covers to `stamp`. With `unlessStamped`, does nothing to a
    /// layer that already carries `stamp` that far, and returns nil. Otherwise returns the
    /// superlayer (nil inside when there is none).
    mutating func stamp(_ stamp: UInt64, reach: RenderTree.ChangeReach, unlessStamped: Bool) -> LayerID?? {
        if unlessStamped && (reach == .extent ? extentVersion : contentVersion) == stamp { return nil }
        subtreeVersion = stamp
        if reach >= .paint { contentVersion = stamp }
        if reach == .extent { extentVersion = stamp }
        return .some(superlayer)
    }
}

extension RenderAnimation {
    /// How far the animation's changes reach (`RenderTree.ChangeReach`).
    var reach: RenderTree.ChangeReach {
        switch kind {
        case .property(let spec):
            guard case .layer(let id, _) = spec.target.property else { return .placement }
            return RenderTree.ChangeReach(id.renderEffect)
        case .group(let children): return children.map(\.reach).max() ?? .placement
        case .transition: return .extent
        }
    }
}
