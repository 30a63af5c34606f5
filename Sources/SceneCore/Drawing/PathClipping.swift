import Foundation

/// A path cut down to a rectangle in device space that Cairo can hold, so that a path with huge
/// coordinates draws the part near the backing store exactly as exact arithmetic would.
///
/// Cairo keeps device coordinates in 24.8 fixed point: beyond about 8.3 million pixels they
/// wrap around, and a vertex at x = 1e9 lands somewhere else entirely. The safe rectangle is
/// the store widened by `safeMargin` (2^21 pixels) on every side, well inside that range
/// even with a stroke of `ShapeDrawing.maximumDeviceLineWidth` around it. A path whose points
/// (control points included) all lie in it is handed to Cairo unchanged; otherwise:
///
/// - a fill clips each subpath as a polygon against the rectangle (Sutherland–Hodgman), which
///   keeps the winding number, and so both fill rules, everywhere inside it;
/// - a stroke cuts each segment where it leaves the rectangle and drops what lies beyond, so
///   subpaths break into open pieces there (a closed subpath whose start is inside stays
///   joined at its start); nothing is added along the rectangle;
/// - a curve reaching out of the rectangle is split until each piece lies inside it (kept as a
///   curve) or lies wholly beyond one side of the store widened by `innerMargin` (2^20
///   pixels), where its chord stands in for it: the two differ only inside the piece's
///   control polygon, a million pixels from the store.
///
/// For a stroke, the store is unchanged as long as the stroke reaches less than `innerMargin`
/// from its path (half the line width times the miter limit, in device pixels). A dashed stroke
/// keeps its dash phase: a piece that starts where the path comes back into the rectangle
/// begins with a lead-in along its first segment, outside, as long as the path's length up to
/// that point modulo the dash pattern's length (so the lead-in is shorter than the pattern).
/// The store is then unchanged as long as the pattern is shorter than `innerMargin` pixels,
/// with two exceptions: lines' lengths are exact but curves' are estimated (to about a
/// millionth), so after a far curve the phase is only as good as that; and a dashed closed
/// subpath that is cut is not joined at its start (the join would carry the phase on round
/// the start), so a dash running through the start ends there in two caps instead of a join.
struct PathClipping {
    /// How far beyond the store the safe rectangle reaches, in device pixels (2^21).
    static let safeMargin: CGFloat = 2_097_152
    /// How far from the store a curve piece may be replaced by its chord, in device pixels (2^20).
    static let innerMargin: CGFloat = 1_048_576
    /// How often a curve is halved at most: enough for a curve spanning 2^180 (about 1e54)
    /// device pixels to come down to pieces within or beyond the margins. A piece still
    /// undecided then (a larger curve) is drawn as its chord.
    private static let maximumSplits = 160

    /// A side of a rectangle in device space, as a function of user-space points that is at
    /// least 0 inside.
    private struct Side {
        var x: CGFloat
        var y: CGFloat
        var constant: CGFloat

        func value(_ p: CGPoint) -> CGFloat { x * p.x + y * p.y + constant }

        /// Where the segment from `a` to `b` (on opposite sides) crosses this side.
        func crossing(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
            let fa = value(a)
            let t = fa / (fa - value(b))
            return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
    }

    /// The safe rectangle's sides.
    private let safe: [Side]
    /// The sides of the store widened by `innerMargin`.
    private let inner: [Side]

    /// Clipping for drawing with `transform` from user space to device space onto a store that
    /// covers `store` in device space.
    init(transform t: CGAffineTransform, store: CGRect) {
        func sides(_ margin: CGFloat) -> [Side] {
            [
                Side(x: t.a, y: t.c, constant: t.tx - store.minX + margin),
                Side(x: -t.a, y: -t.c, constant: store.maxX + margin - t.tx),
                Side(x: t.b, y: t.d, constant: t.ty - store.minY + margin),
                Side(x: -t.b, y: -t.d, constant: store.maxY + margin - t.ty),
            ]
        }
        safe = sides(Self.safeMargin)
        inner = sides(Self.innerMargin)
    }

