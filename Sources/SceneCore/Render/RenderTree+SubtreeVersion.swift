/// Subtree versions: for each layer, a number that changes whenever anything that affects how
/// the layer's subtree draws changes, so that the render side can cache a drawing of a subtree
/// (a rasterized layer, a blurred shadow) and know, by comparing one number, that it is stale.
///
/// A layer's version changes when a commit changes the layer or any layer below it (a property,
/// its contents, its sublayer list, its mask, its animations; masks count as below the layer
/// they mask), and at every frame at which an animation of the layer or of a layer below it
/// changes what is shown (a running animation, one that starts or ends at that frame, or the
/// removal of the last one). An animation that waits for its begin time or holds its end value
/// (`fillMode`) shows the same values frame after frame and changes nothing.
///
/// Versions are stamps of a counter that rises with every commit applied and every frame
/// evaluated: a change sets the changed layer and its superlayer chain to the current stamp,
/// and the walk up stops at the first layer already carrying it, so a commit or a frame costs
/// one walk per changed branch, not one per changed layer. Two versions of one layer are equal
/// exactly when nothing in its subtree changed between them.
extension RenderTree {
    /// The version of the subtree under `id` (the layer, its sublayers and masks, all the way
    /// down), or nil when the tree has no such layer. See the extension's documentation.
    package func subtreeVersion(of id: LayerID) -> UInt64? {
        layers[id]?.subtreeVersion
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
        for update in commit.updates { stampSubtree(of: update.layer) }
    }

    /// Sets `id` and its superlayer chain to the current stamp, stopping at the first layer that
    /// already has it (whose chain, stamped with it before, has it too). Cycles end there as well.
    mutating func stampSubtree(of id: LayerID) {
        var current = id
        while let index = layers.index(forKey: current), layers.values[index].subtreeVersion != versionStamp {
            layers.values[index].subtreeVersion = versionStamp
            guard let parent = layers.values[index].superlayer else { return }
            current = parent
        }
    }
}

extension RenderTree {
    /// Stamps the animated layer at `index` and its superlayer chain with the frame's stamp.
    /// Animated layers are visited one after another and are often siblings: when the layer's
    /// superlayer is `lastStampedParent` (stamped earlier this frame), only the layer is set.
    mutating func stampAnimatedLayer(at index: [LayerID: RenderLayer].Index, lastStampedParent: inout LayerID?) {
        layers.values[index].subtreeVersion = versionStamp
        guard let parent = layers.values[index].superlayer, parent != lastStampedParent else { return }
        stampSubtree(of: parent)
        lastStampedParent = parent
    }
}
