import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Shapes whose paths reach far beyond Cairo's fixed-point range (a vertex at 1e9): the part
/// inside and near the layer is drawn as exact arithmetic says. Before `PathClipping`, Cairo
/// wrapped 1e9 to about -6.6 million and drew the shape towards the wrong side.
@Suite struct HugePathTests {
    static let red: Pixel = (255, 0, 0, 255)
    static let blue: Pixel = (0, 0, 255, 255)
    static let clear: Pixel = (0, 0, 0, 0)

    /// A 200 x 200 shape layer (`contentsScale` 1) drawing `path` filled red or stroked blue.
    private func layer(_ path: CGPath, fill: Bool = true, lineWidth: CGFloat = 10) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        layer.path = path
        layer.fillColor = fill ? CGColor(red: 1, green: 0, blue: 0, alpha: 1) : nil
        layer.strokeColor = fill ? nil : CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.lineWidth = lineWidth
        return layer
    }

    /// A layer's rasterised shape, read at layer points (pixel centres at `contentsScale` 1).
    private struct Drawn {
        var image: CGImage
        var rect: CGRect

        /// Whether the pixel showing layer point (`x`, `y`) is `expected`.
        func shows(_ x: CGFloat, _ y: CGFloat, _ expected: Pixel) -> Bool {
            let p = CGPoint(x: x - rect.minX, y: y - rect.minY)
            guard p.x >= 0, p.y >= 0, p.x < CGFloat(image.width), p.y < CGFloat(image.height) else { return false }
            return isClose(image.pixel(at: p), expected)
        }

        /// Expects the pixel showing layer point (`x`, `y`): the raster's, or clear outside it.
        func expect(
            _ x: CGFloat, _ y: CGFloat, _ expected: Pixel, _ comment: Comment? = nil,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let p = CGPoint(x: x - rect.minX, y: y - rect.minY)
            if p.x >= 0, p.y >= 0, p.x < CGFloat(image.width), p.y < CGFloat(image.height) {
                expectPixel(image, at: p, expected, comment, sourceLocation: sourceLocation)
            } else {
                #expect(
                    isClose(HugePathTests.clear, expected), "(\(x), \(y)) is outside the raster",
                    sourceLocation: sourceLocation)
            }
        }
    }

    private func drawn(_ layer: CAShapeLayer) throws -> Drawn {
        let raster = try #require(layer.rasterizedShape())
        return Drawn(image: raster.image, rect: raster.rect)
    }

    private func line(from a: CGPoint, to b: CGPoint) -> CGPath {
        let path = CGMutablePath()
        path.move(to: a)
        path.addLine(to: b)
        return path
    }

    @Test func aTriangleWithAFarVertexFillsTheLayerSide() throws {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1e9, y: 100), CGPoint(x: 0, y: 200)])
        path.closeSubpath()
        let image = try drawn(layer(path))
        // Within the layer the triangle is 200 - 2e-5 points tall: all of it.
        for (x, y) in [(1, 100), (100, 100), (199, 100), (100, 1), (199, 198), (100, 198)] as [(CGFloat, CGFloat)] {
            image.expect(CGFloat(x) + 0.5, CGFloat(y) + 0.5, Self.red)
        }
        // The raster reaches on to the right, still inside the triangle, and nothing left of x = 0.
        image.expect(1500.5, 100.5, Self.red)
        image.expect(-10.5, 100.5, Self.clear)
        image.expect(1500.5, -10.5, Self.clear)
    }

    @Test func aThickLineToAFarPointShowsOnlyAlongItsDiagonal() throws {
        let image = try drawn(layer(line(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 1e9, y: 1e9)), fill: false))
        for d in [101.5, 150.5, 199.5] as [CGFloat] {
            image.expect(d, d, Self.blue)
        }
        // Beyond the stroke's half width (5) of the diagonal, and before its butt start.
        for (x, y) in [(150.5, 140.5), (140.5, 150.5), (190.5, 100.5), (100.5, 190.5), (95.5, 95.5), (50.5, 50.5)]
            as [(CGFloat, CGFloat)]
        {
            image.expect(x, y, Self.clear)
        }
    }

    /// A square inside a triangle with a far vertex: a hole with the even-odd rule, filled with
    /// non-zero winding (both wind the same way).
    @Test func evenOddAndNonZeroFillsKeepTheirRuleWithAFarVertex() throws {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1e9, y: 100), CGPoint(x: 0, y: 200)])
        path.closeSubpath()
        path.addLines(between: [
            CGPoint(x: 50, y: 50), CGPoint(x: 150, y: 50), CGPoint(x: 150, y: 150), CGPoint(x: 50, y: 150),
        ])
        path.closeSubpath()
        let shape = layer(path)
        shape.fillRule = .evenOdd
        let evenOdd = try drawn(shape)
        evenOdd.expect(100.5, 100.5, Self.clear, "inside both: a hole")
        evenOdd.expect(25.5, 100.5, Self.red)
        evenOdd.expect(175.5, 100.5, Self.red)
        evenOdd.expect(100.5, 175.5, Self.red)
        shape.fillRule = .nonZero
        let nonZero = try drawn(shape)
        nonZero.expect(100.5, 100.5, Self.red, "winding 2")
        nonZero.expect(25.5, 100.5, Self.red)
    }

    /// Dashes 10 on, 10 off along a line starting in the layer: the first dash covers x 0...10.
    @Test func aDashedLineToAFarPointKeepsItsPhaseAtTheStart() throws {
        let shape = layer(line(from: CGPoint(x: 0, y: 100), to: CGPoint(x: 1e9, y: 100)), fill: false, lineWidth: 4)
        shape.lineDashPattern = [10, 10]
        let image = try drawn(shape)
        for x in [0.5, 9.5, 20.5, 29.5, 180.5, 189.5] as [CGFloat] {
            image.expect(x, 100.5, Self.blue, "dash at x = \(x)")
        }
        for x in [10.5, 19.5, 30.5, 190.5, 199.5] as [CGFloat] {
            image.expect(x, 100.5, Self.clear, "gap at x = \(x)")
        }
    }

    /// A dashed line coming from -1e9 - 5: 1e9 + 5 points of pattern have run at x = 0, so
    /// the dashes cover x -5...5, 15...25 and so on, wherever the cut path starts.
    @Test func aDashedLineFromAFarPointKeepsItsPhase() throws {
        let shape = layer(
            line(from: CGPoint(x: -1e9 - 5, y: 100), to: CGPoint(x: 1e9, y: 100)), fill: false, lineWidth: 4)
        shape.lineDashPattern = [10, 10]
        let image = try drawn(shape)
        for x in [-4.5, 4.5, 15.5, 24.5, 195.5] as [CGFloat] {
            image.expect(x, 100.5, Self.blue, "dash at x = \(x)")
        }
        for x in [5.5, 14.5, 25.5, 185.5] as [CGFloat] {
            image.expect(x, 100.5, Self.clear, "gap at x = \(x)")
        }
    }

    /// `strokeEnd` 0.5 of a line to 1e9 ends at 5e8: all of the layer's part is drawn.
    @Test func halfAStrokeToAFarPointIsDrawnWhereItLies() throws {
        let shape = layer(line(from: CGPoint(x: 0, y: 100), to: CGPoint(x: 1e9, y: 100)), fill: false)
        shape.strokeEnd = 0.5
        let image = try drawn(shape)
        for x in [0.5, 100.5, 199.5, 1500.5] as [CGFloat] {
            image.expect(x, 100.5, Self.blue)
        }
        image.expect(-0.5, 100.5, Self.clear)
    }

    /// `strokeStart` 0.5 of a line from -1e9 + 100 to 1e9 + 100 starts at x = 100 exactly.
    @Test func aStrokeStartMeasuredOnAFarReachingLine() throws {
        let shape = layer(
            line(from: CGPoint(x: -1e9 + 100, y: 100), to: CGPoint(x: 1e9 + 100, y: 100)), fill: false)
        shape.strokeStart = 0.5
        let image = try drawn(shape)
        image.expect(99.5, 100.5, Self.clear)
        image.expect(100.5, 100.5, Self.blue)
        image.expect(199.5, 100.5, Self.blue)
    }

    /// A circle of radius 1e9 whose leftmost point is (0, 100): its curves are split, not
    /// flattened coarsely, so the edge near the layer lies at x = 0 to well under a pixel.
    @Test func aHugeCircleIsFilledAndStrokedExactlyNearTheLayer() throws {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 100 - 1e9, width: 2e9, height: 2e9))
        let filled = try drawn(layer(circle))
        filled.expect(0.5, 100.5, Self.red)
        filled.expect(0.5, 0.5, Self.red)
        filled.expect(199.5, 199.5, Self.red)
        filled.expect(-0.5, 100.5, Self.clear)
        let stroked = try drawn(layer(circle, fill: false))
        stroked.expect(-4.5, 100.5, Self.blue)
        stroked.expect(4.5, 100.5, Self.blue)
        stroked.expect(4.5, 0.5, Self.blue)
        stroked.expect(-5.5, 100.5, Self.clear)
        stroked.expect(5.5, 100.5, Self.clear)
    }

    /// A dashed parabola 2e9 points wide, x = 1e9 s, y = 1e9 s^2 (s from -1 to 1) moved so that
    /// its point at s = 0.001 is (100, 100): near the layer it runs along y = 100 + 0.002 (x - 100)
    /// to within a millionth of a point, and that is where the dashes lie. Flattened into 1,000
    /// chords, as trims flatten curves, it lay 1,000 points off there.
    @Test func aDashedHugeCurveIsStrokedAlongItself() throws {
        let dx: CGFloat = 100 - 1e6
        let dy: CGFloat = 100 - 1000
        let path = CGMutablePath()
        path.move(to: CGPoint(x: dx - 1e9, y: dy + 1e9))
        path.addQuadCurve(to: CGPoint(x: dx + 1e9, y: dy + 1e9), control: CGPoint(x: dx, y: dy - 1e9))
        let shape = layer(path, fill: false, lineWidth: 4)
        shape.lineDashPattern = [10, 10]
        let image = try drawn(shape)
        var dashed = 0
        for x in 0..<200 {
            let px = CGFloat(x) + 0.5
            if image.shows(px, 100.5, Self.blue) { dashed += 1 }
            image.expect(px, 94.5, Self.clear)
            image.expect(px, 105.5, Self.clear)
        }
        // Dashes 10 points long and 10 apart: about half the pixels along it.
        #expect((80...120).contains(dashed), "\(dashed) of 200 pixels along the curve are dashed")
    }
}
