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

    /// The last frame: patched in place, it becomes the frame it was patched into.
    var lastList: DisplayList { list }

    /// What patching a frame gave.
    enum Outcome {
        /// The frame, patched: the indices of the instances that differ from the last frame's,
        /// and where they drew before and draw now, the frame's damage.
        case patched(DisplayList, changed: [Int], damage: DamageBoxes)
        /// The frame must be built by a whole walk. When `lastListIntact` is false, the last
        /// frame was changed part of the way before the patch failed: it no longer shows what
        /// was drawn, and the walked frame's damage cannot be worked out against it.
        case walk(lastListIntact: Bool)
    }

    /// The frame of `tree` under `root`, patched from the last one in place (copied first only
    /// while someone else still holds the last frame's list).
    mutating func patched(
        _ tree: RenderTree, root: LayerID, width: Int, height: Int, clearColor: SIMD4<Float>
    ) -> Outcome {
        guard root == self.root, width == list.width, height == list.height, clearColor == self.clearColor,
            !FramePatch.drawsEveryFrame(tree, under: root)
        else { return .walk(lastListIntact: true) }
        let (changed, moved) = (tree.animatedChanges, tree.animatedMoves)
        guard !changed.isEmpty || !moved.isEmpty else {
            return .patched(list, changed: [], damage: DamageBoxes(width: width, height: height))
        }
        // When most quads change, walking the tree costs no more than drawing them again.
        guard changed.count * 2 <= list.instances.count else { return .walk(lastListIntact: true) }
        if batchOfInstance.count != list.instances.count { batchOfInstance = FramePatch.batches(of: list) }
        var changes = Changes(width: width, height: height)
        if !changed.isEmpty {
            guard let redrawn = FramePatch.redraw(changed, of: tree, leaves: leaves, width: width, height: height)
            else { return .walk(lastListIntact: true) }
            guard replace(with: redrawn, changes: &changes) else {
                return .walk(lastListIntact: changes.instances.isEmpty)
            }
        }
        guard move(moved, of: tree, changes: &changes) else { return .walk(lastListIntact: changes.instances.isEmpty) }
        return .patched(list, changed: changes.instances, damage: changes.damage)
    }

    /// The instances a patch changed, and the window pixels they covered before and cover now.
    private struct Changes {
        let size: SIMD2<Float>
        var instances: [Int] = []
        var damage: DamageBoxes
        /// Whether `damage` costs as much as the whole target already: the frame is drawn whole,
        /// and the boxes of further changes need not be worked out.
        private var coversTarget = false

        init(width: Int, height: Int) {
            size = SIMD2(Float(width), Float(height))
            damage = DamageBoxes(width: width, height: height)
        }

        /// Puts `quad` in place of instance `index` of `quads` (a list's instances), noting the
        /// change if it is one.
        mutating func replace(_ index: Int, of quads: UnsafeMutableBufferPointer<QuadInstance>, with quad: QuadInstance)
        {
            let old = quads[index]
            guard quad != old else { return }
            if !coversTarget {
                damage.add(PixelBox(covering: old, in: size))
                damage.add(PixelBox(covering: quad, in: size))
                coversTarget = damage.coversHalfTheTarget
            }
            quads[index] = quad
            instances.append(index)
        }
    }

    /// Puts the quads the changed leaves drew again (`redraw`) in place of their predecessors;
    /// false when one does not draw as its predecessor's batch does.
    private mutating func replace(with redrawn: (list: DisplayList, targets: [Int]), changes: inout Changes) -> Bool {
        let (commands, batchOfInstance) = (list.commands, self.batchOfInstance)
        return list.instances.withUnsafeMutableBufferPointer { quads in
            for command in redrawn.list.commands {
                guard case .draw(let batch) = command else { return false }
                for index in batch.first..<(batch.first + batch.count) {
                    let quad = redrawn.list.instances[index]
                    let target = redrawn.targets[index]
                    let owner = Int(batchOfInstance[target])
                    guard owner >= 0, case .draw(let into) = commands[owner], FramePatch.fits(quad, of: batch, in: into)
                    else { return false }
                    changes.replace(target, of: quads, with: quad)
                }
            }
            return true
        }
    }

    /// Moves the quads of the leaves in `moved`, whose transform or position alone changed
    /// (`RenderTree.animatedMoves`), to where the walk would place them now; false when some
    /// moved layer is not a recorded plain leaf, now faces away or cannot be placed, or would
    /// need another shader variant.
    ///
    /// Every quad of a plain leaf is drawn with the leaf's mapping to clip space, and nothing
    /// else about it depends on where the leaf is: the walk would draw the same quads with the
    /// new mapping, worked out here as the walk works it out.
    private mutating func move(_ moved: [Int], of tree: RenderTree, changes: inout Changes) -> Bool {
        let toClip = ClipSpace.fromWindow(width: list.width, height: list.height)
        let size = SIMD2(Float(list.width), Float(list.height))
        let (leaves, commands, batchOfInstance) = (self.leaves, list.commands, self.batchOfInstance)
        // The quads are changed through one buffer: writing them through the list would check
        // that it is not shared at every quad.
        return list.instances.withUnsafeMutableBufferPointer { quads in
            tree.layers.withSlots { layers in
                for slot in moved {
                    let p = layers[slot].propertiesExceptPlacement
                    guard let leaf = leaves.leaf(in: slot), p.zPosition == leaf.zPosition else { return false }
                    // A leaf that draws nothing draws nothing wherever it is.
                    guard leaf.count > 0 else { continue }
                    let context = leaves.contexts[leaf.context]
                    let toWindow = FrameBuilder.layerToWindow(
                        layers[slot].placement(offset: nil), parentToWindow: context.parentToWindow,
                        sublayerSpace: context.sublayerSpace)
                    guard toWindow.isFinite, p.isDoubleSided || !FrameBuilder.facesAway(toWindow, bounds: p.bounds)
                    else { return false }
                    let clip = toWindow.concatenating(toClip).float16
                    let before = quads[leaf.first].transform
                    // A leaf that did not move leaves its quads as they are.
                    guard !quads[leaf.first].hasTransform(clip) else { continue }
                    for index in leaf.first..<(leaf.first + leaf.count) {
                        var quad = quads[index]
                        // The leaf's quads share its mapping; a perspective one may need more coverage code.
                        guard quad.transform == before else { return false }
                        quad.transform = clip
                        // The inside of a split fill must still be covered whole where it is now.
                        if quad.parameters.isInterior, !quad.interiorHolds(in: size) { return false }
                        if quad.isShaped {
                            let owner = Int(batchOfInstance[index])
                            guard owner >= 0, case .draw(let into) = commands[owner],
                                quad.shapeCoverage <= into.shapeCoverage
                            else { return false }
                        }
                        changes.replace(index, of: quads, with: quad)
                    }
                }
                return true
            }
        }
    }

    /// Whether the tree under `root` has layers that only a walk draws: particles, OpenGL layers,
    /// video layers and transitions. Those of other trees (another window's, in a renderer that receives every
    /// commit of the process) do not count.
    private static func drawsEveryFrame(_ tree: RenderTree, under root: LayerID) -> Bool {
        let shown = { (id: LayerID) in tree.topAncestor(of: id) == root }
        if tree.emitters.keys.contains(where: shown) || tree.glLayers.contains(where: shown)
            || tree.videoLayers.contains(where: shown)
        {
            return true
        }
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
                guard let leaf = leaves.leaf(in: slot), !leaf.movesOnly, let id = tree.layers.id(inSlot: slot),
                    tree.layers[slot: slot].propertiesExceptPlacement.zPosition == leaf.zPosition
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
        return quad.parameters.paint == .color
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
