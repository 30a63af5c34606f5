import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// Shape and gradient layers through the headless renderer: where their bitmaps land on screen.
@Suite struct ContentLayerRenderingTests {
    @Test func shapeBeyondItsBoundsIsDrawnWhereItLies() throws {
        let root = whiteRoot()
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        shape.path = CGPath(rect: CGRect(x: 40, y: 40, width: 20, height: 20), transform: nil)
        shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(shape)
        let image = try render(root)
        expectPixel(image, 60, 60, (255, 0, 0, 255))
        expectPixel(image, 45, 45, (255, 255, 255, 255))
        expectPixel(image, 15, 15, (255, 255, 255, 255))
    }

    @Test func gradientIsDrawnOverTheBackgroundInTheRoundedShape() throws {
        let root = whiteRoot()
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        gradient.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        gradient.cornerRadius = 30
        root.addSublayer(gradient)
        let image = try render(root)
        expectPixel(image, 50, 49, (129, 0, 126, 255), tolerance: 3)
        expectPixel(image, 1, 1, (255, 255, 255, 255))
    }
}
