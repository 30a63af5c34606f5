import Foundation

extension KeyframeSpec {
    /// Keyframes along `path` for a point property: the path is flattened, each drawing element
    /// (line, curve, close) becomes one segment of equal time — or of the given `keyTimes`
    /// (one more than the segments) — timed within it by the curve's parameter, as Core
    /// Animation does (a line's parameter is its length), after the segment's function of
    /// `timingFunctions` when it has one; paced modes space every point by length along the
    /// whole path and take no timing functions. A move-to inside the path jumps.
    static func along(
        _ path: CGPath, keyTimes given: [Double]?, timingFunctions: [CAMediaTimingFunction] = [],
        mode: CAAnimationCalculationMode
    ) -> Result<KeyframeSpec, AnimationError> {
        let paced = mode == .paced || mode == .cubicPaced
        // A segment's points, timed by length along it, or evenly (points at even steps of a curve's parameter).
        var segments: [(points: [CGPoint], isJump: Bool, byParameter: Bool)] = []
        var start = CGPoint.zero
        var current = CGPoint.zero
        var started = false
        func segment(to points: [CGPoint], byParameter: Bool = false) {
            started = true
            segments.append(([current] + points, false, byParameter))
            current = points.last ?? current
        }
        for element in path.elements {
            switch element {
            case .moveToPoint(let p):
                // A move-to inside the path is a jump: no length and no time of its own.
                if started { segments.append(([current, p], true, false)) }
                (start, current, started) = (p, p, true)
            case .addLineToPoint(let p): segment(to: [p])
            case .closeSubpath: segment(to: [start])
            case .addQuadCurveToPoint, .addCurveToPoint:
                let piece = CGMutablePath()
                piece.move(to: current)
                piece.addPath(CGPath(elements: [element]))
                let flattened = Array((piece.polygons(tolerance: 0.25).first ?? []).dropFirst())
                if paced {
                    segment(to: flattened)
                } else {
                    // As finely as the flattening, in even steps of the parameter: at least 16, a
                    // multiple of 8 (so that halves, quarters and eighths fall on points).
                    let steps = max(16, (flattened.count + 7) / 8 * 8)
                    let points = (1...steps).map { element.point(from: current, at: CGFloat($0) / CGFloat(steps)) }
                    segment(to: points, byParameter: true)
                }
            }
        }
        let drawn = segments.filter { !$0.isJump }.map(\.points)
        guard !drawn.isEmpty else { return .failure(.invalid("the keyframe path draws nothing")) }
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
        var segmentTimings: [SegmentTiming] = []
        for (points, isJump, byParameter) in segments {
            if isJump {
                values.append(.point(points[1]))
                times.append(times.last ?? 0)
                continue
            }
            let t0: Double
            let t1: Double
            if paced {
                (t0, t1) = (travelled / total, (travelled + length(points)) / total)
            } else {
                let even = Double(drawn.count)
                t0 = given?[drawnIndex] ?? Double(drawnIndex) / even
                t1 = given?[drawnIndex + 1] ?? Double(drawnIndex + 1) / even
            }
            if !paced, drawnIndex < timingFunctions.count, t1 > t0 {
                segmentTimings.append(SegmentTiming(start: t0, end: t1, function: timingFunctions[drawnIndex]))
            }
            let segmentLength = length(points)
            var along = 0.0
            for (index, (a, b)) in zip(points, points.dropFirst()).enumerated() {
                along += Double(hypot(b.x - a.x, b.y - a.y))
                values.append(.point(b))
                let fraction: Double
                if byParameter {
                    fraction = Double(index + 1) / Double(points.count - 1)
                } else {
                    fraction = segmentLength > 0 ? along / segmentLength : 1
                }
                times.append(t0 + (t1 - t0) * fraction)
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
                tension: [], continuity: [], bias: [], segmentTimings: segmentTimings))
    }

    /// The direction of travel at progress `p` (radians, from the x axis towards y), for
    /// `rotationMode`; nil where the keyframes are not points or do not move.
    func tangentAngle(at progress: Double) -> Double? {
        let p = eased(progress)
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

extension CGPathElementKind {
    /// The point at parameter `u` (0...1) of a line or curve element that starts at `start`; the
    /// end point for the other elements.
    func point(from start: CGPoint, at u: CGFloat) -> CGPoint {
        let v = 1 - u
        switch self {
        case .addQuadCurveToPoint(let c, let p):
            return CGPoint(
                x: v * v * start.x + 2 * v * u * c.x + u * u * p.x, y: v * v * start.y + 2 * v * u * c.y + u * u * p.y)
        case .addCurveToPoint(let c1, let c2, let p):
            let (a, b, c, d) = (v * v * v, 3 * v * v * u, 3 * v * u * u, u * u * u)
            return CGPoint(
                x: a * start.x + b * c1.x + c * c2.x + d * p.x, y: a * start.y + b * c1.y + c * c2.y + d * p.y)
        case .addLineToPoint(let p):
            return CGPoint(x: v * start.x + u * p.x, y: v * start.y + u * p.y)
        case .moveToPoint(let p):
            return p
        case .closeSubpath:
            return start
        }
    }
}
