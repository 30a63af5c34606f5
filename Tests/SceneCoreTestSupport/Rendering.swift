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
