import Foundation

extension CALayer {
    /// Marks the layer for layout (not while it lays itself out) and enrols it in the transaction.
    func markNeedsLayout() {
        guard !isPresentation, !isLayingOut else { return }
        if !needsLayoutFlag {
            needsLayoutFlag = true
            layoutManager?.invalidateLayout(of: self)
        }
        recordChange([])
    }

    /// The layout cycle: from the highest superlayer that is marked, every marked layer of the
    /// subtree lays out its sublayers, parents before children.
    func layoutMarkedSubtree() {
        var top = self
        while let parent = top.superlayerStorage, parent.needsLayoutFlag { top = parent }
        top.layOutTree(depth: 0)
    }

    private func layOutTree(depth: Int) {
        guard depth < 256 else { return }
        if needsLayoutFlag {
            isLayingOut = true
            layoutSublayers()
            isLayingOut = false
            needsLayoutFlag = false
        }
        for sublayer in sublayerStorage ?? [] { sublayer.layOutTree(depth: depth + 1) }
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

    /// The autoresizing rule: on each axis the change of the superlayer's size is shared among
    /// the flexible parts (the two margins and the size the mask names), in proportion to
    /// their current lengths — or equally when those lengths add up to zero, or when one is
    /// negative. With no flexible part on an axis the layer keeps its place from the min edge.
    func autoresize(fromSuperlayerSize old: CGSize) {
        guard let parent = superlayerStorage, !autoresizingMask.isEmpty else { return }
        let new = parent.state.bounds.size
        let origin = parent.state.bounds.origin
        var frame = self.frame
        let x = Self.share(
            new.width - old.width,
            parts: (frame.minX - origin.x, frame.width, old.width - (frame.maxX - origin.x)),
            flexible: (
                autoresizingMask.contains(.layerMinXMargin), autoresizingMask.contains(.layerWidthSizable),
                autoresizingMask.contains(.layerMaxXMargin)
            ))
        let y = Self.share(
            new.height - old.height,
            parts: (frame.minY - origin.y, frame.height, old.height - (frame.maxY - origin.y)),
            flexible: (
                autoresizingMask.contains(.layerMinYMargin), autoresizingMask.contains(.layerHeightSizable),
                autoresizingMask.contains(.layerMaxYMargin)
            ))
        frame.origin.x += x.before
        frame.size.width = max(0, frame.width + x.size)
        frame.origin.y += y.before
        frame.size.height = max(0, frame.height + y.size)
        self.frame = frame
    }

    /// How much of `delta` goes to the leading margin and to the size on one axis.
    private static func share(_ delta: CGFloat, parts: (CGFloat, CGFloat, CGFloat), flexible: (Bool, Bool, Bool))
        -> (before: CGFloat, size: CGFloat)
    {
        let lengths = [parts.0, parts.1, parts.2]
        let flags = [flexible.0, flexible.1, flexible.2]
        let count = flags.filter { $0 }.count
        guard count > 0, delta != 0 else { return (0, 0) }
        let flexibleLengths = zip(lengths, flags).map { $1 ? $0 : 0 }
        let total = flexibleLengths.reduce(0, +)
        let proportional = total > 0 && !flexibleLengths.contains { $0 < 0 }
        let shares = zip(flexibleLengths, flags).map { length, flag -> CGFloat in
            guard flag else { return 0 }
            return proportional ? delta * length / total : delta / CGFloat(count)
        }
        return (shares[0], shares[1])
    }
}
