/// Pixels the renderer writes into part of a texture before it draws a frame: a small image
/// packed into a shared page (`ShapeRasterCache`'s atlas), or the part of it that changed.
package struct TextureUpdate: Sendable, Equatable {
    /// The image whose texture is written: uploaded whole first if the renderer does not hold it.
    package let texture: CGImage
    /// The rectangle written, in the texture's pixels.
    package let x: Int, y: Int, width: Int, height: Int
    /// Premultiplied RGBA8, `width` x `height`, rows top to bottom, tightly packed.
    package let pixels: [UInt8]
}
