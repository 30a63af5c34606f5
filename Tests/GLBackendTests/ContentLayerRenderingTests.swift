import Foundation
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
        #expect(matches(image.pixel(x: 60, y: 60), (255, 0, 0, 255)))
        #expect(matches(image.pixel(x: 45, y: 45), (255, 255, 255, 255)))
        #expect(matches(image.pixel(x: 15, y: 15), (255, 255, 255, 255)))
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
        #expect(matches(image.pixel(x: 50, y: 49), (129, 0, 126, 255), tolerance: 3))
        #expect(matches(image.pixel(x: 1, y: 1), (255, 255, 255, 255)))
    }
}
