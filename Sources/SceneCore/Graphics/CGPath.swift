import Foundation

/// How a path's inside is decided where it crosses itself.
public enum CGPathFillRule: Int, Sendable {
    /// Inside where the winding number is not zero.
    case winding
    /// Inside where a ray crosses the path an odd number of times.
    case evenOdd
}

/// One step of a path: the Core Graphics element kinds.
public enum CGPathElementKind: Sendable, Equatable {
    /// Starts a new subpath at the point.
    case moveToPoint(CGPoint)
    /// A straight line from the current point to the point.
    case addLineToPoint(CGPoint)
    /// A quadratic Bézier curve from the current point to `to`, shaped by one control point.
    case addQuadCurveToPoint(control: CGPoint, to: CGPoint)
    /// A cubic Bézier curve from the current point to `to`, shaped by two control points.
    case addCurveToPoint(control1: CGPoint, control2: CGPoint, to: CGPoint)
    /// A straight line back to the start of the current subpath, which it closes.
    case closeSubpath
}

/// An immutable graphics path, as in Core Graphics: subpaths of lines and quadratic and
/// cubic Bézier curves (arcs, ellipses and rounded rectangles become curves).
///
/// Paths are values in all but name: a `CGPath` never changes, so layers and the render
/// side share them freely; `CGMutablePath` is the mutable subclass, and a layer keeps an
/// immutable copy of one it is given.
///
/// Coordinates must be finite: the calls that build a path refuse a NaN or infinite point,
/// angle or radius (after their transform) with a logged error and leave the path as it was.
/// Huge finite coordinates are kept; flattening them never traps, and a point that a
/// transform or an interpolation made non-finite is left out of the flattened path.
public class CGPath: @unchecked Sendable, Equatable, CustomStringConvertible {
    /// The elements, in order.
    public internal(set) var elements: [CGPathElementKind]

    init(elements: [CGPathElementKind]) { self.elements = elements }

