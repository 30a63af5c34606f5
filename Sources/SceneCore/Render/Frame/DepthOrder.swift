import Foundation

/// The back-to-front order of the planes of one 3D space (the sublayers of a
/// `CATransformLayer`, through nested transform layers), for drawing them as a painter would.
///
/// Each plane is a layer's bounds rectangle placed by a 4x4 transform into the space, which
/// the viewer sees along its z axis once every perspective is divided out (its x and y are
/// where the plane lands on the flattened picture, its z / w how near it is). Planes are first
/// ordered by the depth of their centres, ties in the order given. Then, for up to
/// `refinedLimit` planes, a plane that lies wholly behind another's plane (or has the other
/// wholly in front of its own) is drawn before it, whatever their centres say: the far side
/// face of a cube to one side of the perspective axis has its centre as near as the near side
/// face's, but lies behind its plane. Planes that pierce each other, or cycles of planes each
/// partly in front of the next, cannot be ordered by whole planes and keep their centre order.
enum DepthOrder {
    /// Above this many planes only the centre order is used (the refinement compares every pair).
    static let refinedLimit = 64
    /// How far (in points) a corner may stray to the other side of a plane and still count as on it.
    static let tolerance = 1e-4

    /// One plane as the ordering sees it.
    struct Plane {
        /// z / w of the centre after every transform; −infinity when the centre is at or behind the eye.
        let centreDepth: Double
        /// The corners with the perspective divided out (min/min, max/min, min/max, max/max);
        /// nil when a corner is at or behind the eye, or not finite.
        let corners: [SIMD3<Double>]?

        /// The plane of `bounds` placed into the space by `toSpace`.
        init(bounds: CGRect, toSpace m: CATransform3D) {
            func divided(_ x: CGFloat, _ y: CGFloat) -> SIMD3<Double>? {
                let p = m.apply(x: x, y: y)
                guard p.w > 1e-9 else { return nil }
                let v = SIMD3(Double(p.x / p.w), Double(p.y / p.w), Double(p.z / p.w))
                return v.x.isFinite && v.y.isFinite && v.z.isFinite ? v : nil
            }
            centreDepth = divided(bounds.midX, bounds.midY)?.z ?? -.infinity
            let corners = bounds.corners.compactMap { divided($0.x, $0.y) }
            self.corners = corners.count == 4 ? corners : nil
        }
    }

    /// The indices of `planes`, back to front.
    static func backToFront(_ planes: [Plane]) -> [Int] {
        let byCentre = planes.indices.sorted { a, b in
            planes[a].centreDepth != planes[b].centreDepth ? planes[a].centreDepth < planes[b].centreDepth : a < b
        }
        guard planes.count > 1, planes.count <= refinedLimit else { return byCentre }
        let sides = planes.map(Side.init)
        // behindCount[i]: how many planes must be drawn before i and are not yet; after[i]: those i must precede.
        var behindCount = [Int](repeating: 0, count: planes.count)
        var after = [[Int]](repeating: [], count: planes.count)
        for i in planes.indices {
            for j in planes.indices where j > i {
                let iFirst = sides[j].hasWhollyBehind(planes[i]) || sides[i].hasWhollyInFront(planes[j])
                let jFirst = sides[i].hasWhollyBehind(planes[j]) || sides[j].hasWhollyInFront(planes[i])
                if iFirst && !jFirst {
                    after[i].append(j)
                    behindCount[j] += 1
                } else if jFirst && !iFirst {
                    after[j].append(i)
                    behindCount[i] += 1
                }
            }
        }
        var drawn = [Bool](repeating: false, count: planes.count)
        var order: [Int] = []
        order.reserveCapacity(planes.count)
        for _ in planes.indices {
            // The first plane in centre order with nothing left to draw behind it; in a cycle, the first left.
            let next = byCentre.first { !drawn[$0] && behindCount[$0] == 0 } ?? byCentre.first { !drawn[$0] }!
            drawn[next] = true
            order.append(next)
            for later in after[next] { behindCount[later] -= 1 }
        }
        return order
    }

    /// A plane's equation, its normal turned towards the viewer (+z); nil parts when the plane has
    /// no corners to work with, no area, or is seen edge-on.
    private struct Side {
        let normal: SIMD3<Double>?
        let origin: SIMD3<Double>

        init(_ plane: Plane) {
            guard let c = plane.corners else {
                (normal, origin) = (nil, .zero)
                return
            }
            let u = c[1] - c[0]
            let v = c[2] - c[0]
            var n = SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
            let length = (n * n).sum().squareRoot()
            origin = c[0]
            guard length > 1e-12, abs(n.z) / length > 1e-9 else {
                normal = nil
                return
            }
            n /= length
            normal = n.z < 0 ? -n : n
        }

        /// Signed distances of `plane`'s corners from this plane (positive towards the viewer).
        private func distances(_ plane: Plane) -> [Double]? {
            guard let normal, let corners = plane.corners else { return nil }
            return corners.map { (($0 - origin) * normal).sum() }
        }

        /// True when every corner of `plane` is behind this plane or on it, and one is behind.
        func hasWhollyBehind(_ plane: Plane) -> Bool {
            guard let d = distances(plane) else { return false }
            return d.allSatisfy { $0 <= DepthOrder.tolerance } && d.contains { $0 < -DepthOrder.tolerance }
        }

        /// True when every corner of `plane` is in front of this plane or on it, and one is in front.
        func hasWhollyInFront(_ plane: Plane) -> Bool {
            guard let d = distances(plane) else { return false }
            return d.allSatisfy { $0 >= -DepthOrder.tolerance } && d.contains { $0 > DepthOrder.tolerance }
        }
    }
}
