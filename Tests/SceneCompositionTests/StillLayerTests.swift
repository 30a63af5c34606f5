import Foundation
import SceneComposition
import Testing

/// Still layers (solids, rectangles, ellipses, layer transforms) against rlottie.
@Suite struct StillLayerTests {
    @Test func solidLayerWithTransform() throws {
        let json = LottieDocument.make(
            layers: """
                {"ddd": 0, "ty": 1, "nm": "solid", "ind": 1, "ip": 0, "op": 30, "st": 0, "sw": 40, "sh": 20, "sc": "#3366cc",
                 "ks": \(LottieDocument.transform(anchor: (20, 10), position: (50, 40), scale: 150, rotation: 30, opacity: 80))}
                """)
        for result in try ReferenceRenderer.compare(json, frames: [0]) {
            #expect(result.meanDifference < 1.5, "\(result)")
            #expect(result.ssim > 0.97, "\(result)")
        }
    }
}
