/// Why an image could not be read, decoded or encoded.
///
/// Every case carries a message meant for people: it names the file or the format and
/// quotes the codec library's own text (libpng, TurboJPEG) where there is one.
public enum ImageError: Error, CustomStringConvertible, Equatable {
    /// The file is missing or cannot be read; the message names the path.
    case unreadableFile(String)
    /// The bytes are not in a format SceneCore decodes (PNG or JPEG), or use a variant it does not.
    case unsupportedFormat(String)
    /// The data is in a known format but corrupt, or too large to decode.
    case decodingFailed(String)
    /// The data is in a known format but ends before the image does.
    case truncatedData(String)
    /// The pixels could not be encoded.
    case encodingFailed(String)

    public var description: String {
        switch self {
        case .unreadableFile(let m), .unsupportedFormat(let m), .decodingFailed(let m),
            .truncatedData(let m), .encodingFailed(let m):
            m
        }
    }

    /// The same error with `context` (for example a file path) put in front of its message.
    func prefixed(with context: String) -> ImageError {
        switch self {
        case .unreadableFile(let m): .unreadableFile("\(context): \(m)")
        case .unsupportedFormat(let m): .unsupportedFormat("\(context): \(m)")
        case .decodingFailed(let m): .decodingFailed("\(context): \(m)")
        case .truncatedData(let m): .truncatedData("\(context): \(m)")
        case .encodingFailed(let m): .encodingFailed("\(context): \(m)")
        }
    }
}
