import Foundation

/// Lottie's rounded corners modifier (`rd`) on paths and polystars: every sharp corner (a vertex
/// with neither tangent) is cut at `radius` along both its edges (at most half of each edge) and
/// joined by a curve whose tangents reach 0.5519 of the way back to the corner, the constant that
/// makes a quarter circle of a square corner, as lottie-web rounds them. Curved vertices and an
/// open path's ends are kept.
extension BezierShape {
    /// The tangent length of a rounded corner, as a fraction of its cut: a cubic Bézier's
    /// quarter circle.
    static let cornerTangent = 0.5519

    /// The path with its sharp corners rounded by `radius`; the path itself when `radius` is
    /// not a positive number.
    func roundingCorners(radius: Double) -> BezierShape {
        guard radius > 0, radius.isFinite, vertices.count > 1 else { return self }
        var rounded = BezierShape(closed: closed, vertices: [], inTangents: [], outTangents: [])
        let count = vertices.count
        for index in 0..<count {
            let corner = vertices[index]
            let isEnd = !closed && (index == 0 || index == count - 1)
            guard !isEnd, inTangents[index] == .zero, outTangents[index] == .zero else {
                rounded.append(corner, in: inTangents[index], out: outTangents[index])
                continue
            }
            let before = Self.cut(corner, towards: vertices[(index + count - 1) % count], radius: radius)
            let after = Self.cut(corner, towards: vertices[(index + 1) % count], radius: radius)
            rounded.append(before, in: .zero, out: Self.scaled(corner - before, by: Self.cornerTangent))
            rounded.append(after, in: Self.scaled(corner - after, by: Self.cornerTangent), out: .zero)
        }
        return rounded
    }

    /// The point `radius` from `corner` towards `neighbour`, at most halfway there.
    private static func cut(_ corner: CGPoint, towards neighbour: CGPoint, radius: Double) -> CGPoint {
        let distance = hypot(neighbour.x - corner.x, neighbour.y - corner.y)
        guard distance > 0 else { return corner }
        let fraction = min(distance / 2, radius) / distance
        return CGPoint(
            x: corner.x + (neighbour.x - corner.x) * fraction, y: corner.y + (neighbour.y - corner.y) * fraction)
    }

    private static func scaled(_ point: CGPoint, by factor: Double) -> CGPoint {
        CGPoint(x: point.x * factor, y: point.y * factor)
    }

    private mutating func append(_ vertex: CGPoint, in inTangent: CGPoint, out outTangent: CGPoint) {
        vertices.append(vertex)
        inTangents.append(inTangent)
        outTangents.append(outTangent)
    }

    /// `shape` with its sharp corners rounded by `radius`, over time: keyframe by keyframe while
    /// the radius is still, sampled at every frame (`CompositionAnimator.sampledFrames(forVertices:)`
    /// at most) while it animates.
    static func rounding(_ shape: Animated<BezierShape>, radius: Animated<Double>) -> Animated<BezierShape> {
        guard radius.isAnimated else { return shape.map { $0.roundingCorners(radius: radius.initial) } }
        let frames = shape.frames + radius.frames
        return .sampled(
            from: frames.min() ?? 0, through: frames.max() ?? 0,
            maximumSamples: CompositionAnimator.sampledFrames(forVertices: 2 * shape.initial.vertices.count)
        ) { frame in shape.value(at: frame).roundingCorners(radius: radius.value(at: frame)) }
    }
}
