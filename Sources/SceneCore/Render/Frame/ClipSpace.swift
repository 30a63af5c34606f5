import Foundation

/// The mapping from window pixels (origin top-left, y down) to OpenGL clip space.
enum ClipSpace {
    /// `x_clip = 2x/W - 1`, `y_clip = 1 - 2y/H`, z dropped, w kept (so perspective survives).
    static func fromWindow(width: Int, height: Int) -> CATransform3D {
        var m = CATransform3D.identity
        m.m11 = 2 / CGFloat(max(width, 1))
        m.m22 = -2 / CGFloat(max(height, 1))
        m.m33 = 0
        m.m41 = -1
        m.m42 = 1
        return m
    }

    /// Flattens a layer into its superlayer's plane: z becomes 0, x, y and w are kept.
    static let flatten: CATransform3D = {
        var m = CATransform3D.identity
        m.m33 = 0
        return m
    }()
}

extension CATransform3D {
    /// The entries as 32-bit floats in row order, the layout `QuadInstance.transform` uses.
    var float16: SIMD16<Float> {
        SIMD16(
            Float(m11), Float(m12), Float(m13), Float(m14), Float(m21), Float(m22), Float(m23), Float(m24),
            Float(m31), Float(m32), Float(m33), Float(m34), Float(m41), Float(m42), Float(m43), Float(m44))
    }
}

extension CGRect {
    /// x, y, width, height as floats.
    var float4: SIMD4<Float> { SIMD4(Float(minX), Float(minY), Float(width), Float(height)) }
}
