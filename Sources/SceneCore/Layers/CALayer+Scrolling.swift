import Foundation

extension CALayer {
    /// The nearest `CAScrollLayer` among this layer's superlayers (not the layer itself); nil when
    /// there is none.
    var enclosingScrollLayer: CAScrollLayer? {
        var layer = superlayer
        while let current = layer {
            if let scroll = current as? CAScrollLayer { return scroll }
            layer = current.superlayer
        }
        return nil
    }

    /// The part of the layer's bounds that its nearest enclosing `CAScrollLayer` shows, in the
    /// layer's own coordinate space, as in Core Animation: the bounds intersected with that
    /// scroll layer's bounds converted into this layer's space (the bounding box of its
    /// converted corners, as `convert(_:from:)` gives). `CGRect.null` when the scroll layer shows
    /// none of it; the whole bounds when no superlayer is a scroll layer. What the scroll
    /// layer's own superlayers clip is not taken into account.
    public var visibleRect: CGRect {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard let scroll = enclosingScrollLayer else { return bounds }
        return bounds.intersection(convert(scroll.bounds, from: scroll))
    }

    /// Scrolls the nearest enclosing `CAScrollLayer` so that `p`, a point in this layer's
    /// coordinate space, lies at the scroll layer's bounds origin (its top-left corner): `p`
    /// converted into the scroll layer's space is handed to its `scroll(to:)`, which obeys its
    /// `scrollMode`. Does nothing when no superlayer is a scroll layer.
    public func scroll(_ p: CGPoint) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard let scroll = enclosingScrollLayer else { return }
        scroll.scroll(to: convert(p, to: scroll))
    }

    /// Scrolls the nearest enclosing `CAScrollLayer` as little as possible to show `r`, a
    /// rectangle in this layer's coordinate space: `r` converted into the scroll layer's space
    /// (the bounding box of its converted corners) is handed to its `scroll(to:)`. Does nothing
    /// when no superlayer is a scroll layer.
    public func scrollRectToVisible(_ r: CGRect) {
        LayerLock.lock()
        defer { LayerLock.unlock() }
        guard let scroll = enclosingScrollLayer else { return }
        scroll.scroll(to: convert(r, to: scroll))
    }
}
