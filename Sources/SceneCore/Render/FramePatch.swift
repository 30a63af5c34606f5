import Foundation

/// The last frame a walk of the whole tree built, kept so that a frame in which only plain leaf
/// layers changed is built by drawing those layers again into it, instead of walking the tree.
///
/// A frame is patched when no commit arrived since the last, the target and root are the same,
/// and every layer whose shown values the frame's animations changed is a plain leaf the last
/// walk recorded (`FrameLeaves`): drawn again from the walk's record, it must add as many
/// quads as before, each fitting the draw batch its predecessor is in, and keep its zPosition.
/// Anything else (a commit, a changed container, a quad of another kind, particles, OpenGL
/// layers, transitions, tiled layers whose tiles arrive between frames) makes the frame walk
/// the whole tree again. The patched list differs from the last only in the instances it
/// reports, which is also all a renderer redraws (`FrameDamage`).
struct FramePatch {
    private var list: DisplayList
    private let root: LayerID
    /// The clear colour the frame was asked for (the list's may be the root's background).
    private let clearColor: SIMD4<Float>
    /// Where the walk drew each plain leaf.
    private(set) var leaves: FrameLeaves
    /// For each instance of `list`, the index of the draw command whose batch holds it (-1 for
    /// a clip instance), worked out at the first patch.
    private var batchOfInstance: [Int32] = []

    /// Keeps the frame `list` that `builder` walked under `root`, asked for with `clearColor`;
    /// nil when it cannot be patched.
    init?(_ list: DisplayList, root: LayerID, clearColor: SIMD4<Float>, builder: FrameBuilder) {
        guard let leaves = builder.leaves, !builder.drewTiles, !builder.tilesFading,
            list.commands.allSatisfy({ command in
                switch command {
                case .draw, .pushClip, .popClip: true
                default: false
                }
            })
        else { return nil }
        (self.list, self.root, self.clearColor, self.leaves) = (list, root, clearColor, leaves)
        self.list.textureUpdates = []
    }

    /// The frame of `tree` under `root`, patched from the last one, with the indices of the
    /// instances that differ from it; nil when the frame must be built by a whole walk.
    mutating func patched(
        _ tree: RenderTree, root: LayerID, width: Int, height: Int, clearColor: SIMD4<Float>
    ) -> (list: DisplayList, changed: [Int])? {
        guard root == self.root, width == list.width, height == list.height, clearColor == self.clearColor,
            tree.emitters.isEmpty, tree.glLayers.isEmpty, tree.transitionSnapshots.isEmpty
        else { return nil }
        let changed = tree.animatedChanges
        guard !changed.isEmpty else { return (list, []) }
        // When most quads change, walking the tree costs no more than patching it.
        guard changed.count * 2 <= list.instances.count else { return nil }
        guard let redrawn = FramePatch.redraw(changed, of: tree, leaves: leaves, width: width, height: height)
        else { return nil }
        if batchOfInstance.count != list.instances.count { batchOfInstance = FramePatch.batches(of: list) }
        var patchedList = list
        var differing: [Int] = []
        for command in redrawn.list.commands {
            guard case .draw(let batch) = command else { return nil }
            for index in batch.first..<(batch.first + batch.count) {
                let quad = redrawn.list.instances[index]
                let target = redrawn.targets[index]
                let owner = Int(batchOfInstance[target])
                guard owner >= 0, case .draw(let into) = list.commands[owner],
                    FramePatch.fits(quad, of: batch, in: into)
                else { return nil }
                if quad != patchedList.instances[target] {
                    patchedList.instances[target] = quad
                    differing.append(target)
                }
            }
        }
        list = patchedList
        return (patchedList, differing)
    }

    /// The quads the changed leaves draw now, and for each the index of the instance it
    /// replaces; nil when some changed layer is not a recorded plain leaf drawing as before.
    private static func redraw(
        _ changed: [Int], of tree: RenderTree, leaves: FrameLeaves, width: Int, height: Int
    ) -> (list: DisplayList, targets: [Int])? {
        var builder = FrameBuilder(
            tree: tree, width: width, height: height, clearColor: .zero, instances: changed.count * 2)
        var targets: [Int] = []
        let drawn = builder.withCurrentSlots { builder in
            for slot in changed {
                guard let leaf = leaves.leaf(in: slot), let id = tree.layers.id(inSlot: slot),
                    tree.layers[slot: slot].properties.zPosition == leaf.zPosition
                else { return false }
                let start = builder.batcher.instanceCount
                guard builder.redrawLeaf(id, slot: slot, in: leaves.contexts[leaf.context]),
                    builder.batcher.instanceCount - start == leaf.count
                else { return false }
                targets.append(contentsOf: leaf.first..<(leaf.first + leaf.count))
            }
            return true
        }
        guard drawn else { return nil }
        let list = builder.batcher.finish(width: width, height: height, clearColor: .zero)
        guard list.gradientTexels.isEmpty else { return nil }
        return (list, targets)
    }

    /// Whether `quad`, drawn in `batch` of a redraw, draws the same way in the last frame's `into`.
    private static func fits(_ quad: QuadInstance, of batch: DrawBatch, in into: DrawBatch) -> Bool {
        guard quad.isShaped == into.isShaped, !quad.isGradient,
            !quad.isShaped || quad.shapeCoverage <= into.shapeCoverage
        else { return false }
        // Untextured quads draw the same in any batch; textured ones need its image and sampling.
        return quad.params.y < 0.5
            || (batch.image != nil && batch.image === into.image && batch.sampling == into.sampling)
    }

    /// For each instance of `list`, the index of the draw command that holds it; -1 for none.
    private static func batches(of list: DisplayList) -> [Int32] {
        var owners = [Int32](repeating: -1, count: list.instances.count)
        for (index, command) in list.commands.enumerated() {
            guard case .draw(let batch) = command else { continue }
            for instance in batch.first..<(batch.first + batch.count) where instance < owners.count {
                owners[instance] = Int32(index)
            }
        }
        return owners
    }
}
