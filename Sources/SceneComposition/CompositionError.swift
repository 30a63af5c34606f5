import Foundation

/// Why a composition could not be loaded: the input is not a composition, breaks a limit the
/// loader keeps memory and time bounded by, or describes something that cannot be played.
public enum CompositionError: Error, Equatable, CustomStringConvertible {
    /// The data is not a Lottie composition: not JSON, not a JSON object, or a required member
    /// (named) missing or of the wrong kind.
    case malformed(String)
    /// A value outside what the loader accepts (an absurd size, frame rate or frame count, too
    /// much data); the message names it and the limit.
    case limitExceeded(String)
    /// A precomposition that contains itself, directly or through others (its asset identifier).
    case cyclicPrecomposition(String)
    /// A `.lottie` archive that cannot be read (not a zip archive, a damaged or unsupported
    /// entry, no animation in it).
    case archive(String)

    /// The error in words.
    public var description: String {
        switch self {
        case .malformed(let what): "not a Lottie composition: \(what)"
        case .limitExceeded(let what): "composition over a limit: \(what)"
        case .cyclicPrecomposition(let id): "precomposition \"\(id)\" contains itself"
        case .archive(let what): "unreadable .lottie archive: \(what)"
        }
    }
}
