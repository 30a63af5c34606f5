import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `CAGradientLayer` drawn through `display()` into a 100 x 100 backing store (the committed
/// `state.contents`: `contents` returns only an assigned image, as in Core Animation).
@Suite struct GradientLayerTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    func gradient(_ configure: (CAGradientLayer) -> Void) throws -> CGImage {
        let layer = CAGradientLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.colors = [Self.red, Self.blue]
        configure(layer)
        layer.display()
        return try #require(layer.state.contents)
    }

    /// Whether the pixel is opaque with red and blue within 3 of `red` and `255 - red`.
    func isMix(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), red: Int) -> Bool {
        p.a == 255 && abs(Int(p.r) - red) <= 3 && p.g == 0 && abs(Int(p.b) - (255 - red)) <= 3
    }

    @Test func defaultsAreCoreAnimations() {
        let layer = CAGradientLayer()
        #expect(layer.colors == nil && layer.locations == nil)
        #expect(layer.startPoint == CGPoint(x: 0.5, y: 0))
        #expect(layer.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(layer.type == .axial)
        #expect(layer.needsDisplayOnBoundsChange)
    }

    @Test func axialRunsFromStartPointToEndPoint() throws {
        let image = try gradient { _ in }
        #expect(isMix(image.pixel(x: 50, y: 0), red: 254))
        #expect(isMix(image.pixel(x: 50, y: 99), red: 1))
        // Row 49's centre is at y = 49.5, 0.495 of the way.
        #expect(isMix(image.pixel(x: 10, y: 49), red: 129))
        #expect(isMix(image.pixel(x: 90, y: 49), red: 129))
    }

    @Test func axialFollowsAHorizontalDirection() throws {
        let image = try gradient {
            $0.startPoint = CGPoint(x: 0, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 0.5)
        }
        #expect(isMix(image.pixel(x: 24, y: 80), red: 192))
        #expect(isMix(image.pixel(x: 74, y: 10), red: 64))
    }

    /// Whether every pixel of the image is transparent black.
    func isEmpty(_ image: CGImage) -> Bool { image.pixels.allSatisfy { $0 == 0 } }

    @Test func locationsMoveTheStops() throws {
        let image = try gradient { $0.locations = [0, 0.2] }
        #expect(isMix(image.pixel(x: 50, y: 9), red: 134))
        #expect(isMix(image.pixel(x: 50, y: 50), red: 0))
    }

    @Test func locationsNotOneAColourDrawNothing() throws {
        for locations: [NSNumber] in [[0.2], [], [0, 0.5, 1]] {
            var messages: [String] = []
            let image = try gradient { layer in
                layer.locations = locations
                messages = Diagnostics.capturing { layer.display() }
            }
            #expect(isEmpty(image), "\(locations.count) locations for 2 colours")
            #expect(image.pixel(x: 50, y: 0) == (0, 0, 0, 0) && image.pixel(x: 50, y: 99) == (0, 0, 0, 0))
            #expect(messages.contains { $0.contains("locations") && $0.contains("draws nothing") })
        }
    }

    @Test func threeColoursAreEvenlySpaced() throws {
        let image = try gradient { $0.colors = [Self.red, Self.blue, Self.red] }
        #expect(isMix(image.pixel(x: 50, y: 49), red: 3) || isMix(image.pixel(x: 50, y: 50), red: 3))
        #expect(isMix(image.pixel(x: 50, y: 99), red: 252))
    }

    @Test func fewerThanTwoColoursDrawNothing() throws {
        for colors: [Any]? in [[Self.blue], [], nil] {
            let image = try gradient { $0.colors = colors }
            #expect(isEmpty(image), "\(colors?.count ?? 0) colours")
            #expect(image.pixel(x: 3, y: 97) == (0, 0, 0, 0) && image.pixel(x: 50, y: 50) == (0, 0, 0, 0))
        }
        let oneWithLocation = try gradient {
            $0.colors = [Self.blue]
            $0.locations = [0.5]
        }
        #expect(isEmpty(oneWithLocation))
    }

    @Test func radialGrowsFromTheCentreToTheEllipseThroughEndPoint() throws {
        let image = try gradient {
            $0.type = .radial
            $0.startPoint = CGPoint(x: 0.5, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 1)
        }
        #expect(isMix(image.pixel(x: 50, y: 50), red: 252))
        // (74.5, 50.5) is 24.5 of 50 points out: 0.49.
        #expect(isMix(image.pixel(x: 74, y: 50), red: 130))
        #expect(isMix(image.pixel(x: 50, y: 25), red: 130))
        #expect(isMix(image.pixel(x: 2, y: 2), red: 0))
    }

    @Test func radialWhosePointsShareAnXOrAYDrawsNothing() throws {
        let ends = [CGPoint(x: 0.5, y: 1), CGPoint(x: 1, y: 0.5), CGPoint(x: 0.5, y: 0.5)]
        for end in ends {
            let image = try gradient {
                $0.type = .radial
                $0.startPoint = CGPoint(x: 0.5, y: 0.5)
                $0.endPoint = end
            }
            #expect(isEmpty(image), "end point \(end)")
            #expect(image.pixel(x: 50, y: 50) == (0, 0, 0, 0) && image.pixel(x: 99, y: 99) == (0, 0, 0, 0))
        }
        // The default points, (0.5, 0) and (0.5, 1), share their x.
        #expect(isEmpty(try gradient { $0.type = .radial }))
    }

    @Test func radialIsAnEllipseInANonSquareLayer() {
        let layer = CAGradientLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        layer.colors = [Self.red, Self.blue]
        layer.type = .radial
        layer.startPoint = CGPoint(x: 0.5, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 1)
        layer.display()
        let image = layer.state.contents!
        // Halfway out horizontally (50 of 100 points) and vertically (25 of 50) read the same.
        let across = image.pixel(x: 150, y: 50)
        let down = image.pixel(x: 100, y: 75)
        #expect(abs(Int(across.r) - Int(down.r)) <= 4)
        #expect(isMix(across, red: 126))
    }

    @Test func conicTurnsClockwiseFromTheEndPointDirection() throws {
        let image = try gradient {
            $0.type = .conic
            $0.startPoint = CGPoint(x: 0.5, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 0.5)
        }
        // Right of the centre: the start; below it (y down): a quarter turn; left: half; above: three quarters.
        #expect(isMix(image.pixel(x: 90, y: 49), red: 254) || isMix(image.pixel(x: 90, y: 50), red: 254))
        #expect(isMix(image.pixel(x: 50, y: 90), red: 191))
        #expect(isMix(image.pixel(x: 10, y: 50), red: 128))
        #expect(isMix(image.pixel(x: 50, y: 10), red: 64))
    }

    @Test func cornerRadiusClipsTheGradientWithoutMasksToBounds() throws {
        let image = try gradient { $0.cornerRadius = 30 }
        #expect(image.pixel(x: 1, y: 1).a == 0)
        #expect(image.pixel(x: 98, y: 98).a == 0)
        #expect(image.pixel(x: 50, y: 1).a == 255)
        #expect(image.pixel(x: 50, y: 50).a == 255)
        let some = try gradient {
            $0.cornerRadius = 30
            $0.maskedCorners = [.layerMinXMinYCorner]
        }
        #expect(some.pixel(x: 1, y: 1).a == 0)
        #expect(some.pixel(x: 98, y: 98).a == 255)
    }

    @Test func changingGradientPropertiesMarksTheLayerForDisplay() {
        let layer = CAGradientLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.display()
        layer.locations = [0, 1]
        #expect(layer.needsDisplay())
        layer.display()
        layer.cornerRadius = 3
        #expect(layer.needsDisplay())
    }

    @Test func animatedEndPointIsDrawnAndPresented() throws {
        let gradientLayer = CAGradientLayer()
        let paused = ManualClock(gradientLayer) { layer in
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            (layer as! CAGradientLayer).colors = [Self.red, Self.blue]
        }
        let animation = CABasicAnimation(keyPath: "endPoint")
        animation.fromValue = CGPoint(x: 0.5, y: 0.5)
        animation.toValue = CGPoint(x: 0.5, y: 0.5)
        animation.duration = 10
        paused.add(animation, forKey: "squeeze")
        let presented = try #require(paused.presented(at: 105) as? CAGradientLayer)
        #expect(presented.endPoint == CGPoint(x: 0.5, y: 0.5))
        gradientLayer.display()
        let image = try #require(gradientLayer.state.contents)
        #expect(isMix(image.pixel(x: 50, y: 24), red: 129))
        #expect(isMix(image.pixel(x: 50, y: 75), red: 0))
    }
}

/// Changing which corners are rounded redraws a gradient (it is clipped to the rounded shape).
@Suite struct GradientCornerRedrawTests {
    @Test func maskedCornersMarksTheGradientForDisplay() {
        let gradient = CAGradientLayer()
        gradient.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        gradient.cornerRadius = 5
        gradient.displayIfNeeded()
        #expect(!gradient.needsDisplay())
        gradient.maskedCorners = [.layerMinXMinYCorner]
        #expect(gradient.needsDisplay())
    }
}
