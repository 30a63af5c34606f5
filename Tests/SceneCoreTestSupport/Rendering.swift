import Foundation
import GLBackend
import SceneCore

/// Renders the tree under `root` once with a fresh headless renderer (`OffscreenRenderer`) whose
/// target reaches the far corner of the root's frame: the root's size for a root at the origin.
/// - Parameters:
///   - clear: the premultiplied colour the target is cleared to first; transparent by default.
///   - time: the absolute time whose animations to show (`render(_:at:)`): now when nil, or a
///     `ManualClock`'s `now` for a deterministic frame.
public func render(
    _ root: CALayer, clear: SIMD4<Float> = .zero, at time: CFTimeInterval? = nil
) throws -> RenderedImage {
    let renderer = try OffscreenRenderer(width: Int(root.frame.maxX), height: Int(root.frame.maxY))
    renderer.clearColor = clear
    return try renderer.render(root, at: time)
}

/// A new layer with `frame` and, if given, a background colour.
public func solidLayer(_ frame: CGRect, _ color: CGColor? = nil) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = color
    return layer
}

/// What `layer` shows of its own drawing (text from the glyph atlas, a backing store, a shape),
/// as a picture of its bounds at `contentsScale`, like the backing store of that size: the
/// layer rendered alone, after its pending display, by the headless renderer into a
/// transparent target (or over `background`). The layer is moved into a container for the render
/// and back to where it was after it, without actions.
public func renderedDrawing(of layer: CALayer, over background: CGColor? = nil) throws -> CGImage {
    let scale = layer.contentsScale
    let frame = layer.frame
    let container = CALayer()
    // The sublayer transform applies about the anchor point: the corner, here.
    container.anchorPoint = .zero
    container.backgroundColor = background
    container.frame = CGRect(
        x: 0, y: 0, width: (layer.bounds.width * scale).rounded(.up), height: (layer.bounds.height * scale).rounded(.up)
    )
    container.sublayerTransform = CATransform3DTranslate(
        CATransform3DMakeScale(scale, scale, 1), -frame.minX, -frame.minY, 0)
    let parent = layer.superlayer
    let index = parent?.sublayers?.firstIndex { $0 === layer }
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    container.addSublayer(layer)
    CATransaction.commit()
    defer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.removeFromSuperlayer()
        if let parent, let index { parent.insertSublayer(layer, at: UInt32(index)) }
        CATransaction.commit()
    }
    return try render(container).cgImage
}
