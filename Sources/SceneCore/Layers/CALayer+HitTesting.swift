import Foundation

extension CALayer {
    /// The hit-test Core Animation performs (see `hitTest(_:)`).
    ///
    /// The deepest visible layer containing `p`, given in the **superlayer's** coordinate space.
    ///
    /// Sublayers are searched front to back: a higher `zPosition` first, then the last in
    /// `sublayers` first. Hidden layers are skipped, `masksToBounds` excludes points outside
    /// the bounds, and the point is unprojected onto 3D-transformed layers. Call it on a
    /// `presentation()` layer to test what is on screen; it then returns presentation layers,
    /// whose `model()` is the layer you built.
    func defaultHitTest(_ p: CGPoint) -> CALayer? {
        if state.isHidden { return nil }
        guard let local = pointFromSuperlayer(p) else { return nil }
        let inside = contains(local)
        if state.masksToBounds && !inside { return nil }
        for sublayer in (sublayers ?? []).frontToBack {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }
}

extension Array where Element == CALayer {
    /// The layers in hit-testing order: higher zPosition first, later array position first.
    var frontToBack: [CALayer] {
        enumerated().sorted { a, b in
            a.element.state.zPosition != b.element.state.zPosition
                ? a.element.state.zPosition > b.element.state.zPosition
                : a.offset > b.offset
        }.map(\.element)
    }
}
