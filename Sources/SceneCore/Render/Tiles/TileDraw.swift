/// A tile the render side draws this frame: its rectangle in the layer's coordinate space, its
/// bitmap, and how far it has faded in (0...1).
struct TileDraw: Sendable {
    let rect: CGRect
    let image: CGImage
    let alpha: Float
}
