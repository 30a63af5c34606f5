import Foundation

// Names that code written against QuartzCore finds through Darwin's C headers, and Glibc does not
// provide (`repeatCount = HUGE` is the usual way to repeat an animation forever).

/// The largest finite `Float` (Darwin's `HUGE`, `FLT_MAX`): as a `repeatCount` or
/// `repeatDuration`, an animation that repeats for as long as anyone will watch.
public let HUGE: Float = .greatestFiniteMagnitude

/// The largest finite `Float` (Darwin's `MAXFLOAT`, `FLT_MAX`).
public let MAXFLOAT: Float = .greatestFiniteMagnitude
