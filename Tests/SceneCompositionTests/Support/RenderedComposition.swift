import Foundation
import GLBackend
import SceneComposition

/// `composition` played by a 100 x 100 composition layer, rendered headlessly at `frame`.
func renderedComposition(_ composition: CAComposition, frame: Double = 0) throws -> RenderedImage {
    let layer = CACompositionLayer(composition: composition)
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    layer.currentFrame = frame
    return try OffscreenRenderer(width: 100, height: 100).render(layer)
}

/// The composition `json` rendered as `renderedComposition(_:frame:)` does.
func renderedComposition(_ json: String, frame: Double = 0) throws -> RenderedImage {
    try renderedComposition(CAComposition(data: Data(json.utf8)), frame: frame)
}
