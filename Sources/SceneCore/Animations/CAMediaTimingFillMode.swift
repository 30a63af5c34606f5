import Foundation

/// What an animation or layer shows outside its active duration.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let forwards = Self(rawValue: "forwards")
    public static let backwards = Self(rawValue: "backwards")
    public static let both = Self(rawValue: "both")
    public static let removed = Self(rawValue: "removed")
}
