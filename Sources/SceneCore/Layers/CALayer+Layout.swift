import Foundation

extension CALayer {
    /// Marks the layer for layout (not while it lays itself out) and enrols it in the transaction.
    func markNeedsLayout() {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard !isPresentation, !isLayingOut else { return }
        if !needsLayoutFlag {
            needsLayoutFlag = true
            layoutManager?.invalidateLayout(of: self)
        }
        recordChange([])
    }

    /// The layout cycle: from the highest superlayer that is marked, every marked layer of the
    /// subtree lays out its sublayers, parents before children.
    ///
    /// The subtree is walked with an explicit stack, at any depth. A layer's sublayers are taken
    /// after it has laid out, so sublayers its layout adds are laid out in the same pass.
    func layoutMarkedSubtree() {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        var top = self
        while let parent = top.superlayerStorage, parent.needsLayoutFlag { top = parent }
        var pending = [top]
        while let layer = pending.popLast() {
            if layer.needsLayoutFlag {
                layer.isLayingOut = true
                layer.layoutSublayers()
                layer.isLayingOut = false
                layer.needsLayoutFlag = false
            }
            pending.append(contentsOf: (layer.sublayerStorage ?? []).reversed())
        }
    }

    /// Lays out the layers of this commit that are marked (before display and encoding).
    static func layOutMarkedLayers(_ layers: ArraySlice<CALayer>) {
        for layer in layers where layer.needsLayoutFlag { layer.layoutMarkedSubtree() }
    }

    /// A bounds or transform change: this layer and its superlayer need layout, and a new size
    /// resizes autoresizing sublayers.
    func geometryChanged(oldSize: CGSize?) {
        markNeedsLayout()
        superlayerStorage?.markNeedsLayout()
        if let oldSize, oldSize != state.bounds.size,
            sublayerStorage?.contains(where: { !$0.autoresizingMask.isEmpty }) == true
        {
            resizeSublayers(withOldSize: oldSize)
        }
    }

    /// Core Animation's autoresizing rule (measured on QuartzCore), applied to the `frame`, each
    /// axis on its own. The change Δ of the superlayer's bounds size on the axis is shared by the
    /// parts the mask makes flexible, whatever their current lengths:
    /// - one flexible part takes all of Δ;
    /// - a margin and the size: the margin 2/3 of Δ, the size 1/3;
    /// - both margins: 1/2 each (the size stays);
    /// - all three: 1/3 each.
    ///
    /// The min margin's share moves the layer; the max margin's share moves nothing. An axis that
    /// then moves or stretches is snapped to whole points: its minimum edge is floored and its
    /// maximum edge ceiled. The size is not clamped: where it becomes negative the frame comes
    /// out standardised (its edges swap), as the frame setter makes it. An axis with no flexible
    /// part, only a flexible max margin, or no change keeps its frame exactly (SceneCore's
    /// reading where nothing was measured: only what moves is snapped).
    func autoresize(fromSuperlayerSize old: CGSize) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard let parent = superlayerStorage, !autoresizingMask.isEmpty else { return }
        let new = parent.state.bounds.size
        let mask = autoresizingMask
        let frame = self.frame
        let x = Self.autoresizedExtent(
            minimum: frame.minX, size: frame.width, delta: new.width - old.width,
            flexible: (mask.contains(.layerMinXMargin), mask.contains(.layerWidthSizable)),
            maxMargin: mask.contains(.layerMaxXMargin))
        let y = Self.autoresizedExtent(
            minimum: frame.minY, size: frame.height, delta: new.height - old.height,
            flexible: (mask.contains(.layerMinYMargin), mask.contains(.layerHeightSizable)),
            maxMargin: mask.contains(.layerMaxYMargin))
        guard x != nil || y != nil else { return }
        self.frame = CGRect(
            x: x?.minimum ?? frame.minX, y: y?.minimum ?? frame.minY,
            width: x?.size ?? frame.width, height: y?.size ?? frame.height)
    }

    /// The new start and length of a frame's extent on one axis when the superlayer's size on
    /// that axis changed by `delta`, snapped to whole points; nil when the extent neither moves
    /// nor stretches. `flexible` says whether the min margin and the size are flexible.
    static func autoresizedExtent(
        minimum: CGFloat, size: CGFloat, delta: CGFloat, flexible: (minMargin: Bool, size: Bool), maxMargin: Bool
    ) -> (minimum: CGFloat, size: CGFloat)? {
        let moves: CGFloat
        let stretches: CGFloat
        switch (flexible.minMargin, flexible.size, maxMargin) {
        case (true, false, false): (moves, stretches) = (delta, 0)
        case (false, true, false): (moves, stretches) = (0, delta)
        case (true, true, false): (moves, stretches) = (delta * 2 / 3, delta / 3)
        case (false, true, true): (moves, stretches) = (0, delta / 3)
        case (true, false, true): (moves, stretches) = (delta / 2, 0)
        case (true, true, true): (moves, stretches) = (delta / 3, delta / 3)
        case (false, false, _): return nil
        }
        guard moves != 0 || stretches != 0 else { return nil }
        let start = minimum + moves
        let end = start + size + stretches
        // A size that became negative is not clamped: the edges swap, as standardising does.
        let low = Foundation.floor(Swift.min(start, end))
        let high = Foundation.ceil(Swift.max(start, end))
        return (low, high - low)
    }
}
