import Foundation

/// Where a frame walk drew each plain leaf layer: the instances it added and how the walk
/// reached it. A later frame in which only such layers changed redraws them alone from this
/// record (`FramePatch`) instead of walking the tree again.
///
/// A plain leaf has no sublayers drawn and draws only quads: no group, mask, filter, shadow,
/// clip, rasterization, shape, glyphs, gradient, OpenGL content or tiles, and it was reached
/// by the ordinary walk of its superlayer's sublayers (not inside a rasterized layer's bitmap,
/// a mask, a replicator's instances, a transition or a transform layer's 3D space). A leaf that
/// would be plain but for its gradient is recorded too, to be moved only (`Leaf.movesOnly`):
/// its quads do not depend on where it is, but drawing it again would add its gradient's
/// texels to the frame.
struct FrameLeaves {
    /// What the walk passed to the sublayers of one layer.
    struct Context {
        let parentToWindow: CATransform3D
        let sublayerSpace: CATransform3D
        let inheritedOpacity: Float
        let depth: Int
    }

    /// One leaf's record: the context it was reached in, and its instances in the display list
    /// (32-bit numbers: a record for every slot of the tree; `MemoryLayoutTests` has its size).
    struct Leaf {
        fileprivate var walk: UInt32 = 0
        private var contextIndex: Int32 = 0
        private var firstIndex: Int32 = 0
        /// The number of its instances, negated for a leaf that may only be moved.
        private var signedCount: Int32 = 0
        /// Its zPosition, which placed it among its siblings.
        var zPosition: CGFloat = 0

        var context: Int { Int(contextIndex) }
        var first: Int { Int(firstIndex) }
        var count: Int { Int(signedCount.magnitude) }
        /// Whether a patch may move its quads but not draw it again (it draws a gradient).
        var movesOnly: Bool { signedCount < 0 }

        fileprivate init() {}

        fileprivate init(walk: UInt32, context: Int, first: Int, count: Int, movesOnly: Bool, zPosition: CGFloat) {
            (self.walk, self.zPosition) = (walk, zPosition)
            (contextIndex, firstIndex) = (Int32(context), Int32(first))
            signedCount = movesOnly ? -Int32(count) : Int32(count)
        }
    }

    private(set) var contexts: [Context] = []
    /// The records by render-layer slot; those of earlier walks are stale.
    private var leaves: ContiguousArray<Leaf> = []
    /// The walk the records belong to (records of walk 0 are of none).
    private var walk: UInt32 = 0

    /// Starts the records of a new walk of a tree of `slotCount` slots.
    mutating func beginWalk(slotCount: Int) {
        walk &+= 1
        if walk == 0 {
            // After 2^32 walks the numbers come round: the old records are forgotten first.
            walk = 1
            leaves = ContiguousArray(repeating: Leaf(), count: leaves.count)
        }
        contexts.removeAll(keepingCapacity: true)
        if leaves.count < slotCount {
            leaves.append(contentsOf: repeatElement(Leaf(), count: slotCount - leaves.count))
        }
    }

    /// Keeps `context` for the sublayers about to be walked; returns its index.
    mutating func add(_ context: Context) -> Int {
        contexts.append(context)
        return contexts.count - 1
    }

    /// Records the leaf in `slot`.
    mutating func record(slot: Int, context: Int, first: Int, count: Int, movesOnly: Bool, zPosition: CGFloat) {
        guard slot < leaves.count, first + count <= Int(Int32.max), context <= Int(Int32.max) else { return }
        leaves[slot] = Leaf(
            walk: walk, context: context, first: first, count: count, movesOnly: movesOnly, zPosition: zPosition)
    }

    /// The record of the leaf in `slot` from the last walk; nil when that walk drew no plain leaf there.
    func leaf(in slot: Int) -> Leaf? {
        slot < leaves.count && leaves[slot].walk == walk ? leaves[slot] : nil
    }
}
