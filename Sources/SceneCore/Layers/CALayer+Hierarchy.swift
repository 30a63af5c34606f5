import DequeModule
import Foundation

extension CALayer {
    // MARK: - Internals

    func insert(_ layer: CALayer, relativeTo sibling: CALayer?, offset: Int, fallback: Int, operation: String) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        var index = fallback
        if let sibling, let i = sublayerIndex(of: sibling) {
            index = i + offset
        }
        if let sibling, sibling === layer { return }
        // Removing `layer` first shifts the sibling's index when `layer` sat before it.
        if let current = sublayerIndex(of: layer), current < index { index -= 1 }
        insert(layer, at: index, operation: operation)
    }

    func insert(_ layer: CALayer, at index: Int, operation: String) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard canAdopt(layer, operation: operation) else { return }
        let isReorder = layer.superlayerStorage === self
        layer.detachFromParent()
        // In place: `sublayerStorage` is the only reference to its buffer.
        if sublayerStorage == nil { sublayerStorage = [] }
        let position = min(max(index, 0), sublayerStorage!.count)
        sublayerStorage!.insert(layer, at: position)
        if position == 0 { sublayerIndexOrigin -= 1 }
        layer.sublayerIndexHint = sublayerIndexOrigin + position
        // Moving within the same superlayer changes only the list; renderers know the layer.
        if isReorder { layer.superlayerStorage = self } else { layer.adopted(by: self) }
        recordChange(.sublayers)
        markNeedsLayout()
    }

    /// Refuses `layer` if it is this layer or one of its ancestors (a cycle) or a presentation copy.
    func canAdopt(_ layer: CALayer, operation: String) -> Bool {
        if layer.isPresentation || isPresentation {
            Diagnostics.error("CALayer.\(operation): presentation layers cannot be added to or changed in a tree")
            return false
        }
        // A layer with no sublayers and no mask is no layer's ancestor: only adopting itself would
        // make a cycle. (Building a deep chain adds such leaves, and need not walk up the chain.)
        if layer !== self, layer.sublayerStorage?.isEmpty ?? true, layer.maskStorage == nil { return true }
        var ancestor: CALayer? = self
        while let current = ancestor {
            if current === layer {
                Diagnostics.error(
                    "CALayer.\(operation): refused to add \(layer) to its own subtree (\(self)); the tree is unchanged")
                return false
            }
            ancestor = current.superlayerStorage ?? current.maskOwner
        }
        return true
    }

    func adopted(by parent: CALayer) {
        superlayerStorage = parent
        needsFullSync = true
        recordChange([])
        // Joining a visible (committed) tree runs the layer's `onOrderIn` action.
        if parent.committedState != nil, !CATransaction.disableActions() { runAction(forKey: kCAOnOrderIn) }
    }

    func detachFromParent() {
        if let owner = maskOwner {
            owner.maskStorage = nil
            owner.recordChange(.mask)
            maskOwner = nil
        }
        guard let parent = superlayerStorage else { return }
        if let index = parent.sublayerIndex(of: self) {
            parent.sublayerStorage?.remove(at: index)
            if index == 0 { parent.sublayerIndexOrigin += 1 }
        }
        parent.recordChange(.sublayers)
        parent.markNeedsLayout()
        superlayerStorage = nil
        // A tiled layer taken off screen draws no more tiles.
        state.tileStore?.stopDrawing()
        // Leaving a visible tree runs the layer's `onOrderOut` action.
        if parent.committedState != nil, !CATransaction.disableActions() { runAction(forKey: kCAOnOrderOut) }
    }

    /// The index of `layer` in `sublayerStorage`, nil when it is not a sublayer. The search starts
    /// at the layer's `sublayerIndexHint` and widens both ways, so it takes as many steps as the
    /// layer has moved since it was placed (as many as siblings were added or removed before it,
    /// except at the front, which `sublayerIndexOrigin` accounts for).
    func sublayerIndex(of layer: CALayer) -> Int? {
        guard layer.superlayerStorage === self, let count = sublayerStorage?.count, count > 0 else { return nil }
        let start = min(max(layer.sublayerIndexHint - sublayerIndexOrigin, 0), count - 1)
        var distance = 0
        while start - distance >= 0 || start + distance < count {
            if start - distance >= 0, sublayerStorage![start - distance] === layer {
                layer.sublayerIndexHint = sublayerIndexOrigin + start - distance
                return start - distance
            }
            if start + distance < count, sublayerStorage![start + distance] === layer {
                layer.sublayerIndexHint = sublayerIndexOrigin + start + distance
                return start + distance
            }
            distance += 1
        }
        return nil
    }

    /// Presentation copies of the sublayers as of the last commit, linked to this copy.
    func presentationSublayers() -> [CALayer]? {
        if let cached = presentationChildren { return cached }
        guard let model = presentationSource, let list = model.committedSublayers else { return nil }
        let children = list.compactMap { child -> CALayer? in
            let copy = child.layer?.presentation()
            copy?.presentationParent = self
            return copy
        }
        presentationChildren = children
        return children
    }
}
