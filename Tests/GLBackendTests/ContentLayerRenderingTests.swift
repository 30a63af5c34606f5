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

    @Test func anImageAssignedToAGradientShowsOverItWhereAPlainLayerShowsIt() throws {
        // 20 x 10: a white top row over green.
        var pixels: [UInt8] = []
        for y in 0..<10 {
            for _ in 0..<20 { pixels += y == 0 ? [255, 255, 255, 255] : [0, 255, 0, 255] }
        }
        let stripe = try #require(CGImage(rgbaPixels: pixels, width: 20, height: 10))
        let root = whiteRoot(200, 100)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        gradient.contents = stripe
        gradient.contentsGravity = .bottomRight
        let plain = CALayer()
        plain.frame = CGRect(x: 100, y: 0, width: 100, height: 100)
        plain.contents = stripe
        plain.contentsGravity = .bottomRight
        root.addSublayer(gradient)
        root.addSublayer(plain)
        let image = try render(root)
        // "bottom" is the minimum y: the image's top row is the layer's top row, at its right.
        for x in [80, 99, 180, 199] { expectPixel(image, x, 0, (255, 255, 255, 255), tolerance: 0) }
        for x in [80, 99, 180, 199] { expectPixel(image, x, 9, (0, 255, 0, 255), tolerance: 0) }
        expectPixel(image, 90, 10, (228, 0, 27, 255), tolerance: 3, "the gradient below the image")
        expectPixel(image, 79, 5, (242, 0, 13, 255), tolerance: 3, "the gradient left of the image")
        expectPixel(image, 50, 49, (129, 0, 126, 255), tolerance: 3)
        expectPixel(image, 190, 10, (255, 255, 255, 255), tolerance: 0)
    }

    @Test func aGradientThatDrawsNothingLeavesItsBackground() throws {
        let root = whiteRoot(300, 100)
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let oneColour = CAGradientLayer()
        oneColour.colors = [red]
        let mismatched = CAGradientLayer()
        mismatched.colors = [red, blue]
        mismatched.locations = [0, 0.5, 1]
        let flatRadial = CAGradientLayer()
        flatRadial.colors = [red, blue]
        flatRadial.type = .radial
        flatRadial.startPoint = CGPoint(x: 0.5, y: 0.5)
        flatRadial.endPoint = CGPoint(x: 1, y: 0.5)
        for (index, layer) in [oneColour, mismatched, flatRadial].enumerated() {
            layer.frame = CGRect(x: CGFloat(index) * 100, y: 0, width: 100, height: 100)
            layer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            root.addSublayer(layer)
        }
        let image = try render(root)
        for x in [1, 50, 98, 101, 150, 198, 201, 250, 298] {
            for y in [1, 50, 98] { expectPixel(image, x, y, (0, 255, 0, 255), tolerance: 0) }
        }
    }
}
