import Foundation

/// A path measured for `strokeStart`/`strokeEnd`: flattened into polylines, with the distance
/// along the whole path (all subpaths together) at every point. Measured once, it is trimmed at
/// any fractions of its length by searching those distances, so that a stroke drawing itself
/// frame after frame measures its path once.
struct StrokeTrim: Sendable {
    private struct Subpath: Sendable {
        /// The points, a closed subpath's first point repeated at the end.
        var points: [CGPoint]
        /// The distance along the whole path at each point.
        var distances: [CGFloat]
        var isClosed: Bool
    }

    private let subpaths: [Subpath]
    /// The path's total length.
    let length: CGFloat
    /// How far the polylines may stray from the path's curves.
    let tolerance: CGFloat

    /// `path` flattened within `tolerance` and measured.
    init(_ path: CGPath, tolerance: CGFloat) {
        var offset: CGFloat = 0
        subpaths = path.flattenedSubpaths(tolerance: tolerance).map { subpath in
            let closed = subpath.isClosed && subpath.points.count > 1
            let points = closed ? subpath.points + [subpath.points[0]] : subpath.points
            var distances = [offset]
            distances.reserveCapacity(points.count)
            var travelled: CGFloat = 0
            for (a, b) in zip(points, points.dropFirst()) {
                travelled += hypot(b.x - a.x, b.y - a.y)
                distances.append(offset + travelled)
            }
            offset += travelled
            return Subpath(points: points, distances: distances, isClosed: closed)
        }
        length = offset
        self.tolerance = tolerance
    }

    /// Line elements covering the path from `start` to `end` (fractions of its total length,
    /// all subpaths together). A closed subpath wholly inside stays closed.
    func elements(from start: CGFloat, to end: CGFloat) -> [CGPathElementKind] {
        guard length > 0 else { return [] }
        let from = start * length
        let to = end * length
        var result: [CGPathElementKind] = []
        for subpath in subpaths {
            let (first, last) = (subpath.distances[0], subpath.distances[subpath.distances.count - 1])
            guard last > from, first < to else { continue }
            if subpath.isClosed && from <= first && last <= to {
                result.append(.moveToPoint(subpath.points[0]))
                result += subpath.points.dropFirst().dropLast().map { .addLineToPoint($0) }
                result.append(.closeSubpath)
                continue
            }
            result += piece(of: subpath, from: from, to: to)
        }
        return result
    }

    /// The polyline of `subpath` between distances `from` and `to` along the path.
    private func piece(of subpath: Subpath, from: CGFloat, to: CGFloat) -> [CGPathElementKind] {
        let (points, distances) = (subpath.points, subpath.distances)
        // The first segment reaching `from`: the first point at or past it ends that segment.
        var low = 1
        var high = distances.count
        while low < high {
            let middle = (low + high) / 2
            if distances[middle] >= from { high = middle } else { low = middle + 1 }
        }
        var result: [CGPathElementKind] = []
        var i = low - 1
        while i + 1 < points.count, distances[i] <= to {
            defer { i += 1 }
            let (a, b) = (points[i], points[i + 1])
            let travelled = distances[i]
            let segment = distances[i + 1] - travelled
            guard segment > 0 else { continue }
            func at(_ distance: CGFloat) -> CGPoint {
                let t = min(max((distance - travelled) / segment, 0), 1)
                return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            }
            if result.isEmpty { result.append(.moveToPoint(at(max(from, travelled)))) }
            result.append(.addLineToPoint(at(min(to, travelled + segment))))
        }
        return result
    }
}
