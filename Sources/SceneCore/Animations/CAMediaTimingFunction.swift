import Foundation

/// The names of Core Animation's predefined timing curves (Apple's Swift overlay spells the type at
/// the top level: `CAMediaTimingFunction(name: .easeIn)`, `let n: CAMediaTimingFunctionName = .linear`).
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Constant pace from start to end: the control points (0, 0) and (1, 1).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Starts slowly and speeds up: control points (0.42, 0) and (1, 1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Starts quickly and slows down to the end: control points (0, 0) and (0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Slow at both ends, fastest in the middle: control points (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The curve of implicit animations: (0.25, 0.1), (0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1) with two control points.
///
/// Two timing functions are equal (`==`, `isEqual(_:)`) when their control points are. Timing
/// functions conform to `NSSecureCoding`: they archive their control points.
public final class CAMediaTimingFunction: NSObject, NSSecureCoding, Sendable {
    /// The nested spelling of `CAMediaTimingFunctionName`.
    public typealias Name = CAMediaTimingFunctionName

    /// The first and second control points.
    let c1: (x: Float, y: Float)
    let c2: (x: Float, y: Float)
    /// The curve as the evaluator computes it.
    let curve: TimingCurve

    /// A curve with the given control points; x values are clamped to [0, 1].
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        c1 = (min(max(c1x, 0), 1), c1y)
        c2 = (min(max(c2x, 0), 1), c2y)
        curve = TimingCurve(c1, c2)
        super.init()
    }

    /// The curve's output for input time `x` in [0, 1] (inputs outside are clamped); it may
    /// overshoot [0, 1] when a control point's y does.
    func value(at x: Double) -> Double { curve.value(at: x) }

    /// One of the predefined curves, with Apple's control points.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// True: timing functions are unarchived with `NSKeyedUnarchiver`'s secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the two control points.
    public func encode(with coder: NSCoder) {
        coder.encode(c1.x, forKey: "c1x")
        coder.encode(c1.y, forKey: "c1y")
        coder.encode(c2.x, forKey: "c2x")
        coder.encode(c2.y, forKey: "c2y")
    }

    /// Unarchives a timing function with the archived control points; nil when they are
    /// missing (where the coder's failure policy lets a decode fail; otherwise linear pacing).
    public convenience init?(coder: NSCoder) {
        let keys = ["c1x", "c1y", "c2x", "c2y"]
        guard keys.allSatisfy(coder.containsValue(forKey:)) else {
            coder.refuseDecoding("CAMediaTimingFunction: the control points are missing")
            if coder.failsDecoding { return nil }
            self.init(controlPoints: 0, 0, 1, 1)
            return
        }
        let points = keys.map { coder.decodeFloat(forKey: $0) }
        self.init(controlPoints: points[0], points[1], points[2], points[3])
    }

    /// Control point `index` (0 and 3 are the fixed ends (0, 0) and (1, 1)) written to `ptr[0...1]`.
    public func getControlPoint(at index: Int, values ptr: UnsafeMutablePointer<Float>) {
        let point: (Float, Float) =
            switch index {
            case 1: c1
            case 2: c2
            case 3: (1, 1)
            default: (0, 0)
            }
        ptr[0] = point.0
        ptr[1] = point.1
    }

    /// Whether `object` is a timing function with the same control points.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAMediaTimingFunction else { return false }
        return c1 == other.c1 && c2 == other.c2
    }

    /// A hash of the control points, consistent with `isEqual(_:)`.
    public override var hash: Int {
        var hasher = Hasher()
        for value in [c1.x, c1.y, c2.x, c2.y] { hasher.combine(value) }
        return hasher.finalize()
    }

    public override var description: String { "CAMediaTimingFunction(\(c1.x), \(c1.y), \(c2.x), \(c2.y))" }
}
