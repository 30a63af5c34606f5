import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// A "ball" and a "ring" drawn the way public code draws them: a shape layer whose path is an arc
/// from 0 to 2π, in either direction and from any start angle, is a whole circle on screen.
@Suite struct FullCircleRenderingTests {
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let white = CGColor(gray: 1, alpha: 1)

    /// A 100 x 100 white root holding a shape layer that fills (or strokes 8 points wide) a circle of
    /// radius 40 about (50, 50) made by `addArc` from `start` to `end`.
    func circle(from start: CGFloat, to end: CGFloat, clockwise: Bool, stroked: Bool) throws -> RenderedImage {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 100), Self.white)
        let shape = CAShapeLayer()
        shape.frame = root.bounds
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: start, endAngle: end, clockwise: clockwise)
        shape.path = path
        if stroked {
            shape.fillColor = nil
            shape.strokeColor = Self.blue
            shape.lineWidth = 8
        } else {
            shape.fillColor = Self.blue
        }
        root.addSublayer(shape)
        return try render(root)
    }

    static let turns: [(start: CGFloat, end: CGFloat)] = [
        (0, 2 * .pi), (2 * .pi, 0), (-.pi / 2, 3 * .pi / 2), (3 * .pi / 2, -.pi / 2), (1, 1 + 4 * .pi),
    ]

    @Test func anArcOfAFullTurnFillsTheWholeDisc() throws {
        for (start, end) in Self.turns {
            for clockwise in [false, true] {
                let image = try circle(from: start, to: end, clockwise: clockwise, stroked: false)
                // Inside the disc at every compass point, 5 points in from its edge, and at its centre.
                let inside = [(50, 50), (85, 50), (15, 50), (50, 85), (50, 15), (75, 75), (25, 25), (25, 75), (75, 25)]
                for (x, y) in inside { expectPixel(image, x, y, (0, 0, 255, 255), tolerance: 0) }
                // Outside it: the corners and 5 points beyond its edge.
                let outside = [(2, 2), (97, 97), (95, 50), (50, 5)]
                for (x, y) in outside { expectPixel(image, x, y, (255, 255, 255, 255), tolerance: 0) }
            }
        }
    }

    @Test func aFullTurnStrokedIsAClosedRing() throws {
        for (start, end) in [(CGFloat(0), 2 * CGFloat.pi), (2 * .pi, 0)] {
            for clockwise in [false, true] {
                let image = try circle(from: start, to: end, clockwise: clockwise, stroked: true)
                // On the ring (radius 40 ± 4) all the way round, and nothing inside or outside it.
                for step in 0..<16 {
                    let angle = CGFloat(step) * .pi / 8
                    let x = Int((50 + 40 * cos(angle)).rounded())
                    let y = Int((50 + 40 * sin(angle)).rounded())
                    expectPixel(image, x, y, (0, 0, 255, 255), tolerance: 0)
                }
                expectPixel(image, 50, 50, (255, 255, 255, 255), tolerance: 0)
                expectPixel(image, 70, 50, (255, 255, 255, 255), tolerance: 0)
                expectPixel(image, 3, 50, (255, 255, 255, 255), tolerance: 0)
            }
        }
    }
}
