import Foundation

extension KeyframeSpec {
    /// Keyframes along `path` for a point property: the path is flattened, each drawing element
    /// (line, curve, close) becomes one segment of equal time — or of the given `keyTimes`
    /// (one more than the segments) — with its points spaced by length within it; paced modes
    /// space every point by length along the whole path. A move-to inside the path jumps.
    static func along(_ path: CGPath, keyTimes given: [Double]?, mode: CAAnimationCalculationMode)
        -> Result<KeyframeSpec, AnimationError>
    {
        var segments: [(points: [CGPoint], isJump: Bool)] = []
        var start = CGPoint.zero
        var current = CGPoint.zero
        var started = false
        func segment(to points: [CGPoint]) {
            started = true
            segments.append(([current] + points, false))
            current = points.last ?? current
        }
        for element in path.elements {
            switch element {
            case .moveToPoint(let p):
                // A move-to inside the path is a jump: no length and no time of its own.
                if started { segments.append(([current, p], true)) }
                (start, current, started) = (p, p, true)
            case .addLineToPoint(let p): segment(to: [p])
            case .closeSubpath: segment(to: [start])
            case .addQuadCurveToPoint, .addCurveToPoint:
                let piece = CGMutablePath()
                piece.move(to: current)
                piece.addPath(CGPath(elements: [element]))
                segment(to: Array((piece.polygons(tolerance: 0.25).first ?? []).dropFirst()))
            }
        }
        let drawn = segments.filter { !$0.isJump }.map(\.points)
        guard !drawn.isEmpty else { return .failure(.invalid("the keyframe path draws nothing")) }
        let paced = mode == .paced || mode == .cubicPaced
        if let given, !paced, given.count != drawn.count + 1 {
            return .failure(
                .invalid(
                    "keyTimes has \(given.count) entries for a path of \(drawn.count) segments (needs \(drawn.count + 1))"
                ))
        }
        let total = drawn.reduce(0) { $0 + length($1) }
        var values: [AnimatableValue] = [.point(segments[0].points[0])]
        var times: [Double] = [0]
        var drawnIndex = 0
        var travelled = 0.0
        for (points, isJump) in segments {
            if isJump {
                values.append(.point(points[1]))
                times.append(times.last ?? 0)
                continue
            }
            let (t0, t1) =
                paced
                ? (travelled / total, (travelled + length(points)) / total)
                : (
                    given?[drawnIndex] ?? Double(drawnIndex) / Double(drawn.count),
                    given?[drawnIndex + 1] ?? Double(drawnIndex + 1) / Double(drawn.count)
                )
            let segmentLength = length(points)
            var along = 0.0
            for (a, b) in zip(points, points.dropFirst()) {
                along += Double(hypot(b.x - a.x, b.y - a.y))
                values.append(.point(b))
                times.append(segmentLength > 0 ? t0 + (t1 - t0) * along / segmentLength : t1)
            }
            travelled += segmentLength
            drawnIndex += 1
        }
        guard times.allSatisfy(\.isFinite) else {
            return .failure(.invalid("the keyframe path has no length to pace by"))
        }
        return .success(
            KeyframeSpec(
                values: values, keyTimes: times, timingFunctions: [], interpolation: .linear,
                tension: [], continuity: [], bias: []))
    }

    /// The direction of travel at progress `p` (radians, from the x axis towards y), for
    /// `rotationMode`; nil where the keyframes are not points or do not move.
    func tangentAngle(at p: Double) -> Double? {
        let n = values.count
        guard n > 1 else { return nil }
        var segment = 0
        while segment + 2 < n && p >= keyTimes[segment + 1] { segment += 1 }
        // The nearest segment that moves, looking forward first.
        for index in Array(segment..<(n - 1)) + Array((0..<segment).reversed()) {
            guard case .point(let a) = values[index], case .point(let b) = values[index + 1] else { return nil }
            if a != b { return atan2(Double(b.y - a.y), Double(b.x - a.x)) }
        }
        return nil
    }

    private static func length(_ points: [CGPoint]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + Double(hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y)) }
    }
}
