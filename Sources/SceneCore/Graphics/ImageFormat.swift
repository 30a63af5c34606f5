import Foundation

/// The encoded image formats SceneCore reads, recognised by their leading bytes.
enum ImageFormat: Sendable, Equatable {
    case png
    case jpeg

    /// The eight-byte PNG signature.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// A JPEG's start-of-image marker followed by the first byte of the next marker.
    static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// The format whose signature `data` starts with, or nil when it starts with neither.
    init?(sniffing data: Data) {
        if data.starts(with: Self.pngSignature) {
            self = .png
        } else if data.starts(with: Self.jpegSignature) {
            self = .jpeg
        } else {
            return nil
        }
    }
}
