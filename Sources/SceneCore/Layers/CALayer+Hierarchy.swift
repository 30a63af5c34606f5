import DequeModule
import Foundation

extension CALayer {
    /// The layer's sublayers, back to front; nil whenever the layer has none (also after
    /// `sublayers = []` and after the last one is removed), as in Core Animation.
    ///
    /// Setting it gives each new layer this layer as superlayer (removing it from its old
    /// one) and clears the superlayer of each layer no longer in the list. A layer listed more
    /// than once appears once, at its last position, as adding a sublayer again moves it. Layers
    /// that would make a cycle are refused with a logged error. Setting it takes time linear in
    /// the old and new lists' lengths.
    public var sublayers: [CALayer]? {
        get {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            if isPresentation {
                let list = presentationSublayers()
                return list?.isEmpty == false ? list : nil
            }
            if let snapshot = sublayerSnapshot { return snapshot }
            guard let storage = sublayerStorage, !storage.isEmpty else { return nil }
            // A buffer of its own (`map` copies): the caller may keep it while the list changes.
            let snapshot = Array(storage)
            sublayerSnapshot = snapshot
            return snapshot
        }
        set {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            let requested = newValue ?? []
            for layer in requested where !canAdopt(layer, operation: "sublayers") { return }
            var listed = Set<ObjectIdentifier>(minimumCapacity: requested.count)
            var incoming: [CALayer] = []
            incoming.reserveCapacity(requested.count)
            for layer in requested.reversed() where listed.insert(ObjectIdentifier(layer)).inserted {
                incoming.append(layer)
            }
            incoming.reverse()
            for old in sublayerStorage ?? [] where !listed.contains(ObjectIdentifier(old)) {
                old.superlayerStorage = nil
            }
            for layer in incoming where layer.superlayerStorage !== self {
                layer.detachFromParent()
                layer.adopted(by: self)
            }
            sublayerIndexOrigin = 0
            for (index, layer) in incoming.enumerated() { layer.sublayerIndexHint = index }
            sublayerStorage = newValue.map { _ in Deque(incoming) }
            recordChange(.sublayers)
            markNeedsLayout()
        }
    }

    /// The layer this layer is a sublayer of; for a mask, the layer it masks (a mask is in no
    /// layer's `sublayers`), until the mask is cleared.
    public var superlayer: CALayer? {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        if isPresentation {
            guard let model = presentationSource else { return presentationParent }
            return presentationParent ?? (model.committedSuperlayer ?? model.maskOwner)?.presentation()
        }
        return superlayerStorage ?? maskOwner
    }

    /// A layer whose alpha channel masks this layer's content. It must have no superlayer.
    public var mask: CALayer? {
        get {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            if isPresentation { return presentationSource?.committedMask?.presentation() }
            return maskStorage
        }
        set {
            LayerLock.lock()
            defer { LayerLock.unlock() }
            if let newMask = newValue {
                guard canAdopt(newMask, operation: "mask") else { return }
                if newMask.superlayerStorage != nil {
                    Diagnostics.error("CALayer.mask: \(newMask) has a superlayer; removing it from there first")
                }
                newMask.detachFromParent()
                newMask.maskOwner = self
                newMask.needsFullSync = true
                newMask.recordChange([])
            }
            if let old = maskStorage, old !== newValue { old.maskOwner = nil }
            maskStorage = newValue
            setKeys.insert("mask")
            recordChange(.mask)
        }
    }

    /// Appends `layer` to the sublayers, removing it from its current superlayer first.
    public func addSublayer(_ layer: CALayer) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        insert(layer, at: sublayerStorage?.count ?? 0, operation: "addSublayer")
    }

    /// Inserts `layer` at `index` in the sublayers (clamped to the end).
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        insert(layer, at: Int(index), operation: "insertSublayer(_:at:)")
    }

    /// Inserts `layer` directly below `sibling`; at the bottom when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        insert(layer, relativeTo: sibling, offset: 0, fallback: 0, operation: "insertSublayer(_:below:)")
    }

    /// Inserts `layer` directly above `sibling`; on top when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        insert(layer, relativeTo: sibling, offset: 1, fallback: Int.max, operation: "insertSublayer(_:above:)")
    }

    /// Puts `newLayer` in the place of the sublayer `oldLayer`, which is removed.
    /// A non-sublayer `oldLayer` is refused with a logged error.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard let index = sublayerIndex(of: oldLayer) else {
            Diagnostics.error("CALayer.replaceSublayer: \(oldLayer) is not a sublayer of \(self)")
            return
        }
        if oldLayer === newLayer { return }
        guard canAdopt(newLayer, operation: "replaceSublayer") else { return }
        oldLayer.removeFromSuperlayer()
        insert(newLayer, at: index, operation: "replaceSublayer")
        // In a visible tree the replacement runs this layer's `transition` action (none by default).
        if committedState != nil, !CATransaction.disableActions() { runAction(forKey: kCATransition) }
    }

    /// Removes the layer from its superlayer's sublayers, or from its owner's `mask`.
    public func removeFromSuperlayer() {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        if let owner = maskOwner, owner.maskStorage === self {
            owner.mask = nil
            return
        }
        detachFromParent()
    }

    // MARK: - Internals

    private func insert(_ layer: CALayer, relativeTo sibling: CALayer?, offset: Int, fallback: Int, operation: String) {
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

    private func insert(_ layer: CALayer, at index: Int, operation: String) {
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
    private func canAdopt(_ layer: CALayer, operation: String) -> Bool {
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

    private func adopted(by parent: CALayer) {
        superlayerStorage = parent
        needsFullSync = true
        recordChange([])
        // Joining a visible (committed) tree runs the layer's `onOrderIn` action.
        if parent.committedState != nil, !CATransaction.disableActions() { runAction(forKey: kCAOnOrderIn) }
    }

    private func detachFromParent() {
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
    private func sublayerIndex(of layer: CALayer) -> Int? {
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
    private func presentationSublayers() -> [CALayer]? {
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
