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
struct TransformDecomposition: Equatable, Sendable {
    var scale: SIMD3<Double> {
        get { packedScale.vector }
        set { packedScale = Packed(newValue) }
    }
    var rotation: SIMD3<Double> {
        get { packedRotation.vector }
        set { packedRotation = Packed(newValue) }
    }
    var translation: SIMD3<Double> {
        get { packedTranslation.vector }
        set { packedTranslation = Packed(newValue) }
    }
    var perspective: SIMD4<Double> {
        get { SIMD4(packedPerspective.vector, packedPerspectiveW) }
        set { (packedPerspective, packedPerspectiveW) = (Packed(newValue[SIMD3(0, 1, 2)]), newValue.w) }
    }

    // Kept as plain numbers (a SIMD3 takes the room of four, and SIMD types align the whole to
    // 32 bytes; `MemoryLayoutTests` has the size), in each steady animation that sets a part of a model transform.
    private var packedScale: Packed
    private var packedRotation: Packed
    private var packedTranslation: Packed
    private var packedPerspective: Packed
    private var packedPerspectiveW: Double

    private struct Packed: Equatable, Sendable {
        let x: Double, y: Double, z: Double

        init(_ v: SIMD3<Double>) { (x, y, z) = (v.x, v.y, v.z) }

        var vector: SIMD3<Double> { SIMD3(x, y, z) }
    }

    /// Decomposes `t`. Allocates nothing (the render thread decomposes transforms every frame).
    init(_ t: CATransform3D) {
        let rows = Rows(
            SIMD3(Double(t.m11), Double(t.m12), Double(t.m13)),
            SIMD3(Double(t.m21), Double(t.m22), Double(t.m23)),
            SIMD3(Double(t.m31), Double(t.m32), Double(t.m33)))
        var scale = SIMD3(Self.length(rows[0]), Self.length(rows[1]), Self.length(rows[2]))
        var basis = Self.completedBasis(rows, scale: scale)
        if Self.determinant(rows) < 0 {
            var axis = 0
            for candidate in 1..<3 where Self.traceNegating(candidate, basis) > Self.traceNegating(axis, basis) {
                axis = candidate
            }
            scale[axis] = -scale[axis]
            basis[axis] = -basis[axis]
        }
        let perspective = Self.perspective(of: t)
        packedScale = Packed(scale)
        packedRotation = Packed(Self.eulerAngles(basis))
        packedTranslation = Packed(SIMD3(Double(t.m41), Double(t.m42), Double(t.m43)))
        (packedPerspective, packedPerspectiveW) = (Packed(perspective[SIMD3(0, 1, 2)]), perspective.w)
    }

    /// The transform these parts describe.
    package var transform: CATransform3D {
        if rotation.x == 0 && rotation.y == 0 && perspective == SIMD4(0, 0, 0, 1) {
            // The common case (a turn in the plane): S · Rz · T written out, without matrix products.
            let (c, s) = (CGFloat(cos(rotation.z)), CGFloat(sin(rotation.z)))
            let (sx, sy, sz) = (CGFloat(scale.x), CGFloat(scale.y), CGFloat(scale.z))
            return CATransform3D(
                m11: sx * c, m12: sx * s, m13: 0, m14: 0,
                m21: -sy * s, m22: sy * c, m23: 0, m24: 0,
                m31: 0, m32: 0, m33: sz, m34: 0,
                m41: CGFloat(translation.x), m42: CGFloat(translation.y), m43: CGFloat(translation.z), m44: 1)
        }
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

    private static func determinant(_ r: Rows) -> Double { (cross(r[0], r[1]) * r[2]).sum() }

    /// The trace of `basis` with row `axis` negated.
    private static func traceNegating(_ axis: Int, _ basis: Rows) -> Double {
        var trace = 0.0
        for i in 0..<3 { trace += axis == i ? -basis[i][i] : basis[i][i] }
        return trace
    }

    /// The unit rows of the upper 3x3 part, with the rows of zero scale filled in: all but
    /// the last missing row from the unit axes, made orthogonal to the rows already there, and
    /// the last missing row as the cross product of the other two, so that the basis is
    /// right-handed.
    private static func completedBasis(_ rows: Rows, scale: SIMD3<Double>) -> Rows {
        var basis = Rows(.zero, .zero, .zero)
        var present = (false, false, false)
        var missingCount = 0
        for i in 0..<3 {
            if scale[i] > 0 {
                basis[i] = rows[i] / scale[i]
                setPresent(&present, i)
            } else {
                missingCount += 1
            }
        }
        guard missingCount > 0 else { return basis }
        var lastMissing = -1
        var filled = 0
        for i in 0..<3 where !isPresent(present, i) {
            lastMissing = i
            filled += 1
            if filled == missingCount { break }
            // Try the unit axes i, i+1, i+2 in turn, made orthogonal to the rows already there.
            for step in 0..<3 {
                var v = SIMD3<Double>.zero
                v[(i + step) % 3] = 1
                for k in 0..<3 where isPresent(present, k) { v -= (v * basis[k]).sum() * basis[k] }
                let l = length(v)
                if l > 1e-9 {
                    basis[i] = v / l
                    setPresent(&present, i)
                    break
                }
            }
        }
        let v = cross(basis[(lastMissing + 1) % 3], basis[(lastMissing + 2) % 3])
        let l = length(v)
        basis[lastMissing] = l > 0 ? v / l : .zero
        return basis
    }

    private static func isPresent(_ p: (Bool, Bool, Bool), _ i: Int) -> Bool { i == 0 ? p.0 : i == 1 ? p.1 : p.2 }
    private static func setPresent(_ p: inout (Bool, Bool, Bool), _ i: Int) {
        if i == 0 { p.0 = true } else if i == 1 { p.1 = true } else { p.2 = true }
    }

    /// Euler angles (x, y, z) of R = Rx(x) · Ry(y) · Rz(z), whose rows are `r`:
    /// `m13 = -sin y`, `m12 / m11 = tan z`, `m23 / m33 = tan x`.
    private static func eulerAngles(_ r: Rows) -> SIMD3<Double> {
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
    static func perspective(of t: CATransform3D) -> SIMD4<Double> {
        let column = SIMD4(Double(t.m14), Double(t.m24), Double(t.m34), Double(t.m44))
        guard column != SIMD4(0, 0, 0, 1) else { return column }
        var affine = t
        (affine.m14, affine.m24, affine.m34, affine.m44) = (0, 0, 0, 1)
        guard let inverse = Matrix4.inverse(of: affine) else { return column }
        let rows = inverse.entries.map(Double.init)
        return SIMD4((0..<4).map { i in (SIMD4(rows[i * 4..<i * 4 + 4]) * column).sum() })
    }
}

/// Three rows of a 3x3 matrix, stored inline.
private struct Rows {
    var r0: SIMD3<Double>, r1: SIMD3<Double>, r2: SIMD3<Double>
    init(_ r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) { (self.r0, self.r1, self.r2) = (r0, r1, r2) }
    subscript(i: Int) -> SIMD3<Double> {
        get { i == 0 ? r0 : i == 1 ? r1 : r2 }
        set { if i == 0 { r0 = newValue } else if i == 1 { r1 = newValue } else { r2 = newValue } }
    }
}
