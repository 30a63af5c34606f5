/// A rectangle of whole pixels in a texture or framebuffer, in GL's convention: `x` counts
/// columns from the left, `y` rows from the bottom.
struct PixelRect: Hashable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// Whether the rectangle holds no pixel.
    var isEmpty: Bool { width <= 0 || height <= 0 }
}
