import Foundation

@testable import SceneCore

/// The cubic Bézier timing curve through (0,0), (x1,y1), (x2,y2), (1,1) at input `x`, solved
/// here by bisection, independently of `CAMediaTimingFunction.value(at:)`.
func bezierTiming(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func curve(_ a: Double, _ b: Double, _ s: Double) -> Double {
        3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s
    }
    var (low, high) = (0.0, 1.0)
    for _ in 0..<200 {
        let mid = (low + high) / 2
        if curve(x1, x2, mid) < x { low = mid } else { high = mid }
    }
    return curve(y1, y2, (low + high) / 2)
}

/// The control points of the named timing functions (Apple's CAAnimation documentation), rounded to
/// `Float` as `CAMediaTimingFunction` stores them (0.42 as a Float is 0.41999998...).
enum NamedCurve {
    static let easeIn = points(0.42, 0, 1, 1)
    static let easeOut = points(0, 0, 0.58, 1)
    static let easeInEaseOut = points(0.42, 0, 0.58, 1)
    static let `default` = points(0.25, 0.1, 0.25, 1)

    private static func points(_ a: Float, _ b: Float, _ c: Float, _ d: Float) -> (Double, Double, Double, Double) {
        (Double(a), Double(b), Double(c), Double(d))
    }

    static func value(_ c: (Double, Double, Double, Double), at x: Double) -> Double {
        bezierTiming(c.0, c.1, c.2, c.3, at: x)
    }
}

/// Records what an animation's delegate hears, in order.
final class DelegateLog: CAAnimationDelegate, Sendable {
    private let entries = Locked<[String]>([])

    func animationDidStart(_ anim: CAAnimation) { entries.withLock { $0.append("start") } }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        entries.withLock { $0.append("stop(\(flag))") }
    }

    var calls: [String] { entries.withLock { $0 } }
}

/// An action that records the events it was run for and the objects it was run on.
final class RecordingAction: CAAction, @unchecked Sendable {
    private let lock = NSLock()
    private var runs: [(event: String, object: AnyObject)] = []

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        lock.withLock { runs.append((event, anObject as AnyObject)) }
    }

    /// The events run, in order.
    var events: [String] { lock.withLock { runs.map(\.event) } }

    /// Whether every run was on `object`.
    func ranOnly(on object: AnyObject) -> Bool { lock.withLock { runs.allSatisfy { $0.object === object } } }
}
