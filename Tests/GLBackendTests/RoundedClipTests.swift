import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// Rounded `masksToBounds` clips anti-aliased like rounded backgrounds, and continuous corners
/// (`cornerCurve = .continuous`) with Apple's shape.
@Suite struct RoundedClipTests {
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let black = CGColor(gray: 0, alpha: 1)

    /// A 100x100 white root with a 60x60 clip at (20, 20), corner radius 20, holding a blue
    /// sublayer bigger than the clip.
    func clippedScene() -> (root: CALayer, clip: CALayer) {
        let root = whiteRoot()
        let clip = solidLayer(CGRect(x: 20, y: 20, width: 60, height: 60))
        clip.masksToBounds = true
        clip.cornerRadius = 20
        clip.addSublayer(solidLayer(CGRect(x: -20, y: -20, width: 100, height: 100), blue))
        root.addSublayer(clip)
        return (root, clip)
    }

    /// The expected red (and green) channel of a white pixel covered by blue with `coverage`.
    func whiteOverBlue(_ coverage: Double) -> UInt8 { UInt8((255 * (1 - coverage)).rounded()) }

    @Test func aRoundedClipsEdgeIsAntiAliasedByCoverage() throws {
        let (root, _) = clippedScene()
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let image = try renderer.render(root)
        #expect(renderer.statistics.antialiasedClips == 1)
        // The corner's circle has its centre at window (40, 40) and radius 20; a pixel whose
        // centre is d past the arc (negative inside) is covered 0.5 − d, clamped to 0...1.
        for (x, y) in [(21, 33), (22, 31), (23, 29), (24, 27), (27, 24), (33, 21)] {
            let distance = hypot(40 - (Double(x) + 0.5), 40 - (Double(y) + 0.5)) - 20
            let coverage = min(max(0.5 - distance, 0), 1)
            let expected = whiteOverBlue(coverage)
            expectPixel(image, x, y, (expected, expected, 255, 255), tolerance: 20, "distance \(distance)")
        }
        // Some edge pixels are partly covered: not only fully in or out as a stencil clip gives.
        let partial = [(21, 33), (22, 31), (23, 29), (24, 27)].map { image.pixel(x: $0.0, y: $0.1).r }
        #expect(partial.contains { $0 > 30 && $0 < 225 }, "edge reds \(partial)")
        expectPixel(image, 50, 50, (0, 0, 255, 255))
        expectPixel(image, 50, 20, (0, 0, 255, 255))
        expectPixel(image, 10, 50, (255, 255, 255, 255))
        expectPixel(image, 21, 21, (255, 255, 255, 255))
    }

    @Test func theClipsEdgeMatchesTheRoundedBackgroundsEdge() throws {
        // A rounded blue background and a rounded clip of a blue sublayer cover the same pixels
        // by the same amounts.
        let (clipped, _) = clippedScene()
        let background = whiteRoot()
        let card = solidLayer(CGRect(x: 20, y: 20, width: 60, height: 60), blue)
        card.cornerRadius = 20
        background.addSublayer(card)
        let a = try render(clipped)
        let b = try render(background)
        for y in 18..<42 {
            for x in 18..<42 {
                expectPixel(a, x, y, b.pixel(x: x, y: y), tolerance: 2)
            }
        }
    }

    @Test func aClipInsideAnotherClipAndAGroupComposesItsCoverage() throws {
        let (root, clip) = clippedScene()
        clip.opacity = 0.5
        let inner = solidLayer(CGRect(x: 10, y: 10, width: 40, height: 40))
        inner.masksToBounds = true
        inner.cornerRadius = 20
        inner.addSublayer(solidLayer(CGRect(x: 0, y: 0, width: 40, height: 40), black))
        clip.sublayers?.first?.addSublayer(inner)
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let image = try renderer.render(root)
        #expect(renderer.statistics.antialiasedClips == 2)
        // Half-opaque blue over white; the inner clip, in the blue sublayer placed at -20, is
        // the circle of radius 20 centred at window (30, 30), filled black.
        expectPixel(image, 35, 50, (128, 128, 255, 255), tolerance: 2)
        expectPixel(image, 30, 30, (128, 128, 128, 255), tolerance: 2)
        expectPixel(image, 60, 30, (128, 128, 255, 255), tolerance: 2, "outside the inner circle")
        expectPixel(image, 21, 21, (255, 255, 255, 255), tolerance: 2, "outside the outer clip")
    }

