import Foundation

/// What an animation or layer shows outside its active duration.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// After its active time the object holds its final state (the animation keeps showing its last
    /// value while it stays on the layer).
    public static let forwards = Self(rawValue: "forwards")
    /// Before its begin time the object already shows its first state (a delayed animation shows
    /// its start value while it waits).
    public static let backwards = Self(rawValue: "backwards")
    /// Both `backwards` and `forwards`: the first state before, the final state after.
    public static let both = Self(rawValue: "both")
    /// Neither: outside its active time the object has no effect. The default.
    public static let removed = Self(rawValue: "removed")
}
