import Foundation

/// The paths a trim keeps, cut out of them: what a fill under a trim draws, and what a stroke
/// draws under a trim that runs along its paths one after another. Lottie trims a fill's paths
/// as it trims a stroke's, and the fill covers the part kept, closed by a straight line from
/// its end back to its start, as lottie-web and rlottie fill it. Core Animation trims only
/// strokes, and each path of a shape layer on its own terms (`strokeStart`, `strokeEnd` of the
/// whole path), so the kept parts are cut out here, measured along the paths' lengths, at every
/// frame the trim or the paths change (at most `CompositionAnimator.sampledFrames(forVertices:)`).
enum TrimmedPaths {
    /// Every path of `gathered`, moved by its transform and `extra`, cut by `trim` (each path on
    /// its own, or the paths one after another as one), over time.
    static func path(
        of gathered: [GatheredPaths], trim: TrimModel, extra: CGAffineTransform = .identity
    ) -> Animated<CGPath> {
        let paths = gathered.flatMap(\.paths)
        let value: (Double) -> CGPath = { frame in
            let path = CGMutablePath()
            let kept = windows(
                start: trim.start.value(at: frame), end: trim.end.value(at: frame),
                offset: trim.offset.value(at: frame))
            let shapes = paths.map { $0.shape.value(at: frame) }
            let lengths = shapes.map(\.length)
            let total = lengths.reduce(0, +)
            var before = 0.0
            for ((shape, length), (_, transform)) in zip(zip(shapes, lengths), paths) {
                let own = trim.oneAfterAnother ? part(of: kept, from: before, length: length, total: total) : kept
                before += length
                for piece in shape.pieces(within: own) {
                    piece.append(to: path, transform: transform.concatenating(extra))
                }
            }
            return path as CGPath
        }
        let frames = paths.flatMap(\.shape.frames) + [trim.start, trim.end, trim.offset].flatMap(\.frames)
        guard let first = frames.min(), let last = frames.max() else { return .fixed(value(0)) }
        let vertices = paths.reduce(0) { $0 + $1.shape.initial.vertices.count }
        return .sampled(
            from: first, through: last, maximumSamples: CompositionAnimator.sampledFrames(forVertices: vertices)
        ) { value($0) }
    }

    /// What `windows` of paths `total` long together keep of the one `length` long that starts
    /// `start` along them, as fractions of its own length.
    static func part(
        of windows: [ClosedRange<Double>], from start: Double, length: Double, total: Double
    ) -> [ClosedRange<Double>] {
        guard length > 0 else { return [] }
        return windows.compactMap { window in
            let (from, to) = (
                (window.lowerBound * total - start) / length, (window.upperBound * total - start) / length
            )
            return to > max(from, 0) && from < 1 ? max(from, 0)...min(to, 1) : nil
        }
    }

    /// The windows (fractions of a path's length, within 0...1) a trim of `start` and `end`
    /// (percent) turned by `offset` (degrees: 360 is the whole length) keeps: the span between
    /// start and end, moved by the offset, wrapped round the path's end (`0...1` whole when it
    /// spans the length; none when start and end meet).
    static func windows(start: Double, end: Double, offset: Double) -> [ClosedRange<Double>] {
        let (lower, upper) = (min(start, end) / 100 + offset / 360, max(start, end) / 100 + offset / 360)
        guard lower.isFinite, upper.isFinite, upper > lower else { return [] }
        guard upper - lower < 1 else { return [0...1] }
        let shift = lower.rounded(.down)
        let (from, to) = (lower - shift, upper - shift)
        return to <= 1 ? [from...to] : [0...(to - 1), from...1]
    }
}

extension BezierShape {
    /// The parts of the path within `windows` (fractions of its length), each an open path. A
    /// window wrapped round a closed path's end is two parts, each filled on its own, as rlottie
    /// fills them.
    func pieces(within windows: [ClosedRange<Double>]) -> [BezierShape] {
        let segments = cubicSegments
        let lengths = segments.map(\.length)
        let total = lengths.reduce(0, +)
        guard total > 0, total.isFinite, !windows.isEmpty else { return [] }
        if windows == [0...1] { return [self] }
        return windows.compactMap { window in
            Self.piece(from: window.lowerBound * total, to: window.upperBound * total, of: segments, lengths: lengths)
        }
    }

    /// The part from `start` to `end` (distances along the path) as an open path of the cut segments.
    private static func piece(
        from start: Double, to end: Double, of segments: [CubicSegment], lengths: [Double]
    ) -> BezierShape? {
        guard end > start else { return nil }
        var cut: [CubicSegment] = []
        var travelled = 0.0
        for (segment, length) in zip(segments, lengths) where travelled < end {
            let (from, to) = (max(start - travelled, 0), min(end - travelled, length))
            if to > from {
                cut.append(segment.part(from: segment.parameter(atLength: from), to: segment.parameter(atLength: to)))
            }
            travelled += length
        }
        guard let first = cut.first else { return nil }
        var vertices = [first.p0]
        var ins = [CGPoint.zero]
        var outs: [CGPoint] = []
        for segment in cut {
            outs.append(segment.p1 - segment.p0)
            vertices.append(segment.p3)
            ins.append(segment.p2 - segment.p3)
        }
        outs.append(.zero)
        return BezierShape(closed: false, vertices: vertices, inTangents: ins, outTangents: outs)
    }

    /// The path's length (its segments' chords, `CubicSegment.chords` each).
    var length: Double { cubicSegments.map(\.length).reduce(0, +) }

    /// The path's segments as cubic Béziers, the closing one included.
    private var cubicSegments: [CubicSegment] {
        let count = vertices.count
        guard count > 1 else { return [] }
        return (0..<(closed ? count : count - 1)).map { index in
            let next = (index + 1) % count
            return CubicSegment(
                p0: vertices[index], p1: vertices[index] + outTangents[index], p2: vertices[next] + inTangents[next],
                p3: vertices[next])
        }
    }
}