    /// A rectangle, optionally transformed.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// An ellipse inscribed in `rect`, optionally transformed.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// A rounded rectangle, optionally transformed.
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>? = nil
    ) {
        let path = CGMutablePath()
        path.addRoundedRect(
            in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(elements: elements) }

    /// An immutable copy with every point transformed.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return copy() }
        return CGPath(elements: elements.map { $0.applying(t) })
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The end point of the last element (the start of the subpath after a close); `.zero` when empty.
    public var currentPoint: CGPoint {
        var start = CGPoint.zero
        var current = CGPoint.zero
        for element in elements {
            switch element {
            case .moveToPoint(let p): (start, current) = (p, p)
            case .addLineToPoint(let p), .addQuadCurveToPoint(_, let p), .addCurveToPoint(_, _, let p): current = p
            case .closeSubpath: current = start
            }
        }
        return current
    }

    /// The smallest rectangle containing every point of the path, control points included
    /// (`.null` for an empty path).
    public var boundingBox: CGRect {
        CGRect.bounding(elements.flatMap(\.points)).nullIfEmpty(elements.isEmpty)
    }

    /// The smallest rectangle containing the path itself (curves' extremes, not their control points).
    public var boundingBoxOfPath: CGRect {
        CGRect.bounding(polygons(tolerance: 0.01).flatMap { $0 }).nullIfEmpty(elements.isEmpty)
    }

    /// Whether `point` is inside the filled path under `rule` (after `transform`, if given).
    public func contains(
        _ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity
    ) -> Bool {
        let p = transform.isIdentity ? point : point.applying(transform.inverted())
        var winding = 0
        for polygon in polygons(tolerance: 0.05) where polygon.count > 1 {
            for (a, b) in zip(polygon, polygon.dropFirst() + [polygon[0]]) {
                if a.y <= p.y {
                    if b.y > p.y && cross(a, b, p) > 0 { winding += 1 }
                } else if b.y <= p.y && cross(a, b, p) < 0 {
                    winding -= 1
                }
            }
        }
        return rule == .winding ? winding != 0 : winding % 2 != 0
    }

    /// Each subpath flattened to a polygon, curves split until within `tolerance` points.
    func polygons(tolerance: CGFloat) -> [[CGPoint]] {
        flattenedSubpaths(tolerance: tolerance).map(\.points)
    }

    /// Each subpath flattened to points (curves split until within `tolerance` points), and
    /// whether it was closed with `closeSubpath()`.
    func flattenedSubpaths(tolerance: CGFloat) -> [(points: [CGPoint], isClosed: Bool)] {
        var result: [(points: [CGPoint], isClosed: Bool)] = []
        var current: [CGPoint] = []
        var last = CGPoint.zero
        func finish(closed: Bool) {
            if !current.isEmpty { result.append((current, closed)) }
            current = []
        }
        for element in elements where element.points.allSatisfy(\.isFiniteValue) {
            switch element {
            case .moveToPoint(let p):
                finish(closed: false)
                current = [p]
                last = p
            case .addLineToPoint(let p):
                if current.isEmpty { current = [last] }
                current.append(p)
                last = p
            case .addQuadCurveToPoint(let c, let p):
                if current.isEmpty { current = [last] }
                let c1 = CGPoint(x: last.x + 2 / 3 * (c.x - last.x), y: last.y + 2 / 3 * (c.y - last.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                current += Self.flatten(last, c1, c2, p, tolerance: tolerance)
                last = p
            case .addCurveToPoint(let c1, let c2, let p):
                if current.isEmpty { current = [last] }
                current += Self.flatten(last, c1, c2, p, tolerance: tolerance)
                last = p
            case .closeSubpath:
                if let first = current.first { last = first }
                finish(closed: true)
            }
        }
        finish(closed: false)
        return result
    }

    /// Points along a cubic Bézier (excluding its start), enough that chords stay within
    /// `tolerance`, at most 1,000; points that overflow to infinity are left out.
    private static func flatten(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, tolerance: CGFloat)
        -> [CGPoint]
    {
        let length = hypot(p1.x - p0.x, p1.y - p0.y) + hypot(p2.x - p1.x, p2.y - p1.y) + hypot(p3.x - p2.x, p3.y - p2.y)
        // Counted in floating point and clamped before the conversion: huge lengths need more
        // steps than an Int holds, and an overflowing length is infinite or NaN.
        let wanted = (length / max(tolerance, 0.001)).squareRoot().rounded(.up)
        let steps = wanted.isNaN ? 1000 : Int(min(max(wanted, 1), 1000))
        return (1...steps).compactMap { i in
            let t = CGFloat(i) / CGFloat(steps)
            let u = 1 - t
            let a = u * u * u
            let b = 3 * u * u * t
            let c = 3 * u * t * t
            let d = t * t * t
            let point = CGPoint(
                x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
            return point.isFiniteValue ? point : nil
        }
    }

    private func cross(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }

    /// The path `fraction` of the way from `a` to `b`, point by point; nil unless the two have
    /// the same elements in the same order (Core Animation leaves other pairs undefined).
    static func interpolated(from a: CGPath, to b: CGPath, fraction f: CGFloat) -> CGPath? {
        guard a.elements.count == b.elements.count else { return nil }
        func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint { CGPoint(x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f) }
        var elements: [CGPathElementKind] = []
        elements.reserveCapacity(a.elements.count)
        for (x, y) in zip(a.elements, b.elements) {
            switch (x, y) {
            case (.moveToPoint(let p), .moveToPoint(let q)): elements.append(.moveToPoint(mix(p, q)))
            case (.addLineToPoint(let p), .addLineToPoint(let q)): elements.append(.addLineToPoint(mix(p, q)))
            case (.addQuadCurveToPoint(let c, let p), .addQuadCurveToPoint(let d, let q)):
                elements.append(.addQuadCurveToPoint(control: mix(c, d), to: mix(p, q)))
            case (.addCurveToPoint(let c1, let c2, let p), .addCurveToPoint(let d1, let d2, let q)):
                elements.append(.addCurveToPoint(control1: mix(c1, d1), control2: mix(c2, d2), to: mix(p, q)))
            case (.closeSubpath, .closeSubpath): elements.append(.closeSubpath)
            default: return nil
            }
        }
        return CGPath(elements: elements)
    }

    public static func == (a: CGPath, b: CGPath) -> Bool { a === b || a.elements == b.elements }

    public var description: String { "CGPath(\(elements.count) elements, bounds \(boundingBox))" }
}

/// A path that can be built up, as in Core Graphics.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path, to build with `move(to:)`, `addLine(to:)`, `addRect(_:)` and the other `add`
    /// calls.
    public init() { super.init(elements: []) }

    override init(elements: [CGPathElementKind]) { super.init(elements: elements) }

    /// Appends `element` unless one of its points is not finite, which is refused with a logged
    /// error naming `operation`.
    private func append(_ element: CGPathElementKind, _ operation: String) {
        guard element.points.allSatisfy(\.isFiniteValue) else {
            return Diagnostics.error("CGMutablePath.\(operation): refused \(element): coordinates must be finite")
        }
        elements.append(element)
    }

    /// Starts a new subpath at `point` (a non-finite point is refused with a logged error).
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(.moveToPoint(point.applying(transform)), "move(to:)")
    }

    /// A straight line from the current point to `point` (a non-finite point is refused with a
    /// logged error).
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(.addLineToPoint(point.applying(transform)), "addLine(to:)")
    }

    /// A subpath through `points`, in order.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for point in points.dropFirst() { addLine(to: point, transform: transform) }
    }

    /// A cubic Bézier curve from the current point to `end` (non-finite points are refused with
    /// a logged error).
    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        append(
            .addCurveToPoint(
                control1: control1.applying(transform), control2: control2.applying(transform),
                to: end.applying(transform)), "addCurve(to:control1:control2:)")
    }

    /// A quadratic Bézier curve from the current point to `end` (non-finite points are refused
    /// with a logged error).
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        append(
            .addQuadCurveToPoint(control: control.applying(transform), to: end.applying(transform)),
            "addQuadCurve(to:control:)")
    }

    /// A closed rectangle subpath (a rectangle with a non-finite coordinate is refused with a
    /// logged error).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        guard rect.isFiniteValue else {
            return Diagnostics.error("CGMutablePath.addRect: refused \(rect): coordinates must be finite")
        }
        let r = rect.standardized
        addLines(
            between: [
                CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY),
            ], transform: transform)
        closeSubpath()
    }

    /// Closed rectangle subpaths.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// A closed ellipse inscribed in `rect`, drawn as four cubic curves (a rectangle with a
    /// non-finite coordinate is refused with a logged error).
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        guard rect.isFiniteValue else {
            return Diagnostics.error("CGMutablePath.addEllipse: refused \(rect): coordinates must be finite")
        }
        let r = rect.standardized
        addArcs(
            center: CGPoint(x: r.midX, y: r.midY), radii: CGSize(width: r.width / 2, height: r.height / 2),
            from: 0, to: 2 * .pi, startsSubpath: true, transform: transform)
        closeSubpath()
    }

    /// A closed rounded rectangle whose corners are quarter ellipses of the given width and height.
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity
    ) {
        guard rect.isFiniteValue, cornerWidth.isFinite, cornerHeight.isFinite else {
            return Diagnostics.error(
                "CGMutablePath.addRoundedRect: refused \(rect) with corners \(cornerWidth)x\(cornerHeight): "
                    + "values must be finite")
        }
        let r = rect.standardized
        let w = min(max(cornerWidth, 0), r.width / 2)
        let h = min(max(cornerHeight, 0), r.height / 2)
        guard w > 0, h > 0 else { return addRect(r, transform: transform) }
        let radii = CGSize(width: w, height: h)
        move(to: CGPoint(x: r.minX + w, y: r.minY), transform: transform)
        addArcs(
            center: CGPoint(x: r.maxX - w, y: r.minY + h), radii: radii, from: -.pi / 2, to: 0,
            startsSubpath: false, transform: transform)
        addArcs(
            center: CGPoint(x: r.maxX - w, y: r.maxY - h), radii: radii, from: 0, to: .pi / 2,
            startsSubpath: false, transform: transform)
        addArcs(
            center: CGPoint(x: r.minX + w, y: r.maxY - h), radii: radii, from: .pi / 2, to: .pi,
            startsSubpath: false, transform: transform)
        addArcs(
            center: CGPoint(x: r.minX + w, y: r.minY + h), radii: radii, from: .pi, to: 3 * .pi / 2,
            startsSubpath: false, transform: transform)
        closeSubpath()
    }

    /// An arc of a circle from `startAngle` to `endAngle` (radians; with y down, increasing
    /// angles turn clockwise on screen), joined to the current point by a line.
    ///
    /// `clockwise` follows Core Graphics' meaning in its own y-up space: true draws with
    /// decreasing angles. When the two angles are a full turn or more apart, in either
    /// direction, the arc is one whole circle drawn in the given direction (so 0 to 2π is a circle
    /// whichever way it is drawn, as in Core Graphics); otherwise the end angle is brought within
    /// one turn of the start in the drawing direction. A non-finite center, radius or angle is
    /// refused with a logged error.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        guard center.isFiniteValue, radius.isFinite, startAngle.isFinite, endAngle.isFinite else {
            return Diagnostics.error(
                "CGMutablePath.addArc: refused center \(center), radius \(radius), angles \(startAngle) to "
                    + "\(endAngle): values must be finite")
        }
        let turn = 2 * CGFloat.pi
        let difference = endAngle - startAngle
        var sweep: CGFloat
        // A difference of huge angles can itself overflow; such an arc is a whole turn.
        if !difference.isFinite || abs(difference) >= turn {
            sweep = clockwise ? -turn : turn
        } else {
            sweep = difference
            if clockwise, sweep > 0 { sweep -= turn }
            if !clockwise, sweep < 0 { sweep += turn }
        }
        addArcs(
            center: center, radii: CGSize(width: radius, height: radius), from: startAngle, to: startAngle + sweep,
            startsSubpath: elements.isEmpty, transform: transform)
    }

    /// An arc of a circle turning `delta` radians from `startAngle` (positive deltas turn toward
    /// increasing angles, clockwise on screen with y down), joined to the current point by a line.
    /// A delta of more than a turn either way draws one whole circle; a non-finite value is refused
    /// with a logged error.
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform: CGAffineTransform = .identity
    ) {
        guard center.isFiniteValue, radius.isFinite, startAngle.isFinite, delta.isFinite else {
            return Diagnostics.error(
                "CGMutablePath.addRelativeArc: refused center \(center), radius \(radius), angle \(startAngle), "
                    + "delta \(delta): values must be finite")
        }
        let turn = 2 * CGFloat.pi
        addArcs(
            center: center, radii: CGSize(width: radius, height: radius), from: startAngle,
            to: startAngle + min(max(delta, -turn), turn), startsSubpath: elements.isEmpty, transform: transform)
    }

    /// An arc of `radius` tangent to the line from the current point to `tangent1End` and to
    /// the line from there to `tangent2End`, joined to the current point by a line.
    public func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity
    ) {
        let p0 = currentPoint
        let p1 = tangent1End
        let p2 = tangent2End
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y)
        let v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = hypot(v1.x, v1.y)
        let l2 = hypot(v2.x, v2.y)
        let angle = acos(max(-1, min(1, (v1.x * v2.x + v1.y * v2.y) / (l1 * l2))))
        guard l1 > 0, l2 > 0, radius > 0, angle.isFinite, angle > 1e-9, abs(angle - .pi) > 1e-9 else {
            return addLine(to: p1, transform: transform)
        }
        let distance = radius / tan(angle / 2)
        let u1 = CGPoint(x: v1.x / l1, y: v1.y / l1)
        let u2 = CGPoint(x: v2.x / l2, y: v2.y / l2)
        let start = CGPoint(x: p1.x + u1.x * distance, y: p1.y + u1.y * distance)
        let end = CGPoint(x: p1.x + u2.x * distance, y: p1.y + u2.y * distance)
        let bisector = CGPoint(x: u1.x + u2.x, y: u1.y + u2.y)
        let bl = hypot(bisector.x, bisector.y)
        let centerDistance = radius / sin(angle / 2)
        let center = CGPoint(x: p1.x + bisector.x / bl * centerDistance, y: p1.y + bisector.y / bl * centerDistance)
        let a0 = atan2(start.y - center.y, start.x - center.x)
        let a1 = atan2(end.y - center.y, end.x - center.x)
        var sweep = a1 - a0
        if sweep > .pi { sweep -= 2 * .pi } else if sweep < -.pi { sweep += 2 * .pi }
        addLine(to: start, transform: transform)
        addArcs(
            center: center, radii: CGSize(width: radius, height: radius), from: a0, to: a0 + sweep,
            startsSubpath: false, transform: transform)
    }

    /// The elements of `path`, transformed.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        elements += transform.isIdentity ? path.elements : path.elements.map { $0.applying(transform) }
    }

    /// Closes the current subpath with a line back to its start.
    public func closeSubpath() { elements.append(.closeSubpath) }

    /// Elliptic arc from angle `a0` to `a1` as cubic Béziers of at most a quarter turn each.
    private func addArcs(
        center c: CGPoint, radii r: CGSize, from a0: CGFloat, to a1: CGFloat, startsSubpath: Bool,
        transform: CGAffineTransform
    ) {
        func point(_ a: CGFloat) -> CGPoint { CGPoint(x: c.x + r.width * cos(a), y: c.y + r.height * sin(a)) }
        let start = point(a0)
        if startsSubpath { move(to: start, transform: transform) } else { addLine(to: start, transform: transform) }
        let sweep = a1 - a0
        // Callers keep the sweep within a turn; clamped here too before the conversion to Int.
        let quarters = (abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)
        let segments = quarters.isNaN ? 1 : Int(min(max(quarters, 1), 4))
        let step = sweep / CGFloat(segments)
        let k = 4 / 3 * tan(step / 4)
        var a = a0
        for _ in 0..<segments {
            let b = a + step
            let p0 = point(a)
            let p3 = point(b)
            let c1 = CGPoint(x: p0.x - k * r.width * sin(a), y: p0.y + k * r.height * cos(a))
            let c2 = CGPoint(x: p3.x + k * r.width * sin(b), y: p3.y - k * r.height * cos(b))
            addCurve(to: p3, control1: c1, control2: c2, transform: transform)
            a = b
        }
    }
}

