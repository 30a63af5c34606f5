import Foundation

extension CALayer {
    /// `hitTest(_:)` of a `CATransformLayer` (this layer), `p` in its superlayer's space: the
    /// deepest layer hit in the front-most plane of its 3D space at `p`, never the transform
    /// layer itself.
    ///
    /// The planes are the layers under it that are not transform layers (through nested
    /// transform layers, each hidden one hiding its subtree). The point is un-projected through
    /// each plane's unflattened 3D transform onto that plane; planes are tried by their depth
    /// (z / w) at that point, nearest first, skipping those at or behind the eye there and those
    /// culled (`isDoubleSided` false and facing away on screen), and the first whose subtree is
    /// hit (as `hitTest(_:)` searches a layer's subtree) wins. The caller holds the layer lock.
    func hitTestThroughTransformLayer(_ p: CGPoint) -> CALayer? {
        guard !state.isHidden else { return nil }
        var candidates: [(layer: CALayer, local: CGPoint, depth: CGFloat)] = []
        // Walked with an explicit stack: nested transform layers may be deep.
        var pending = [(layer: self, toSpace: transformToSuperlayer())]
        while let (layer, toSpace) = pending.popLast() {
            for child in layer.sublayers ?? [] where !child.state.isHidden {
                let childToSpace = child.transformToSuperlayer().concatenating(toSpace)
                if child.state.kind == .transform {
                    pending.append((child, childToSpace))
                    continue
                }
                guard let local = Homography(childToSpace).inverse?.map(p) else { continue }
                let q = childToSpace.apply(x: local.x, y: local.y)
                guard q.w > 1e-9, !child.isCulled else { continue }
                candidates.append((child, local, q.z / q.w))
            }
        }
        for candidate in candidates.enumerated().sorted(by: { a, b in
            a.element.depth != b.element.depth ? a.element.depth > b.element.depth : a.offset > b.offset
        }) {
            guard let frame = HitTestFrame(candidate.element.layer, local: candidate.element.local) else { continue }
            if let hit = CALayer.hitTestWalk(from: frame) { return hit }
        }
        return nil
    }

    /// True when the layer is not drawn because it faces away: `isDoubleSided` is false and its
    /// corners, carried to the absolute space, wind the other way round.
    private var isCulled: Bool {
        guard !state.isDoubleSided else { return false }
        let b = state.bounds
        guard let p0 = pointToAbsolute(CGPoint(x: b.minX, y: b.minY)),
            let p1 = pointToAbsolute(CGPoint(x: b.maxX, y: b.minY)),
            let p2 = pointToAbsolute(CGPoint(x: b.minX, y: b.maxY))
        else { return false }
        return (p1.x - p0.x) * (p2.y - p0.y) - (p1.y - p0.y) * (p2.x - p0.x) < 0
    }
}
