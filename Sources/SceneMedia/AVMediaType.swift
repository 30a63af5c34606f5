/// The kind of media a track, device or connection carries (AVFoundation's four-character codes).
public struct AVMediaType: Hashable, Equatable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A media type from its raw string, as `init(rawValue:)`.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Video: "vide".
    public static let video = AVMediaType(rawValue: "vide")
    /// Audio: "soun".
    public static let audio = AVMediaType(rawValue: "soun")
    /// Muxed audio and video: "muxx".
    public static let muxed = AVMediaType(rawValue: "muxx")
}
