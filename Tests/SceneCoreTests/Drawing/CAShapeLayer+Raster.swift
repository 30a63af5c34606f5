@testable import SceneCore

extension CAShapeLayer {
    /// The layer's shape (model values, or a presentation layer's animated ones) as the render side
    /// rasterises it at `scale` pixels a unit; nil when it draws nothing.
    func rasterizedShape(scale: CGFloat = 1) -> ShapeRaster? {
        ShapeRaster.rasterize(ShapeRaster.Key(state, scale: scale))
    }
}
