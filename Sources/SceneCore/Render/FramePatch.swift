import Foundation

/// The last frame a walk of the whole tree built, kept so that a frame in which only plain leaf
/// layers changed is built by drawing those layers again into it, instead of walking the tree.
///
/// A frame is patched when no commit arrived since the last, the target and root are the same,
/// and every layer whose shown values the frame's animations changed is a plain leaf the last
/// walk recorded (`FrameLeaves`): drawn again from the walk's record, it must add as many
/// quads as before, each fitting the draw batch its predecessor is in, and keep its zPosition.
/// A leaf whose steady animations change only its transform or position is moved instead: its
/// quads take its new mapping to clip space, which costs a few matrix products a leaf, so that
/// a frame in which thousands of layers turn is patched too. Anything else (a commit, a changed
/// container, a quad of another kind, particles, OpenGL layers, transitions, tiled layers whose
/// tiles arrive between frames) makes the frame walk the whole tree again. The patched list
/// differs from the last only in the instances it reports, which is also all a renderer redraws
/// (`FrameDamage`).
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
            !FramePatch.drawsEveryFrame(tree, under: root)
        else { return nil }
        let (changed, moved) = (tree.animatedChanges, tree.animatedMoves)
        guard !changed.isEmpty || !moved.isEmpty else { return (list, []) }
        // When most quads change, walking the tree costs no more than drawing them again.
        guard changed.count * 2 <= list.instances.count else { return nil }
        if batchOfInstance.count != list.instances.count { batchOfInstance = FramePatch.batches(of: list) }
        var patchedList = list
        var differing: [Int] = []
        guard redraw(changed, of: tree, into: &patchedList, differing: &differing),
            move(moved, of: tree, into: &patchedList, differing: &differing)
        else { return nil }
        list = patchedList
        return (patchedList, differing)
    }

    /// Draws the leaves in `changed` again into `patched`, noting the instances that differ;
    /// false when some changed layer is not a recorded plain leaf drawing as before.
    private func redraw(
        _ changed: [Int], of tree: RenderTree, into patched: inout DisplayList, differing: inout [Int]
    ) -> Bool {
        guard !changed.isEmpty else { return true }
        guard
            let redrawn = FramePatch.redraw(changed, of: tree, leaves: leaves, width: list.width, height: list.height)
        else { return false }
        for command in redrawn.list.commands {
            guard case .draw(let batch) = command else { return false }
            for index in batch.first..<(batch.first + batch.count) {
                let quad = redrawn.list.instances[index]
                let target = redrawn.targets[index]
                let owner = Int(batchOfInstance[target])
                guard owner >= 0, case .draw(let into) = list.commands[owner],
                    FramePatch.fits(quad, of: batch, in: into)
                else { return false }
                if quad != patched.instances[target] {
                    patched.instances[target] = quad
                    differing.append(target)
                }
            }
        }
        return true
    }

    /// Moves the quads of the leaves in `moved`, whose transform or position alone changed
    /// (`RenderTree.animatedMoves`), to where the walk would place them now, noting the instances
    /// that differ; false when some moved layer is not a recorded plain leaf, now faces away or
    /// cannot be placed, or would need another shader variant.
    ///
    /// Every quad of a plain leaf is drawn with the leaf's mapping to clip space, and nothing
    /// else about it depends on where the leaf is: the walk would draw the same quads with the
    /// new mapping, worked out here as the walk works it out.
    private func move(
        _ moved: [Int], of tree: RenderTree, into patched: inout DisplayList, differing: inout [Int]
    ) -> Bool {
        guard !moved.isEmpty else { return true }
        let toClip = ClipSpace.fromWindow(width: list.width, height: list.height)
        return tree.layers.withSlots { layers in
            for slot in moved {
                guard let leaf = leaves.leaf(in: slot), layers[slot].properties.zPosition == leaf.zPosition else {
                    return false
                }
                // A leaf that draws nothing draws nothing wherever it is.
                guard leaf.count > 0 else { continue }
                let context = leaves.contexts[leaf.context]
                let toWindow = FrameBuilder.layerToWindow(
                    layers[slot].properties, offset: nil, parentToWindow: context.parentToWindow,
                    sublayerSpace: context.sublayerSpace)
                guard toWindow.isFinite,
                    layers[slot].properties.isDoubleSided
                        || !FrameBuilder.facesAway(toWindow, bounds: layers[slot].properties.bounds)
                else { return false }
                let clip = toWindow.concatenating(toClip).float16
                let instances = leaf.first..<(leaf.first + leaf.count)
                let before = list.instances[leaf.first].transform
                for index in instances {
                    var quad = list.instances[index]
                    // The leaf's quads share its mapping; a perspective one may need more coverage code.
                    guard quad.transform == before else { return false }
                    quad.transform = clip
                    if quad.isShaped {
                        let owner = Int(batchOfInstance[index])
                        guard owner >= 0, case .draw(let into) = list.commands[owner],
                            quad.shapeCoverage <= into.shapeCoverage
                        else { return false }
                    }
                    if quad != patched.instances[index] {
                        patched.instances[index] = quad
                        differing.append(index)
                    }
                }
            }
            return true
        }
    }

    /// Whether the tree under `root` has layers that only a walk draws: particles, OpenGL layers
    /// and transitions. Those of other trees (another window's, in a renderer that receives every
    /// commit of the process) do not count.
    private static func drawsEveryFrame(_ tree: RenderTree, under root: LayerID) -> Bool {
        let shown = { (id: LayerID) in tree.topAncestor(of: id) == root }
        if tree.emitters.keys.contains(where: shown) || tree.glLayers.contains(where: shown) { return true }
        return !tree.transitionSnapshots.isEmpty
            && tree.animatedLayers.contains { tree.layers[$0]?.transition != nil && shown($0) }
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
