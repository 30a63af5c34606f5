import Foundation

/// The part of a path between two fractions of its length, for `strokeStart`/`strokeEnd`.
enum StrokeTrim {
    /// Line elements covering the flattened `path` from `start` to `end` (fractions of its
    /// total length, all subpaths together). A closed subpath wholly inside stays closed.
    static func elements(
        of path: CGPath, from start: CGFloat, to end: CGFloat,
        tolerance: CGFloat
    ) -> [CGPathElementKind] {
        let subpaths = path.flattenedSubpaths(tolerance: tolerance).map { subpath in
            subpath.isClosed && subpath.points.count > 1
                ? (subpath.points + [subpath.points[0]], true) : (subpath.points, false)
        }
        let total = subpaths.reduce(0) { $0 + length(of: $1.0) }
        guard total > 0 else { return [] }
        let from = start * total
        let to = end * total
        var result: [CGPathElementKind] = []
        var offset: CGFloat = 0
        for (points, closed) in subpaths {
            let length = length(of: points)
            defer { offset += length }
            guard offset + length > from, offset < to else { continue }
            if closed && from <= offset && offset + length <= to {
                result.append(.moveToPoint(points[0]))
                result += points.dropFirst().dropLast().map { .addLineToPoint($0) }
                result.append(.closeSubpath)
                continue
            }
            result += piece(of: points, from: from - offset, to: to - offset)
        }
        return result
    }

    /// The polyline `points` between distances `from` and `to` along it.
    private static func piece(of points: [CGPoint], from: CGFloat, to: CGFloat) -> [CGPathElementKind] {
        var result: [CGPathElementKind] = []
        var travelled: CGFloat = 0
        for (a, b) in zip(points, points.dropFirst()) {
            let segment = hypot(b.x - a.x, b.y - a.y)
            defer { travelled += segment }
            guard segment > 0, travelled + segment >= from, travelled <= to else { continue }
            func at(_ distance: CGFloat) -> CGPoint {
                let t = min(max((distance - travelled) / segment, 0), 1)
                return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            }
            if result.isEmpty { result.append(.moveToPoint(at(max(from, travelled)))) }
            result.append(.addLineToPoint(at(min(to, travelled + segment))))
        }
        return result
    }

    private static func length(of points: [CGPoint]) -> CGFloat {
        zip(points, points.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }
}
