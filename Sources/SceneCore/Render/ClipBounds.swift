/// A box in clip space (x and y from −1 to 1, y up): the part of the target a group's drawing
/// or a layer's shape can reach, so that the renderer filters and blends only there.
package struct ClipBounds: Sendable, Equatable {
    package var minX: Float, minY: Float, maxX: Float, maxY: Float

    package init(minX: Float, minY: Float, maxX: Float, maxY: Float) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }

    /// The whole target.
    package static let everything = ClipBounds(minX: -1, minY: -1, maxX: 1, maxY: 1)
    /// No part of the target.
    package static let nothing = ClipBounds(minX: 0, minY: 0, maxX: 0, maxY: 0)

    /// The smallest box holding both.
    func union(_ other: ClipBounds) -> ClipBounds {
        ClipBounds(
            minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
            maxY: max(maxY, other.maxY))
    }
}

extension QuadInstance {
    /// The box in clip space the quad's `rect` covers, within the target; the whole target when
    /// a corner lies behind the eye or is not finite (the quad may then reach anywhere).
    var clipBounds: ClipBounds {
        let m = transform
        var box: ClipBounds?
        for (x, y) in [
            (rect.x, rect.y), (rect.x + rect.z, rect.y), (rect.x, rect.y + rect.w), (rect.x + rect.z, rect.y + rect.w),
        ] {
            let w = x * m[3] + y * m[7] + m[15]
            let cx = (x * m[0] + y * m[4] + m[12]) / w
            let cy = (x * m[1] + y * m[5] + m[13]) / w
            guard w > 1e-6, cx.isFinite, cy.isFinite else { return .everything }
            let corner = ClipBounds(minX: cx, minY: cy, maxX: cx, maxY: cy)
            box = box?.union(corner) ?? corner
        }
        guard let box else { return .everything }
        return ClipBounds(
            minX: max(box.minX, -1), minY: max(box.minY, -1), maxX: min(box.maxX, 1), maxY: min(box.maxY, 1))
    }
}
