import Foundation

/// A `CATransform3D` split the way Core Animation interpolates whole transforms: scale, skew,
/// a rotation quaternion, translation and perspective.
///
/// In the row-vector convention (the first factor applies first) `M = S · K · R · T · P`:
/// - the rows of the upper 3x3 part are `r0 = sx·n0`, `r1 = sy·(n1 + kxy·n0)`,
///   `r2 = sz·(n2 + kxz·n0 + kyz·n1)`, where `n0, n1, n2` are the orthonormal rows of the
///   rotation R (found by Gram–Schmidt from `r0`) and `kxy, kxz, kyz` the skews. A mirrored
///   transform negates all three scales and R's rows, so that R is a proper rotation;
/// - `translation` is `m41, m42, m43`, and `perspective` the column that reproduces the fourth
///   column of M, as in `TransformDecomposition`.
///
/// `interpolated(to:fraction:)` mixes scale, skew, translation and perspective linearly and
/// the rotation by spherical linear interpolation the short way round, so a turn about one axis
/// to a turn about another is a turn about an axis in between at every moment (a flip about x
/// to a flip about y stays a flip), and recomposes. Interpolating Euler angles instead would make
/// such a pair wander out of the plane. A row of zero scale (a layer scaled to nothing) takes an
/// axis orthogonal to the others, so the rotation stays defined.
/// Allocates nothing unless the transform has perspective or a zero scale (the render thread
/// interpolates every frame).
struct TransformInterpolation: Equatable, Sendable {
    var scale: SIMD3<Double>
    /// (xy, xz, yz).
    var skew: SIMD3<Double>
    /// (x, y, z, w), of unit length.
    var quaternion: SIMD4<Double>
    var translation: SIMD3<Double>
    var perspective: SIMD4<Double>

    init(_ t: CATransform3D) {
        var rows = (
            SIMD3(Double(t.m11), Double(t.m12), Double(t.m13)),
            SIMD3(Double(t.m21), Double(t.m22), Double(t.m23)),
            SIMD3(Double(t.m31), Double(t.m32), Double(t.m33))
        )
        var scale = SIMD3<Double>.zero
        var skew = SIMD3<Double>.zero
        // Gram–Schmidt: each row less its parts along the rows before it; the parts are the skews.
        scale.x = Self.length(rows.0)
        rows.0 = Self.unit(rows.0, length: scale.x)
        skew.x = Self.dot(rows.0, rows.1)
        rows.1 -= skew.x * rows.0
        scale.y = Self.length(rows.1)
        rows.1 = Self.unit(rows.1, length: scale.y)
        skew.y = Self.dot(rows.0, rows.2)
        rows.2 -= skew.y * rows.0
        skew.z = Self.dot(rows.1, rows.2)
        rows.2 -= skew.z * rows.1
        scale.z = Self.length(rows.2)
        rows.2 = Self.unit(rows.2, length: scale.z)
        skew.x = scale.y > 0 ? skew.x / scale.y : 0
        skew.y = scale.z > 0 ? skew.y / scale.z : 0
        skew.z = scale.z > 0 ? skew.z / scale.z : 0
        Self.completeBasis(&rows)
        if Self.dot(rows.0, Self.cross(rows.1, rows.2)) < 0 {
            scale = -scale
            rows = (-rows.0, -rows.1, -rows.2)
        }
        self.scale = scale
        self.skew = skew
        quaternion = Self.quaternion(rows)
        translation = SIMD3(Double(t.m41), Double(t.m42), Double(t.m43))
        perspective = TransformDecomposition.perspective(of: t)
    }

    /// The transform these parts describe.
    var transform: CATransform3D {
        let (n0, n1, n2) = Self.rotationRows(quaternion)
        let r0 = scale.x * n0
        let r1 = scale.y * (n1 + skew.x * n0)
        let r2 = scale.z * (n2 + skew.y * n0 + skew.z * n1)
        var m = CATransform3D(
            m11: CGFloat(r0.x), m12: CGFloat(r0.y), m13: CGFloat(r0.z), m14: 0,
            m21: CGFloat(r1.x), m22: CGFloat(r1.y), m23: CGFloat(r1.z), m24: 0,
            m31: CGFloat(r2.x), m32: CGFloat(r2.y), m33: CGFloat(r2.z), m34: 0,
            m41: CGFloat(translation.x), m42: CGFloat(translation.y), m43: CGFloat(translation.z), m44: 1)
        if perspective != SIMD4(0, 0, 0, 1) {
            // The fourth column of L · P is L times the column `perspective`.
            let (px, py, pz, pw) = (
                CGFloat(perspective.x), CGFloat(perspective.y), CGFloat(perspective.z), CGFloat(perspective.w)
            )
            m.m14 = m.m11 * px + m.m12 * py + m.m13 * pz
            m.m24 = m.m21 * px + m.m22 * py + m.m23 * pz
            m.m34 = m.m31 * px + m.m32 * py + m.m33 * pz
            m.m44 = m.m41 * px + m.m42 * py + m.m43 * pz + pw
        }
        return m
    }

