import Foundation

/// The projective map a 4x4 layer transform induces from the layer's plane (z = 0) to the
/// plane of its superlayer, as a 3x3 matrix. Core Animation flattens every layer into its
/// superlayer's plane, so chains of these maps convert points between layers exactly, and
/// the inverse "unprojects" a point onto a 3D-rotated layer for hit-testing.
struct Homography {
    // Row-vector convention: [x y 1] · H.
    var h11, h12, h13, h21, h22, h23, h31, h32, h33: Double

    /// The map `[x y 0 1] · m`, dropping z.
    init(_ m: CATransform3D) {
        (h11, h12, h13) = (Double(m.m11), Double(m.m12), Double(m.m14))
        (h21, h22, h23) = (Double(m.m21), Double(m.m22), Double(m.m24))
        (h31, h32, h33) = (Double(m.m41), Double(m.m42), Double(m.m44))
    }

    private init(_ e: [Double]) {
        (h11, h12, h13, h21, h22, h23, h31, h32, h33) = (e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8])
    }

    /// Maps `p`; nil when it lands at or behind the eye (w ≤ 0) or the result is not finite.
    func map(_ p: CGPoint) -> CGPoint? {
        let x = Double(p.x)
        let y = Double(p.y)
        let w = x * h13 + y * h23 + h33
        guard w > 1e-12 else { return nil }
        let result = CGPoint(x: (x * h11 + y * h21 + h31) / w, y: (x * h12 + y * h22 + h32) / w)
        return result.isFiniteValue ? result : nil
    }

    /// The inverse map, or nil when the layer is seen edge-on (singular).
    var inverse: Homography? {
        let c11 = h22 * h33 - h23 * h32
        let c12 = h13 * h32 - h12 * h33
        let c13 = h12 * h23 - h13 * h22
        let det = h11 * c11 + h21 * c12 + h31 * c13
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        let e = [
            c11, c12, c13,
            h23 * h31 - h21 * h33, h11 * h33 - h13 * h31, h13 * h21 - h11 * h23,
            h21 * h32 - h22 * h31, h12 * h31 - h11 * h32, h11 * h22 - h12 * h21,
        ]
        return Homography(e.map { $0 / det })
    }
}
