/// The largest images SceneCore decodes, so that a hostile header cannot demand gigabytes.
enum DecodeLimits {
    /// At most 2^28 pixels (for example 16384 x 16384): 1 GiB of RGBA8.
    static let maximumPixelCount = 1 << 28

    /// Throws unless a `width` x `height` image of `format` (a name for the message) is decodable.
    static func check(width: Int, height: Int, format: String) throws {
        guard width > 0, height > 0 else {
            throw ImageError.decodingFailed("\(format) data declares an empty \(width)x\(height) image")
        }
        // Each side is checked first so that the product cannot overflow.
        guard width <= maximumPixelCount, height <= maximumPixelCount, width * height <= maximumPixelCount
        else {
            throw ImageError.decodingFailed(
                "\(format) image of \(width)x\(height) pixels exceeds the limit of \(maximumPixelCount) pixels")
        }
    }
}
