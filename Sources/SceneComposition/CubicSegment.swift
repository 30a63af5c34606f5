import Foundation

/// One cubic Bézier segment, measured along its length by `chords` straight pieces.
struct CubicSegment {
    static let chords = 32

    var p0, p1, p2, p3: CGPoint

    /// The point at parameter `t`.
    func point(_ t: Double) -> CGPoint {
        let u = 1 - t
        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return CGPoint(
            x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The distance along the segment at each chord's end, from 0.
    private var distances: [Double] {
        var distances = [0.0]
        var previous = p0
        for step in 1...Self.chords {
            let next = point(Double(step) / Double(Self.chords))
            distances.append(distances[distances.count - 1] + hypot(next.x - previous.x, next.y - previous.y))
            previous = next
        }
        return distances
    }

    var length: Double { distances[Self.chords] }

    /// The parameter `distance` along the segment (between chord ends, in proportion).
    func parameter(atLength distance: Double) -> Double {
        let distances = self.distances
        guard distance > 0 else { return 0 }
        guard distance < distances[Self.chords] else { return 1 }
        var index = 1
        while distances[index] < distance { index += 1 }
        let chord = distances[index] - distances[index - 1]
        let within = chord > 0 ? (distance - distances[index - 1]) / chord : 0
        return (Double(index - 1) + within) / Double(Self.chords)
    }

    /// The segment between parameters `t0` and `t1` (de Casteljau's subdivision).
    func part(from t0: Double, to t1: Double) -> CubicSegment {
        let tail = split(at: t0).1
        guard t0 < 1 else { return tail }
        return tail.split(at: (t1 - t0) / (1 - t0)).0
    }

    /// The segment cut in two at parameter `t`.
    private func split(at t: Double) -> (CubicSegment, CubicSegment) {
        func mix(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let (a, b, c) = (mix(p0, p1), mix(p1, p2), mix(p2, p3))
        let (d, e) = (mix(a, b), mix(b, c))
        let f = mix(d, e)
        return (CubicSegment(p0: p0, p1: a, p2: d, p3: f), CubicSegment(p0: f, p1: e, p2: c, p3: p3))
    }
}
