import Foundation
import GLBackend
import SceneComposition
import Testing

/// Expects the picture of `json` (a 100 x 100 composition) at each of `frames` to cover what
/// `inside` says is covered at that frame (a point in the composition's space), times
/// `opacity`: 4 x 4 samples a pixel, at most 0.3 apart at any pixel (an edge's antialiasing)
/// and 0.01 on average; and expects the composition to load with no warning. For features
/// rlottie 0.2 does not draw, whose coverage follows from their geometry.
func expectCoverage(
    _ json: String, frames: [Double], opacity: Double = 1, inside: (Double, CGPoint) -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let layer = CACompositionLayer(composition: try CAComposition(data: Data(json.utf8)))
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    #expect(layer.warnings == [], sourceLocation: sourceLocation)
    let renderer = try OffscreenRenderer(width: 100, height: 100)
    for frame in frames {
        layer.currentFrame = frame
        let image = try renderer.render(layer)
        var (largest, total) = (0.0, 0.0)
        for y in 0..<100 {
            for x in 0..<100 {
                let covered = (0..<16).filter { (sample: Int) -> Bool in
                    let dx: Double = (Double(sample % 4) + 0.5) / 4
                    let dy: Double = (Double(sample / 4) + 0.5) / 4
                    return inside(frame, CGPoint(x: Double(x) + dx, y: Double(y) + dy))
                }.count
                let difference = abs(Double(covered) / 16 * opacity - Double(image.pixel(x: x, y: y).a) / 255)
                (largest, total) = (max(largest, difference), total + difference)
            }
        }
        #expect(largest < 0.3, "frame \(frame): largest difference \(largest)", sourceLocation: sourceLocation)
        #expect(
            total / 10_000 < 0.01, "frame \(frame): mean difference \(total / 10_000)", sourceLocation: sourceLocation)
    }
}
