import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// `CAGradientLayer` drawn by the layer shader from its committed values, checked against the
/// colour computed at each pixel's centre (straight colours interpolated), over a transparent
/// target read back as straight RGBA. Tolerance 1 covers the GPU's single-precision arithmetic.
@Suite struct GradientRenderingTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A 100 x 100 red-to-blue gradient layer at the origin, configured, drawn on a transparent target.
    func rendered(_ configure: (CAGradientLayer) -> Void = { _ in }) throws -> RenderedImage {
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.colors = [Self.red, Self.blue]
        configure(layer)
        return try render(layer)
    }

    /// The opaque red-to-blue mix `t` of the way to blue, as 8-bit channels.
    func mix(_ t: Double) -> Pixel {
        let t = min(max(t, 0), 1)
        return (UInt8((255 * (1 - t)).rounded()), 0, UInt8((255 * t).rounded()), 255)
    }

    func expectEmpty(_ image: RenderedImage, sourceLocation: SourceLocation = #_sourceLocation) {
        for (x, y) in [(0, 0), (50, 50), (99, 99), (3, 97)] {
            expectPixel(image, x, y, (0, 0, 0, 0), tolerance: 0, sourceLocation: sourceLocation)
        }
    }

    @Test func axialRunsFromStartPointToEndPoint() throws {
        let image = try rendered()
        for y in [0, 24, 49, 75, 99] {
            // Row y's centre lies (y + 0.5) / 100 of the way down.
            for x in [0, 50, 99] { expectPixel(image, x, y, mix((Double(y) + 0.5) / 100)) }
        }
    }

    @Test func axialFollowsADiagonal() throws {
        let image = try rendered {
            $0.startPoint = CGPoint(x: 0, y: 0)
            $0.endPoint = CGPoint(x: 1, y: 1)
        }
        // The projection onto the diagonal: (x + y + 1) / 200.
        for (x, y) in [(0, 0), (10, 80), (74, 10), (99, 99), (60, 60)] {
            expectPixel(image, x, y, mix(Double(x + y + 1) / 200))
        }
    }

    @Test func pointsOutsideTheBoundsSpreadTheGradientBeyondThem() throws {
        let image = try rendered {
            $0.startPoint = CGPoint(x: 0.5, y: -1)
            $0.endPoint = CGPoint(x: 0.5, y: 2)
        }
        // From y = -100 to y = 200: row y is (y + 100.5) / 300 of the way.
        for y in [0, 50, 99] { expectPixel(image, 20, y, mix((Double(y) + 100.5) / 300)) }
    }

    @Test func theEndColoursContinueBeyondTheStops() throws {
        let image = try rendered { $0.locations = [0.25, 0.75] }
        expectPixel(image, 50, 10, mix(0))
        expectPixel(image, 50, 90, mix(1))
        // Row 49.5 is (0.495 - 0.25) / 0.5 of the way between the stops.
        expectPixel(image, 50, 49, mix(0.49))
    }

    @Test func locationsMoveTheStops() throws {
        let image = try rendered { $0.locations = [0, 0.2] }
        expectPixel(image, 50, 9, mix(0.095 / 0.2))
        expectPixel(image, 50, 50, mix(1))
    }

    @Test func unsortedLocationsAreSortedWithTheirColours() throws {
        let image = try rendered { $0.locations = [1, 0] }
        // Blue at 0, red at 1: a gradient from blue at the top to red at the bottom.
        expectPixel(image, 50, 0, mix(0.995))
        expectPixel(image, 50, 99, mix(0.005))
    }

    @Test func equalLocationsMakeASharpEdge() throws {
        let image = try rendered {
            $0.colors = [Self.red, Self.red, Self.blue, Self.blue]
            $0.locations = [0, 0.5, 0.5, 1]
        }
        expectPixel(image, 50, 49, mix(0), tolerance: 0)
        expectPixel(image, 50, 50, mix(1), tolerance: 0)
    }

    @Test func threeColoursAreEvenlySpaced() throws {
        let image = try rendered { $0.colors = [Self.red, Self.blue, Self.red] }
        expectPixel(image, 50, 24, mix(0.49))
        expectPixel(image, 50, 74, mix(1 - 0.49))
        expectPixel(image, 50, 99, mix(0.01))
    }

    @Test func translucentColoursBlendAsStraightComponents() throws {
        let image = try rendered {
            $0.colors = [Self.red, CGColor(red: 0, green: 0, blue: 1, alpha: 0)]
            $0.startPoint = CGPoint(x: 0, y: 0.5)
            $0.endPoint = CGPoint(x: 2, y: 0.5)
        }
        // x = 99.5 is 0.4975 of the way: (0.5025, 0, 0.4975, 0.5025). Blending premultiplied
        // colours instead would keep the red pure: (1, 0, 0, 0.5025).
        let t = 99.5 / 200
        expectPixel(image, 99, 50, (128, 0, UInt8((255 * t).rounded()), 128))
    }

    @Test func locationsNotOneAColourDrawNothing() throws {
        for locations: [NSNumber] in [[0.2], [], [0, 0.5, 1]] {
            var image: RenderedImage?
            let messages = try Diagnostics.capturing { image = try rendered { $0.locations = locations } }
            expectEmpty(try #require(image))
            #expect(messages.contains { $0.contains("locations") && $0.contains("draws nothing") })
        }
    }

    @Test func fewerThanTwoColoursDrawNothing() throws {
        for colors: [Any]? in [[Self.blue], [], nil] {
            expectEmpty(try rendered { $0.colors = colors })
        }
        expectEmpty(
            try rendered {
                $0.colors = [Self.blue]
                $0.locations = [0.5]
            })
    }

    @Test func aGradientOfVeryManyColoursDrawsItsFirst256() throws {
        var image: RenderedImage?
        let messages = try Diagnostics.capturing {
            image = try rendered {
                $0.colors = Array(repeating: Self.red, count: 256) + Array(repeating: Self.blue, count: 44)
            }
        }
        expectPixel(try #require(image), 50, 99, mix(0), tolerance: 0)
        #expect(messages.contains { $0.contains("300 colours; only the first 256 are drawn") })
    }

    @Test func radialGrowsFromTheCentreToTheEllipseThroughEndPoint() throws {
        let image = try rendered {
            $0.type = .radial
            $0.startPoint = CGPoint(x: 0.5, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 1)
        }
        func at(_ x: Int, _ y: Int) -> Double { hypot(Double(x) + 0.5 - 50, Double(y) + 0.5 - 50) / 50 }
        for (x, y) in [(50, 50), (74, 50), (50, 25), (80, 70), (2, 2), (99, 50)] {
            expectPixel(image, x, y, mix(at(x, y)))
        }
    }

    @Test func radialIsAnEllipseInANonSquareLayer() throws {
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        layer.colors = [Self.red, Self.blue]
        layer.type = .radial
        layer.startPoint = CGPoint(x: 0.5, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 1)
        let image = try render(layer)
        // Radii 100 across and 50 down: (150.5, 50.5) and (100.5, 75.5) are both about half-way.
        expectPixel(image, 150, 50, mix(hypot(50.5 / 100, 0.5 / 50)))
        expectPixel(image, 100, 75, mix(hypot(0.5 / 100, 25.5 / 50)))
    }

    @Test func radialWhosePointsShareAnXOrAYDrawsNothing() throws {
        for end in [CGPoint(x: 0.5, y: 1), CGPoint(x: 1, y: 0.5), CGPoint(x: 0.5, y: 0.5)] {
            expectEmpty(
                try rendered {
                    $0.type = .radial
                    $0.startPoint = CGPoint(x: 0.5, y: 0.5)
                    $0.endPoint = end
                })
        }
        // The default points, (0.5, 0) and (0.5, 1), share their x.
        expectEmpty(try rendered { $0.type = .radial })
    }

    @Test func conicTurnsClockwiseFromTheEndPointDirection() throws {
        let image = try rendered {
            $0.type = .conic
            $0.startPoint = CGPoint(x: 0.5, y: 0.5)
            $0.endPoint = CGPoint(x: 1, y: 0.5)
        }
        func turn(_ x: Int, _ y: Int) -> Double {
            let angle = atan2(Double(y) + 0.5 - 50, Double(x) + 0.5 - 50) / (2 * .pi)
            return angle - angle.rounded(.down)
        }
        // Below the centre (y down) a quarter turn, left of it half, above it three quarters.
        for (x, y) in [(90, 60), (50, 90), (10, 50), (50, 10), (80, 20)] { expectPixel(image, x, y, mix(turn(x, y))) }
    }

    @Test func aSinglePointAxialGradientShowsItsLastColour() throws {
        let image = try rendered { $0.endPoint = $0.startPoint }
        expectPixel(image, 50, 50, mix(1), tolerance: 0)
    }

    @Test func cornerRadiusClipsTheGradientWithoutMasksToBounds() throws {
        let image = try rendered { $0.cornerRadius = 30 }
        expectPixel(image, 1, 1, (0, 0, 0, 0), tolerance: 0)
        expectPixel(image, 98, 98, (0, 0, 0, 0), tolerance: 0)
        expectPixel(image, 50, 1, mix(0.015))
        let some = try rendered {
            $0.cornerRadius = 30
            $0.maskedCorners = [.layerMinXMinYCorner]
        }
        expectPixel(some, 1, 1, (0, 0, 0, 0), tolerance: 0)
        expectPixel(some, 98, 98, mix(0.985))
    }

    @Test func theGradientLiesBetweenTheBackgroundAndTheContents() throws {
        let root = whiteRoot()
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        layer.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 0.5), CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)]
        layer.contents = CGImage(
            rgbaPixels: Array(repeating: [0, 0, 255, 255], count: 4).flatMap { $0 }, width: 2, height: 2)
        layer.contentsGravity = .center
        root.addSublayer(layer)
        let image = try render(root)
        // Half red over green around the 2-point image; the image over both.
        expectPixel(image, 10, 10, (128, 128, 0, 255))
        expectPixel(image, 50, 50, (0, 0, 255, 255), tolerance: 0)
    }

    @Test func opacityAndDrawingOverTheGradient() throws {
        final class Marked: CAGradientLayer {
            override func draw(in ctx: CGContext) {
                ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
                ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            }
        }
        let layer = Marked()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.colors = [Self.red, Self.red]
        layer.opacity = 0.5
        layer.setNeedsDisplay()
        let image = try render(layer)
        // A group: the drawing covers the gradient, then the whole is at half opacity.
        expectPixel(image, 5, 5, (0, 255, 0, 128))
        expectPixel(image, 50, 50, (255, 0, 0, 128))
    }

    @Test func colorsMidAnimationAreBlendedOnTheRenderSide() throws {
        let clock = ManualClock(whiteRoot(), at: 0)
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.colors = [Self.red, Self.blue]
        clock.layer.addSublayer(layer)
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "colors")
        animation.fromValue = [Self.red, Self.blue]
        animation.toValue = [Self.blue, Self.red]
        animation.duration = 4
        layer.add(animation, forKey: "swap")
        CATransaction.flush()
        clock.seek(to: 1)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let image = try renderer.render(clock.layer)
        // A quarter of the way: the top stop is (0.75, 0, 0.25), the bottom (0.25, 0, 0.75).
        // Row 49.5 lies 0.495 between them: red 0.75 - 0.5 × 0.495.
        let red = 0.75 - 0.5 * 0.495
        expectPixel(image, 50, 49, (UInt8((255 * red).rounded()), 0, UInt8((255 * (1 - red)).rounded()), 255))
        let top = 0.75 - 0.5 * 0.005
        expectPixel(image, 50, 0, (UInt8((255 * top).rounded()), 0, UInt8((255 * (1 - top)).rounded()), 255))
    }

    @Test func pointsAndLocationsMidAnimation() throws {
        let clock = ManualClock(whiteRoot(), at: 0)
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.colors = [Self.red, Self.blue]
        layer.locations = [0, 1]
        clock.layer.addSublayer(layer)
        CATransaction.flush()
        let points = CABasicAnimation(keyPath: "endPoint")
        points.fromValue = CGPoint(x: 0.5, y: 1)
        points.toValue = CGPoint(x: 0.5, y: 0.5)
        points.duration = 2
        let locations = CABasicAnimation(keyPath: "locations")
        locations.fromValue = [0, 1]
        locations.toValue = [0.5, 1]
        locations.duration = 2
        layer.add(points, forKey: "end")
        layer.add(locations, forKey: "stops")
        CATransaction.flush()
        clock.seek(to: 1)
        let image = try render(clock.layer, at: clock.now)
        // Half-way: the gradient ends at y = 75 with its stops at 0.25 and 1 of it.
        expectPixel(image, 50, 10, mix(0))
        expectPixel(image, 50, 40, mix((40.5 / 75 - 0.25) / 0.75))
        expectPixel(image, 50, 80, mix(1))
    }

    @Test func manyGradientsShareADrawCallForEachShading() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        for i in 0..<200 {
            let layer = CAGradientLayer()
            layer.frame = CGRect(x: CGFloat(i % 20) * 10, y: CGFloat(i / 20) * 10, width: 10, height: 10)
            layer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            // The first hundred axial with two stops; the others conic, or with three stops.
            layer.colors = i < 100 || i % 2 == 0 ? [Self.red, Self.blue] : [Self.blue, Self.red, Self.blue]
            layer.type = i >= 100 && i % 2 == 0 ? .conic : .axial
            root.addSublayer(layer)
        }
        let renderer = try OffscreenRenderer(width: 200, height: 100)
        let image = try renderer.render(root)
        #expect(renderer.statistics.drawCalls == 2)
        // Only the texels the blocks fill travel: two header texels, a colour per stop and a
        // texel of locations, 5 for two stops and 6 for three, 16 bytes each.
        #expect(renderer.statistics.uploadedBytes == (150 * 5 + 50 * 6) * 16)
        // Layer 22 (x 20, y 10) runs red → blue: its row 4 is 0.45 of the way.
        expectPixel(image, 24, 14, mix(0.45))
        // Layer 101 (x 10, y 50) runs blue → red → blue.
        expectPixel(image, 14, 50, mix(1 - 0.1))
    }

    @Test func replicatedGradientsShowTheirGradient() throws {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.colors = [Self.red, Self.blue]
        layer.startPoint = CGPoint(x: 0, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 0.5)
        replicator.addSublayer(layer)
        let image = try render(replicator)
        for copy in 0..<3 {
            expectPixel(image, copy * 30 + 4, 10, mix(4.5 / 20))
            expectPixel(image, copy * 30 + 15, 10, mix(15.5 / 20))
        }
        expectPixel(image, 25, 10, (0, 0, 0, 0), tolerance: 0)
    }
}