    @Test func squareClipsStillUseTheStencil() throws {
        let (root, clip) = clippedScene()
        clip.cornerRadius = 0
        let renderer = try OffscreenRenderer(width: 100, height: 100)
        let image = try renderer.render(root)
        #expect(renderer.statistics.antialiasedClips == 0 && renderer.statistics.clipPushes == 1)
        expectPixel(image, 20, 20, (0, 0, 255, 255))
        expectPixel(image, 19, 20, (255, 255, 255, 255))
    }

    /// A 400x400 black root holding a white 400x400 layer with continuous (or circular) corners
    /// of radius 100.
    func cornerScene(_ curve: CALayerCornerCurve) throws -> RenderedImage {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 400, height: 400), black)
        let card = solidLayer(root.bounds, CGColor(gray: 1, alpha: 1))
        card.cornerRadius = 100
        card.cornerCurve = curve
        root.addSublayer(card)
        return try render(root)
    }

    @Test func aContinuousCornerHasApplesShape() throws {
        let continuous = try cornerScene(.continuous)
        let circular = try cornerScene(.circular)
        // Apple's continuous corner of radius r starts 1.528665 r along each edge and crosses the
        // diagonal 0.2863 r from each edge (a circular one: r and 0.2929 r). With r = 100 the
        // diagonal pixel (28, 28), centre 28.5, is 0.13 px past the continuous curve along each
        // axis (0.18 px along the diagonal: coverage 0.32) and 0.79 px past the circular one
        // (1.12 px: coverage 0).
        expectPixel(continuous, 28, 28, (82, 82, 82, 255), tolerance: 26)
        expectPixel(circular, 28, 28, (0, 0, 0, 255), tolerance: 2)
        // One radius along the top edge the continuous curve is still 1.34 px below the edge:
        // row 0 there is uncovered, where a circular corner has already reached the edge.
        expectPixel(continuous, 100, 0, (0, 0, 0, 255), tolerance: 2)
        expectPixel(circular, 100, 0, (255, 255, 255, 255), tolerance: 2)
        expectPixel(continuous, 100, 2, (255, 255, 255, 255), tolerance: 2)
        // Past 1.528665 r the edge is straight.
        expectPixel(continuous, 160, 0, (255, 255, 255, 255), tolerance: 2)
        // The same holds at the other three corners (mirrored).
        expectPixel(continuous, 399 - 28, 28, (82, 82, 82, 255), tolerance: 26)
        expectPixel(continuous, 399 - 28, 399 - 28, (82, 82, 82, 255), tolerance: 26)
        expectPixel(continuous, 28, 399 - 28, (82, 82, 82, 255), tolerance: 26)
    }

    @Test func aContinuousBorderFollowsTheContinuousCorner() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 400, height: 400), black)
        let card = solidLayer(root.bounds)
        card.cornerRadius = 100
        card.cornerCurve = .continuous
        card.borderWidth = 10
        card.borderColor = CGColor(gray: 1, alpha: 1)
        root.addSublayer(card)
        let image = try render(root)
        // The ring's outer edge is the continuous curve; its inner edge is 10 px inside.
        expectPixel(image, 100, 0, (0, 0, 0, 255), tolerance: 2)
        expectPixel(image, 100, 5, (255, 255, 255, 255), tolerance: 2)
        expectPixel(image, 200, 5, (255, 255, 255, 255), tolerance: 2)
        expectPixel(image, 200, 20, (0, 0, 0, 255), tolerance: 2)
        expectPixel(image, 200, 200, (0, 0, 0, 255), tolerance: 2)
    }
}
