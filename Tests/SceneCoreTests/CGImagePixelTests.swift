import Foundation
import Testing

@testable import SceneCore

/// `CGImage.pixel(x:y:)` answers inside the image, and transparent black (logged once) outside.
@Suite struct CGImagePixelTests {
    @Test func pointsOutsideTheImageAnswerTransparentBlackNotAnotherRowsPixel() {
        // 2 x 2: red, green / blue, white.
        let bytes: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
        let image = CGImage(rgbaPixels: bytes, width: 2, height: 2)!
        #expect(image.pixel(x: 1, y: 0) == (0, 255, 0, 255))
        #expect(image.pixel(x: 0, y: 1) == (0, 0, 255, 255))
        let messages = Diagnostics.capturing {
            // (2, 0) used to answer (0, 1)'s blue; (-1, 0) and the extremes trapped.
            for (x, y) in [(2, 0), (-1, 0), (0, 2), (Int.max, 0), (0, Int.min), (Int.min, Int.max)] {
                #expect(image.pixel(x: x, y: y) == (0, 0, 0, 0), "(\(x), \(y))")
            }
        }
        #expect(messages.count == 1 && messages[0].contains("outside the 2x2 image"))
    }
}