    /// Whether every point of `elements`, control points included, lies in the safe rectangle.
    func contains(_ elements: [CGPathElementKind]) -> Bool {
        elements.allSatisfy { $0.points.allSatisfy(isSafe) }
    }

    /// `elements` unchanged when they lie in the safe rectangle; otherwise each subpath
    /// clipped to it as a polygon, for filling.
    func fill(_ elements: [CGPathElementKind]) -> [CGPathElementKind] {
        clipSubpaths(elements) { subpath in
            // Each vertex with the edge that reaches it; the first one's is the closing line.
            var polygon = [Vertex(point: subpath.start, edge: .line)]
            var last = subpath.start
            for segment in subpath.segments {
                polygon += pieces(from: last, segment)
                last = segment.end
            }
            for side in safe { polygon = Self.clip(polygon, to: side) }
            guard let first = polygon.first else { return [] }
            var result: [CGPathElementKind] = [.moveToPoint(first.point)]
            result += polygon.dropFirst().map { $0.element }
            if case .curve = first.edge { result.append(first.element) }
            result.append(.closeSubpath)
            return result
        }
    }

    /// `elements` unchanged when they lie in the safe rectangle; otherwise each subpath that
    /// lies in it as it is, and each one that leaves it replaced by `clipped(subpath)`.
    private func clipSubpaths(
        _ elements: [CGPathElementKind], _ clipped: (Subpath) -> [CGPathElementKind]
    ) -> [CGPathElementKind] {
        guard !contains(elements) else { return elements }
        var result: [CGPathElementKind] = []
        for subpath in Self.subpaths(of: elements) {
            result += subpath.points.allSatisfy(isSafe) ? subpath.elements : clipped(subpath)
        }
        return result
    }

    /// `elements` unchanged when they lie in the safe rectangle; otherwise each subpath cut
    /// where it leaves the rectangle, for stroking. With `dashLength` (the dash pattern's
    /// length, in user space), pieces starting on the way back in get a lead-in that keeps
    /// the dash phase.
    func stroke(_ elements: [CGPathElementKind], dashLength: CGFloat? = nil) -> [CGPathElementKind] {
        clipSubpaths(elements) { subpath in
            var segments = subpath.segments
            if subpath.isClosed { segments.append(.line(subpath.start)) }
            var pieces: [[CGPathElementKind]] = []
            var current: [CGPathElementKind] = []
            // Whether the subpath was cut, and the length along it so far.
            var wasCut = false
            var travelled: CGFloat = 0
            var last = subpath.start
            func finish() {
                if !current.isEmpty { pieces.append(current) }
                current = []
            }
            for segment in segments {
                for vertex in self.pieces(from: last, segment) {
                    let a = last
                    last = vertex.point
                    let chord = hypot(vertex.point.x - a.x, vertex.point.y - a.y)
                    // A curve piece's own length, not its chord's, for the dash phase.
                    let length = dashLength != nil ? vertex.curve.map { Self.length(ofCurve: $0) } ?? chord : chord
                    defer { travelled += length }
                    if case .curve = vertex.edge {
                        if current.isEmpty { current = [.moveToPoint(a)] }
                        current.append(vertex.element)
                        continue
                    }
                    guard let (t0, t1) = span(from: a, to: vertex.point) else {
                        finish()
                        wasCut = true
                        continue
                    }
                    let entry = t0 > 0 ? point(a, vertex.point, t0) : a
                    if current.isEmpty {
                        current = [.moveToPoint(entry)]
                        let distance = travelled + length * t0
                        if let dashLength, distance > 0, chord > 0 {
                            // A lead-in back along the segment, as long as the dash pattern has
                            // run on the path up to here (modulo its length).
                            let back = distance.truncatingRemainder(dividingBy: dashLength) / chord
                            let start = CGPoint(
                                x: entry.x - (vertex.point.x - a.x) * back, y: entry.y - (vertex.point.y - a.y) * back)
                            current = [.moveToPoint(start), .addLineToPoint(entry)]
                        }
                    }
                    current.append(.addLineToPoint(t1 < 1 ? point(a, vertex.point, t1) : vertex.point))
                    if t1 < 1 {
                        finish()
                        wasCut = true
                    }
                }
            }
            if !wasCut, subpath.isClosed, !current.isEmpty {
                // Nothing was cut away (curves' control points only were out of range).
                current.removeLast()
                return current + [.closeSubpath]
            }
            if subpath.isClosed, dashLength == nil, !current.isEmpty, let first = pieces.first,
                first.first == .moveToPoint(subpath.start)
            {
                // The piece running into the start goes on into the first, joined at the start.
                pieces[0] = current + first.dropFirst()
                current = []
            }
            finish()
            return Array(pieces.joined())
        }
    }

