import Foundation

extension CGImage {
    /// The image as PNG data with straight (un-premultiplied) alpha, as writing a `CGImage`
    /// through a `CGImageDestination` of type `public.png`.
    ///
    /// Decoding the result gives back exactly this image's premultiplied pixels.
    /// - Throws: `ImageError.encodingFailed` with libpng's message.
    public func pngData() throws -> Data {
        try PNGEncoder.encode(straightRGBA: straightRGBA, width: width, height: height)
    }

    /// The image as JPEG data, as writing a `CGImage` through a `CGImageDestination` of type
    /// `public.jpeg`.
    ///
    /// JPEG has no alpha, so translucent pixels come out composited over black.
    /// - Parameter quality: 0 (smallest) to 1 (best), as `kCGImageDestinationLossyCompressionQuality`.
    /// - Throws: `ImageError.encodingFailed` with TurboJPEG's message.
    public func jpegData(quality: CGFloat = 0.9) throws -> Data {
        try JPEGEncoder.encode(rgbaPixels: pixels, width: width, height: height, quality: quality)
    }

    /// Every pixel as straight (un-premultiplied) RGBA8, rows top to bottom, as `pixel(x:y:)`
    /// reports it.
    var straightRGBA: [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x: x, y: y)
                out.append(contentsOf: [p.r, p.g, p.b, p.a])
            }
        }
        return out
    }
}
