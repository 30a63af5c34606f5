import Foundation

extension CALayer {
    /// Gives this layer and every layer below it (sublayers and masks) `scale` as their
    /// `contentsScale`, as AppKit does for the layers of a window's views when the window's
    /// `backingScaleFactor` changes, except where the app set `contentsScale` itself: a window
    /// calls it for its tree when the tree is attached and when the display's scale changes.
    ///
    /// The value is not recorded as set by the app (a later scale replaces it; archiving leaves
    /// it out) and runs no action. Layers whose class redraws for `contentsScale`
    /// (`needsDisplay(forKey:)`, as `CATextLayer`'s does) redraw, and so do layers showing a
    /// drawing of their own (contents not set by the app), so that text and drawn content are
    /// sharp at the new scale.
    package func adoptWindowScale(_ scale: CGFloat) {
        guard scale.isFinite, scale > 0 else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        LayerLock.lock()
        defer { LayerLock.unlock() }
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            pending += layer.sublayers ?? []
            if let mask = layer.maskStorage { pending.append(mask) }
            let contentsScale = LayerChanges(.contentsScale)
            guard !layer.setProperties.contains(contentsScale), layer.state.contentsScale != scale else { continue }
            layer.setState(\.contentsScale, scale, .contentsScale)
            layer.setProperties.subtract(contentsScale)
            if layer.state.contents != nil && !layer.setProperties.contains(LayerChanges(.contents)) {
                layer.setNeedsDisplay()
            }
        }
    }
}
