import Foundation

/// A Lottie path value (`{"c", "v", "i", "o"}`): vertices, each with its incoming and outgoing
/// tangent relative to it, open or closed.
struct BezierShape {
    var closed: Bool
    var vertices: [CGPoint]
    var inTangents: [CGPoint]
    var outTangents: [CGPoint]

    /// The most vertices one path keeps.
    static let maximumVertices = 100_000

    /// Reads a path value; nil when it is not one (vertices and tangents of unequal lengths are
    /// cut to the shortest; a tangent that is not a point reads as none).
    init?(json: Any) {
        guard let object = JSON.object(json), let vertices = JSON.array(object["v"]) else { return nil }
        let points = vertices.prefix(Self.maximumVertices).compactMap(Self.point)
        guard points.count == min(vertices.count, Self.maximumVertices) else { return nil }
        let ins = (JSON.array(object["i"]) ?? []).map { Self.point($0) ?? .zero }
        let outs = (JSON.array(object["o"]) ?? []).map { Self.point($0) ?? .zero }
        self.closed = JSON.flag(object["c"])
        self.vertices = points
        self.inTangents = points.indices.map { $0 < ins.count ? ins[$0] : .zero }
        self.outTangents = points.indices.map { $0 < outs.count ? outs[$0] : .zero }
    }

    /// A path from its parts.
    init(closed: Bool, vertices: [CGPoint], inTangents: [CGPoint], outTangents: [CGPoint]) {
        self.closed = closed
        self.vertices = vertices
        self.inTangents = inTangents
        self.outTangents = outTangents
    }

    private static func point(_ json: Any) -> CGPoint? {
        guard let values = JSON.numbers(json), values.count >= 2 else { return nil }
        return CGPoint(x: values[0], y: values[1])
    }

    /// Appends the path to `path` through `transform`: a cubic segment between each pair of
    /// vertices (and back to the first when closed), so that every keyframe of an animated path
    /// has the same elements and Core Animation interpolates them point by point.
    func append(to path: CGMutablePath, transform: CGAffineTransform) {
        guard let first = vertices.first else { return }
        path.move(to: first, transform: transform)
        let count = vertices.count
        let segments = closed ? count : count - 1
        for index in 0..<segments {
            let next = (index + 1) % count
            path.addCurve(
                to: vertices[next], control1: vertices[index] + outTangents[index],
                control2: vertices[next] + inTangents[next], transform: transform)
        }
        if closed { path.closeSubpath() }
    }

    /// The same path drawn the other way round.
    var reversed: BezierShape {
        guard vertices.count > 1 else { return self }
        let order: [Int] = closed ? [0] + (1..<vertices.count).reversed() : Array(vertices.indices.reversed())
        return BezierShape(
            closed: closed, vertices: order.map { vertices[$0] }, inTangents: order.map { outTangents[$0] },
            outTangents: order.map { inTangents[$0] })
    }
}

extension CGPoint {
    static func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }
}

extension BezierShape: Interpolable {
    /// Vertex by vertex, tangent by tangent; paths of different vertex counts switch at the end.
    func interpolated(to other: BezierShape, fraction: Double) -> BezierShape {
        guard other.vertices.count == vertices.count else { return fraction < 1 ? self : other }
        func mix(_ a: [CGPoint], _ b: [CGPoint]) -> [CGPoint] {
            zip(a, b).map { CGPoint(x: $0.x + ($1.x - $0.x) * fraction, y: $0.y + ($1.y - $0.y) * fraction) }
        }
        return BezierShape(
            closed: closed, vertices: mix(vertices, other.vertices), inTangents: mix(inTangents, other.inTangents),
            outTangents: mix(outTangents, other.outTangents))
    }
}