    // MARK: - Pieces

    private func isSafe(_ p: CGPoint) -> Bool { safe.allSatisfy { $0.value(p) >= 0 } }

    /// The part of the segment from `a` to `b` inside the safe rectangle, as fractions of it
    /// (Liang–Barsky); nil when it misses the rectangle.
    private func span(from a: CGPoint, to b: CGPoint) -> (CGFloat, CGFloat)? {
        var t0: CGFloat = 0
        var t1: CGFloat = 1
        for side in safe {
            let fa = side.value(a)
            let fb = side.value(b)
            if fa < 0 && fb < 0 { return nil }
            if fa < 0 { t0 = max(t0, fa / (fa - fb)) } else if fb < 0 { t1 = min(t1, fa / (fa - fb)) }
        }
        return t0 <= t1 ? (t0, t1) : nil
    }

    private func point(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    /// The vertices `segment` from `start` becomes: a line as it is; a curve split into pieces
    /// inside the safe rectangle (kept as curves) and chords of pieces far from the store.
    private func pieces(from start: CGPoint, _ segment: Segment) -> [Vertex] {
        switch segment {
        case .line(let end): return [Vertex(point: end, edge: .line)]
        case .curve(let controls, let end):
            var result: [Vertex] = []
            split([start] + controls + [end], depth: 0, into: &result)
            return result
        }
    }

    /// Appends the vertices for the curve with control polygon `points`, halving it as needed.
    private func split(_ points: [CGPoint], depth: Int, into result: inout [Vertex]) {
        let end = points[points.count - 1]
        if points.allSatisfy(isSafe) {
            return result.append(
                Vertex(point: end, edge: .curve(Array(points.dropFirst().dropLast())), curve: points))
        }
        let far = inner.contains { side in points.allSatisfy { side.value($0) < 0 } }
        if far || depth >= Self.maximumSplits {
            return result.append(Vertex(point: end, edge: .line, curve: points))
        }
        let (left, right) = Self.halves(points)
        split(left, depth: depth + 1, into: &result)
        split(right, depth: depth + 1, into: &result)
    }

    /// The control polygons of the two halves of the curve with control polygon `points`
    /// (de Casteljau at t = 0.5).
    private static func halves(_ points: [CGPoint]) -> ([CGPoint], [CGPoint]) {
        var left = [points[0]]
        var right = [points[points.count - 1]]
        var level = points
        while level.count > 1 {
            level = zip(level, level.dropFirst()).map { CGPoint(x: ($0.x + $1.x) / 2, y: ($0.y + $1.y) / 2) }
            left.append(level[0])
            right.insert(level[level.count - 1], at: 0)
        }
        return (left, right)
    }

    /// The length of the curve with control polygon `points`: halved until the polygon is
    /// within a millionth of its chord, then estimated from both (Gravesen).
    private static func length(ofCurve points: [CGPoint], depth: Int = 0) -> CGFloat {
        let chord = hypot(points[points.count - 1].x - points[0].x, points[points.count - 1].y - points[0].y)
        let polygon = zip(points, points.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
        let degree = CGFloat(points.count - 1)
        guard polygon - chord > polygon * 1e-6, depth < 24 else {
            return (2 * chord + (degree - 1) * polygon) / (degree + 1)
        }
        let (left, right) = halves(points)
        return length(ofCurve: left, depth: depth + 1) + length(ofCurve: right, depth: depth + 1)
    }

    /// `polygon` clipped to the inside of `side` (one Sutherland–Hodgman step); curves lie
    /// inside every side and are kept whole.
    private static func clip(_ polygon: [Vertex], to side: Side) -> [Vertex] {
        guard var previous = polygon.last else { return [] }
        var result: [Vertex] = []
        for vertex in polygon {
            let isInside = side.value(vertex.point) >= 0
            let wasInside = side.value(previous.point) >= 0
            if isInside && !wasInside {
                result.append(Vertex(point: side.crossing(previous.point, vertex.point), edge: .line))
                result.append(Vertex(point: vertex.point, edge: .line))
            } else if isInside {
                result.append(vertex)
            } else if wasInside {
                result.append(Vertex(point: side.crossing(previous.point, vertex.point), edge: .line))
            }
            previous = vertex
        }
        return result
    }

    // MARK: - Subpaths

    /// A point reached by a line or by a curve with the given control points.
    private struct Vertex {
        enum Edge {
            case line
            case curve([CGPoint])
        }
        var point: CGPoint
        var edge: Edge
        /// The control polygon of the curve piece the edge draws or stands in for; nil for a line.
        var curve: [CGPoint]? = nil

        /// The path element drawing the edge to this vertex.
        var element: CGPathElementKind {
            switch edge {
            case .curve(let c) where c.count == 1: .addQuadCurveToPoint(control: c[0], to: point)
            case .curve(let c) where c.count == 2: .addCurveToPoint(control1: c[0], control2: c[1], to: point)
            default: .addLineToPoint(point)
            }
        }
    }

    private enum Segment {
        case line(CGPoint)
        case curve([CGPoint], CGPoint)

        var end: CGPoint {
            switch self {
            case .line(let p), .curve(_, let p): p
            }
        }
    }

    /// One subpath: where it starts, its segments and whether it is closed.
    private struct Subpath {
        var start: CGPoint
        var segments: [Segment] = []
        var isClosed = false

        /// Every point named, the start included.
        var points: [CGPoint] {
            [start]
                + segments.flatMap { segment -> [CGPoint] in
                    switch segment {
                    case .line(let p): [p]
                    case .curve(let c, let p): c + [p]
                    }
                }
        }

        /// The subpath as path elements, starting with a move.
        var elements: [CGPathElementKind] {
            var result: [CGPathElementKind] = [.moveToPoint(start)]
            for segment in segments {
                switch segment {
                case .line(let p): result.append(.addLineToPoint(p))
                case .curve(let c, let p):
                    result.append(
                        c.count == 1
                            ? .addQuadCurveToPoint(control: c[0], to: p)
                            : .addCurveToPoint(control1: c[0], control2: c[1], to: p))
                }
            }
            if isClosed { result.append(.closeSubpath) }
            return result
        }
    }

    /// The subpaths of `elements`, as Cairo reads them: a segment after a close starts a new
    /// subpath at the closed one's start, and one with no current point starts at its first point.
    private static func subpaths(of elements: [CGPathElementKind]) -> [Subpath] {
        var result: [Subpath] = []
        var current: Subpath?
        var start: CGPoint?
        func begin(_ segment: Segment, first: CGPoint) {
            if current == nil { current = Subpath(start: start ?? first) }
            if start == nil { start = first }
            current?.segments.append(segment)
        }
        for element in elements {
            switch element {
            case .moveToPoint(let p):
                if let current { result.append(current) }
                current = Subpath(start: p)
                start = p
            case .addLineToPoint(let p): begin(.line(p), first: p)
            case .addQuadCurveToPoint(let c, let p): begin(.curve([c], p), first: c)
            case .addCurveToPoint(let c1, let c2, let p): begin(.curve([c1, c2], p), first: c1)
            case .closeSubpath:
                current?.isClosed = true
                if let current { result.append(current) }
                current = nil
            }
        }
        if let current { result.append(current) }
        return result
    }
}
