import Foundation
import Testing

/// Expects every frame of `json` listed in `frames`, rendered by a `CACompositionLayer`, to
/// match rlottie's rendering: a mean difference per channel below `mean` (0–255) and a
/// structural similarity above `ssim`.
func expectMatchesReference(
    _ json: String, frames: [Int], mean: Double, ssim: Double, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let results = try ReferenceRenderer.compare(json, frames: frames)
    #expect(results.count == frames.count, sourceLocation: sourceLocation)
    for result in results {
        if ProcessInfo.processInfo.environment["SCENECOMPOSITION_SAVE_FRAMES"] != nil { print(result) }
        #expect(result.meanDifference < mean, "\(result)", sourceLocation: sourceLocation)
        #expect(result.ssim > ssim, "\(result)", sourceLocation: sourceLocation)
    }
}
