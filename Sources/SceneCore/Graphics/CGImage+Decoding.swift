import Foundation

extension CGImage {
    /// Decodes a PNG or JPEG image, the format recognised from its leading bytes, as
    /// `CGImageSourceCreateWithData` followed by `CGImageSourceCreateImageAtIndex(_, 0, nil)`.
    ///
    /// The result is 8-bit sRGB RGBA with premultiplied alpha, like every `CGImage` in
    /// SceneCore. JPEGs are opaque. EXIF orientation is not applied (it is not applied to a
    /// `CGImage` on Apple platforms either), and colour profiles are ignored. A JPEG that
    /// libjpeg decodes with only a warning still gives an image (the warning is logged).
    ///
    /// Decoding takes at most 1 GiB at its peak, besides the encoded data: the bitmap, written
    /// straight into the image (at most 2^28 pixels, for example 16384 x 16384), and the
    /// coefficients libjpeg keeps for a progressive or multi-scan JPEG (two bytes a sample).
    /// An image over that is refused from its header, before anything that size is allocated.
    /// - Throws: `ImageError.unsupportedFormat` for data that is neither PNG nor JPEG,
    ///   `ImageError.truncatedData` or `ImageError.decodingFailed` for bad PNG or JPEG data,
    ///   `ImageError.decodingFailed` for an image over the memory budget.
    public static func decode(_ data: Data) throws -> CGImage {
        guard let format = ImageFormat(sniffing: data) else {
            guard !data.isEmpty else { throw ImageError.unsupportedFormat("image data is empty") }
            let head = data.prefix(8).map { String(format: "%02x", $0) }.joined(separator: " ")
            throw ImageError.unsupportedFormat("image data is neither PNG nor JPEG (first bytes: \(head))")
        }
        switch format {
        case .png: return try PNGDecoder.decode(data)
        case .jpeg: return try JPEGDecoder.decode(data)
        }
    }

    /// Reads and decodes a PNG or JPEG file, as `CGImageSourceCreateWithURL` followed by
    /// `CGImageSourceCreateImageAtIndex(_, 0, nil)`.
    ///
    /// Only file URLs are read; SceneCore never fetches over the network.
    /// - Throws: `ImageError.unreadableFile` when the file is missing or unreadable, otherwise
    ///   the errors of `decode(_:)`; every message starts with the file's path.
    public static func load(contentsOf url: URL) throws -> CGImage {
        guard url.isFileURL else {
            throw ImageError.unreadableFile("\(url.absoluteString): only file URLs can be loaded")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ImageError.unreadableFile("\(url.path): cannot read the file (\(error.localizedDescription))")
        }
        do {
            return try decode(data)
        } catch let error as ImageError {
            throw error.prefixed(with: url.path)
        }
    }
}