    /// The parts at `fraction` of the way to `end` (see the type's description).
    func interpolated(to end: TransformInterpolation, fraction f: Double) -> TransformInterpolation {
        var mixed = self
        mixed.scale += (end.scale - scale) * f
        mixed.skew += (end.skew - skew) * f
        mixed.translation += (end.translation - translation) * f
        mixed.perspective += (end.perspective - perspective) * f
        mixed.quaternion = Self.slerp(quaternion, end.quaternion, f)
        return mixed
    }

    /// Spherical linear interpolation between unit quaternions, the short way round; nearly equal
    /// ones are mixed linearly and renormalised.
    static func slerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ f: Double) -> SIMD4<Double> {
        var a = a
        var cosine = (a * b).sum()
        if cosine < 0 {
            // q and −q are the same rotation; −q is the nearer.
            a = -a
            cosine = -cosine
        }
        let (wa, wb): (Double, Double)
        if cosine > 1 - 1e-9 {
            (wa, wb) = (1 - f, f)
        } else {
            let angle = acos(min(cosine, 1))
            let sine = sin(angle)
            (wa, wb) = (sin((1 - f) * angle) / sine, sin(f * angle) / sine)
        }
        let q = a * wa + b * wb
        let length = (q * q).sum().squareRoot()
        return length > 0 ? q / length : SIMD4(0, 0, 0, 1)
    }

    /// The unit quaternion of the rotation whose rows (row-vector convention) are `r`: the
    /// transpose of the usual column-vector matrix, found from its largest diagonal term.
    private static func quaternion(_ r: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)) -> SIMD4<Double> {
        // c[i][j] = r[j][i], the column-vector matrix.
        let (c00, c11, c22) = (r.0.x, r.1.y, r.2.z)
        let (c01, c02, c10, c12, c20, c21) = (r.1.x, r.2.x, r.0.y, r.2.y, r.0.z, r.1.z)
        let trace = c00 + c11 + c22
        var q: SIMD4<Double>
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = SIMD4((c21 - c12) / s, (c02 - c20) / s, (c10 - c01) / s, s / 4)
        } else if c00 > c11 && c00 > c22 {
            let s = (1 + c00 - c11 - c22).squareRoot() * 2
            q = SIMD4(s / 4, (c01 + c10) / s, (c02 + c20) / s, (c21 - c12) / s)
        } else if c11 > c22 {
            let s = (1 + c11 - c00 - c22).squareRoot() * 2
            q = SIMD4((c01 + c10) / s, s / 4, (c12 + c21) / s, (c02 - c20) / s)
        } else {
            let s = (1 + c22 - c00 - c11).squareRoot() * 2
            q = SIMD4((c02 + c20) / s, (c12 + c21) / s, s / 4, (c10 - c01) / s)
        }
        let length = (q * q).sum().squareRoot()
        return length > 0 && length.isFinite ? q / length : SIMD4(0, 0, 0, 1)
    }

    /// The rows (row-vector convention) of the rotation of the unit quaternion `q`.
    private static func rotationRows(_ q: SIMD4<Double>) -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        // Row i of the row-vector matrix is column i of the column-vector one.
        return (
            SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
            SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
            SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        )
    }

    /// Fills rows of zero length (rows of zero scale) with unit axes orthogonal to the others:
    /// a missing row next to two present ones is their cross product; otherwise the first unit
    /// axis not along the rows already there.
    private static func completeBasis(_ rows: inout (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)) {
        var list = [rows.0, rows.1, rows.2]
        guard list.contains(.zero) else { return }
        for i in 0..<3 where list[i] == .zero {
            let others = [list[(i + 1) % 3], list[(i + 2) % 3]]
            if !others.contains(.zero) {
                list[i] = cross(others[0], others[1])
                continue
            }
            for axis in 0..<3 {
                var v = SIMD3<Double>.zero
                v[(i + axis) % 3] = 1
                for other in others { v -= dot(v, other) * other }
                let l = length(v)
                if l > 1e-9 {
                    list[i] = v / l
                    break
                }
            }
        }
        rows = (list[0], list[1], list[2])
    }

    private static func length(_ v: SIMD3<Double>) -> Double { dot(v, v).squareRoot() }

    /// `v` divided by `length`, or zero for a length that is (nearly) zero.
    private static func unit(_ v: SIMD3<Double>, length: Double) -> SIMD3<Double> {
        length > 1e-12 ? v / length : .zero
    }

    private static func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }

    private static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}
