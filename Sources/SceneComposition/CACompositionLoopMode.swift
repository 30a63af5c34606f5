import Foundation

/// How a `CACompositionLayer` plays its range of frames: once, forever, back and forth, or a
/// number of times. Each maps onto the `CAMediaTiming` of the composition's animations
/// (`repeatCount`, `autoreverses`), so the render thread loops with no app-thread work.
public enum CACompositionLoopMode: Equatable, Sendable {
    /// Plays the range once and holds its last frame.
    case playOnce
    /// Plays the range again and again.
    case loop
    /// Plays the range forwards, then backwards, again and again.
    case autoReverse
    /// Plays the range `count` times (fractions play part of the last time) and holds where it ends.
    case `repeat`(Float)
    /// Plays the range forwards then backwards `count` times and holds where it ends.
    case repeatBackwards(Float)

    /// The `repeatCount` of the timing this mode maps to.
    var repeatCount: Float {
        switch self {
        case .playOnce: 1
        case .loop, .autoReverse: .infinity
        case .repeat(let count), .repeatBackwards(let count): count.isFinite ? max(count, 0) : .infinity
        }
    }

    /// Whether each repetition plays forwards and then backwards.
    var autoreverses: Bool {
        switch self {
        case .autoReverse, .repeatBackwards: true
        case .playOnce, .loop, .repeat: false
        }
    }
}
