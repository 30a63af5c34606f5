import Foundation

/// A `CATransform3D` split into the parts that Core Animation's `transform.*` key paths name.
///
/// The model is `M = S · R · T · P` in the row-vector convention (S applies first):
/// - `scale` S = diag(sx, sy, sz): the lengths of the rows of the upper 3x3 part. A mirrored
///   transform (negative determinant) gets one negative scale: the axis whose negation leaves
///   the rotation closest to no rotation (largest trace), so `MakeScale(1, -1, 1)` reads back
///   as scale (1, -1, 1) with no rotation.
/// - `rotation` R = Rx(x) · Ry(y) · Rz(z), Euler angles in radians: the rotation about x
///   applies first, then y, then z, as
///   `CATransform3DConcat(CATransform3DConcat(MakeRotation(x, 1, 0, 0), MakeRotation(y, 0, 1, 0)), MakeRotation(z, 0, 0, 1))`.
///   For a pure z rotation, `z = atan2(m12, m11)`. At y = ±π/2 (gimbal lock) z is reported as 0.
/// - `translation` T: `m41`, `m42`, `m43`.
/// - `perspective` P: the identity with its fourth column replaced by `perspective`, solved so
///   that the fourth column of M (`m14, m24, m34, m44`) is reproduced; `(0, 0, 0, 1)` when M has
///   no perspective. Setting `m34` and then rotating (`CATransform3DRotate(t, a, 0, 1, 0)` with
///   `t.m34 = -1/d`) gives exactly this shape.
///
/// Shear is not represented: recomposing a sheared transform drops the shear. A zero scale
/// loses the rotation about that axis, which is then rebuilt from the other axes (or taken as
/// none).
package struct TransformDecomposition: Equatable, Sendable {
    package var scale: SIMD3<Double>
    package var rotation: SIMD3<Double>
    package var translation: SIMD3<Double>
    package var perspective: SIMD4<Double>

    /// Decomposes `t`.
    package init(_ t: CATransform3D) {
        let rows = [SIMD3(Double(t.m11), Double(t.m12), Double(t.m13)),
                    SIMD3(Double(t.m21), Double(t.m22), Double(t.m23)),
                    SIMD3(Double(t.m31), Double(t.m32), Double(t.m33))]
        var scale = SIMD3(rows.map(Self.length))
        var basis = Self.completedBasis(rows.indices.map { scale[$0] > 0 ? rows[$0] / scale[$0] : nil })
        if Self.determinant(rows) < 0 {
            let axis = (0..<3).max { Self.traceNegating($0, basis) < Self.traceNegating($1, basis) }!
            scale[axis] = -scale[axis]
            basis[axis] = -basis[axis]
        }
        self.scale = scale
        self.rotation = Self.eulerAngles(basis)
        self.translation = SIMD3(Double(t.m41), Double(t.m42), Double(t.m43))
        self.perspective = Self.perspective(of: t)
    }

    /// The transform these parts describe.
    package var transform: CATransform3D {
        let rotation = CATransform3DMakeRotation(CGFloat(rotation.x), 1, 0, 0)
            .concatenating(CATransform3DMakeRotation(CGFloat(rotation.y), 0, 1, 0))
            .concatenating(CATransform3DMakeRotation(CGFloat(rotation.z), 0, 0, 1))
        var m = CATransform3DMakeScale(CGFloat(scale.x), CGFloat(scale.y), CGFloat(scale.z)).concatenating(rotation)
        (m.m41, m.m42, m.m43) = (CGFloat(translation.x), CGFloat(translation.y), CGFloat(translation.z))
        if perspective != SIMD4(0, 0, 0, 1) {
            // The fourth column of L · P is L times the column `perspective`.
            let p = (0..<4).map { CGFloat(perspective[$0]) }
            m.m14 = m.m11 * p[0] + m.m12 * p[1] + m.m13 * p[2]
            m.m24 = m.m21 * p[0] + m.m22 * p[1] + m.m23 * p[2]
            m.m34 = m.m31 * p[0] + m.m32 * p[1] + m.m33 * p[2]
            m.m44 = m.m41 * p[0] + m.m42 * p[1] + m.m43 * p[2] + p[3]
        }
        return m
    }

    private static func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }

    private static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    private static func determinant(_ r: [SIMD3<Double>]) -> Double { (cross(r[0], r[1]) * r[2]).sum() }

    /// The trace of `basis` with row `axis` negated.
    private static func traceNegating(_ axis: Int, _ basis: [SIMD3<Double>]) -> Double {
        (0..<3).reduce(0) { $0 + (axis == $1 ? -basis[$1][$1] : basis[$1][$1]) }
    }

    /// Fills the missing rows of a partial basis (rows of zero scale): all but the last missing
    /// row from the unit axes, made orthogonal to the rows already there, and the last missing
    /// row as the cross product of the other two, so that the basis is right-handed.
    private static func completedBasis(_ partial: [SIMD3<Double>?]) -> [SIMD3<Double>] {
        var basis = partial
        let missing = partial.indices.filter { partial[$0] == nil }
        for i in missing.dropLast() {
            let axes = [i, (i + 1) % 3, (i + 2) % 3].map { k in SIMD3<Double>((0..<3).map { $0 == k ? 1 : 0 }) }
            basis[i] = axes.lazy.compactMap { axis -> SIMD3<Double>? in
                let v = basis.compactMap { $0 }.reduce(axis) { $0 - ($0 * $1).sum() * $1 }
                let l = length(v)
                return l > 1e-9 ? v / l : nil
            }.first
        }
        if let last = missing.last {
            let v = cross(basis[(last + 1) % 3] ?? .zero, basis[(last + 2) % 3] ?? .zero)
            let l = length(v)
            basis[last] = l > 0 ? v / l : .zero
        }
        return basis.map { $0 ?? .zero }
    }

    /// Euler angles (x, y, z) of R = Rx(x) · Ry(y) · Rz(z), whose rows are `r`:
    /// `m13 = -sin y`, `m12 / m11 = tan z`, `m23 / m33 = tan x`.
    private static func eulerAngles(_ r: [SIMD3<Double>]) -> SIMD3<Double> {
        let cosY = (r[0].x * r[0].x + r[0].y * r[0].y).squareRoot()
        let y = atan2(-r[0].z, cosY)
        guard cosY > 1e-12 else {
            // Gimbal lock: only x + z (or x - z) is defined; z is taken as 0.
            return SIMD3(atan2(-r[2].y, r[1].y), y, 0)
        }
        return SIMD3(atan2(r[1].z, r[2].z), y, atan2(r[0].y, r[0].x))
    }

    /// The column p with `t = L · P`, where L is `t` with its fourth column set to (0, 0, 0, 1):
    /// `p = L⁻¹ · (m14, m24, m34, m44)`. When L is singular the column is kept as it is.
    private static func perspective(of t: CATransform3D) -> SIMD4<Double> {
        let column = SIMD4(Double(t.m14), Double(t.m24), Double(t.m34), Double(t.m44))
        guard column != SIMD4(0, 0, 0, 1) else { return column }
        var affine = t
        (affine.m14, affine.m24, affine.m34, affine.m44) = (0, 0, 0, 1)
        guard let inverse = Matrix4.inverse(of: affine) else { return column }
        let rows = inverse.entries.map(Double.init)
        return SIMD4((0..<4).map { i in (SIMD4(rows[i * 4..<i * 4 + 4]) * column).sum() })
    }
}
