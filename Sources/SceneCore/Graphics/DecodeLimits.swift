/// The largest images SceneCore decodes, so that a hostile header cannot demand gigabytes.
///
/// The budget is for the decoder's peak memory, not only for the image it returns: the bitmap
/// (4 bytes a pixel, written row by row straight into the image's own buffer, never copied)
/// plus any whole-image buffer the codec needs while it decodes (libjpeg's DCT coefficients for
/// a progressive or multi-scan JPEG). What is over the budget is refused from the header,
/// before anything that size is allocated. The encoded data and a few rows of scratch memory
/// come on top.
enum DecodeLimits {
    /// At most 2^28 pixels (for example 16384 x 16384): 1 GiB of RGBA8.
    static let maximumPixelCount = 1 << 28

    /// At most 1 GiB at the peak of a decode: the bitmap and the codec's whole-image buffers.
    static let maximumBytes = 1 << 30

    /// Throws unless a `width` x `height` image of `format` (a name for the message) is
    /// decodable with `workingBytes` of whole-image buffers (described by `working`) besides
    /// its bitmap.
    static func check(width: Int, height: Int, format: String, workingBytes: Int = 0, working: String = "") throws {
        guard width > 0, height > 0 else {
            throw ImageError.decodingFailed("\(format) data declares an empty \(width)x\(height) image")
        }
        // Each side is checked first so that the product cannot overflow.
        guard width <= maximumPixelCount, height <= maximumPixelCount, width * height <= maximumPixelCount
        else {
            throw ImageError.decodingFailed(
                "\(format) image of \(width)x\(height) pixels exceeds the limit of \(maximumPixelCount) pixels")
        }
        let bitmap = width * height * 4
        guard workingBytes <= maximumBytes - bitmap else {
            throw ImageError.decodingFailed(
                "\(format) image of \(width)x\(height) pixels needs \(mebibytes(bitmap + workingBytes)) MiB to decode (\(mebibytes(bitmap)) MiB of pixels and \(mebibytes(workingBytes)) MiB of \(working)), over the limit of \(mebibytes(maximumBytes)) MiB"
            )
        }
    }

    /// `bytes` in whole mebibytes, rounded up.
    private static func mebibytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }
}