extension CGPathElementKind {
    /// The points the element names (control points and end point).
    var points: [CGPoint] {
        switch self {
        case .moveToPoint(let p), .addLineToPoint(let p): [p]
        case .addQuadCurveToPoint(let c, let p): [c, p]
        case .addCurveToPoint(let c1, let c2, let p): [c1, c2, p]
        case .closeSubpath: []
        }
    }

    /// Where the element ends (a move's point), without building `points`; nil for a close.
    var endPoint: CGPoint? {
        switch self {
        case .moveToPoint(let p), .addLineToPoint(let p), .addQuadCurveToPoint(_, let p), .addCurveToPoint(_, _, let p):
            p
        case .closeSubpath: nil
        }
    }

    /// Whether every point the element names is finite (without building `points`).
    var isFinite: Bool {
        switch self {
        case .moveToPoint(let p), .addLineToPoint(let p): p.isFiniteValue
        case .addQuadCurveToPoint(let c, let p): c.isFiniteValue && p.isFiniteValue
        case .addCurveToPoint(let c1, let c2, let p): c1.isFiniteValue && c2.isFiniteValue && p.isFiniteValue
        case .closeSubpath: true
        }
    }

    /// The element with every point transformed.
    func applying(_ t: CGAffineTransform) -> CGPathElementKind {
        switch self {
        case .moveToPoint(let p): .moveToPoint(p.applying(t))
        case .addLineToPoint(let p): .addLineToPoint(p.applying(t))
        case .addQuadCurveToPoint(let c, let p): .addQuadCurveToPoint(control: c.applying(t), to: p.applying(t))
        case .addCurveToPoint(let c1, let c2, let p):
            .addCurveToPoint(control1: c1.applying(t), control2: c2.applying(t), to: p.applying(t))
        case .closeSubpath: .closeSubpath
        }
    }
}

private extension CGRect {
    func nullIfEmpty(_ empty: Bool) -> CGRect { empty ? .null : self }
}
