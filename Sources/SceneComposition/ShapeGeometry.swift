import Foundation

/// The paths of Lottie's parametric shapes, drawn where and in the direction the Lottie
/// renderers draw them (so that trims start at the same place): each as a `BezierShape`.
enum ShapeGeometry {
    /// The Bézier handle length for a quarter circle of radius 1.
    static let kappa = 0.5522847498307936

    /// A rectangle centred on `center`, starting at its top-right corner (below the corner's
    /// rounding), clockwise.
    static func rectangle(center: CGPoint, size: CGSize, roundness: Double) -> BezierShape {
        let w = abs(size.width) / 2
        let h = abs(size.height) / 2
        let r = max(0, min(roundness, w, h))
        let (x0, x1, y0, y1) = (center.x - w, center.x + w, center.y - h, center.y + h)
        let k = r * kappa
        // Each corner contributes two vertices (one when square); tangents round them.
        let vertices = [
            CGPoint(x: x1, y: y0 + r), CGPoint(x: x1, y: y1 - r), CGPoint(x: x1 - r, y: y1),
            CGPoint(x: x0 + r, y: y1), CGPoint(x: x0, y: y1 - r), CGPoint(x: x0, y: y0 + r),
            CGPoint(x: x0 + r, y: y0), CGPoint(x: x1 - r, y: y0),
        ]
        let ins = [
            CGPoint(x: 0, y: -k), .zero, CGPoint(x: k, y: 0), .zero, CGPoint(x: 0, y: k), .zero, CGPoint(x: -k, y: 0),
            .zero,
        ]
        let outs = [
            CGPoint.zero, CGPoint(x: 0, y: k), .zero, CGPoint(x: -k, y: 0), .zero, CGPoint(x: 0, y: -k), .zero,
            CGPoint(x: k, y: 0),
        ]
        return BezierShape(closed: true, vertices: vertices, inTangents: ins, outTangents: outs)
    }

    /// An ellipse centred on `center`, `size` across, starting at its top, clockwise.
    static func ellipse(center: CGPoint, size: CGSize) -> BezierShape {
        let rx = size.width / 2
        let ry = size.height / 2
        let (kx, ky) = (rx * kappa, ry * kappa)
        let vertices = [
            CGPoint(x: center.x, y: center.y - ry), CGPoint(x: center.x + rx, y: center.y),
            CGPoint(x: center.x, y: center.y + ry), CGPoint(x: center.x - rx, y: center.y),
        ]
        let ins = [CGPoint(x: -kx, y: 0), CGPoint(x: 0, y: -ky), CGPoint(x: kx, y: 0), CGPoint(x: 0, y: ky)]
        let outs = [CGPoint(x: kx, y: 0), CGPoint(x: 0, y: ky), CGPoint(x: -kx, y: 0), CGPoint(x: 0, y: -ky)]
        return BezierShape(closed: true, vertices: vertices, inTangents: ins, outTangents: outs)
    }

    /// A star (inner radius between each pair of outer points) or regular polygon of `points`
    /// corners, its first point straight up from `center` turned by `rotation` degrees clockwise.
    static func polystar(
        center: CGPoint, points: Double, rotation: Double, outerRadius: Double, innerRadius: Double, star: Bool
    ) -> BezierShape {
        let count = Int(min(max(points.rounded(.down), 3), 1000))
        let step = 2 * Double.pi / Double(count)
        var vertices: [CGPoint] = []
        var angle = (rotation - 90) * .pi / 180
        for _ in 0..<count {
            vertices.append(CGPoint(x: center.x + outerRadius * cos(angle), y: center.y + outerRadius * sin(angle)))
            if star {
                let inner = angle + step / 2
                vertices.append(CGPoint(x: center.x + innerRadius * cos(inner), y: center.y + innerRadius * sin(inner)))
            }
            angle += step
        }
        let zeros = Array(repeating: CGPoint.zero, count: vertices.count)
        return BezierShape(closed: true, vertices: vertices, inTangents: zeros, outTangents: zeros)
    }
}
