import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `PathClipping`: paths Cairo can hold pass through untouched; others are cut to the safe
/// rectangle (2^21 pixels around the store) in the ways fills and strokes need.
@Suite struct PathClippingTests {
    /// A 200 x 200 store drawn at scale 2: the safe rectangle reaches 2^20 points beyond it.
    let clipping = PathClipping(
        transform: CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0),
        store: CGRect(x: 0, y: 0, width: 200, height: 200))
    let margin: CGFloat = 1_048_576

    private func points(_ elements: [CGPathElementKind]) -> [CGPoint] { elements.flatMap(\.points) }

    @Test func pathsWithinRangeAreHandedOnUnchanged() {
        let path = CGMutablePath()
        path.addRoundedRect(in: CGRect(x: 10, y: 10, width: 80, height: 60), cornerWidth: 8, cornerHeight: 8)
        path.addEllipse(in: CGRect(x: -margin + 1, y: -margin + 1, width: 2 * margin, height: 2 * margin))
        path.move(to: CGPoint(x: 5, y: 5))
        path.addLine(to: CGPoint(x: 100 + margin, y: -margin))
        #expect(clipping.contains(path.elements))
        #expect(clipping.fill(path.elements) == path.elements)
        #expect(clipping.stroke(path.elements) == path.elements)
        #expect(clipping.stroke(path.elements, dashLength: 3) == path.elements)
    }

    @Test func aFillIsClippedAsAPolygonToTheSafeRectangle() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1e9, y: 100), CGPoint(x: 0, y: 200)])
        path.closeSubpath()
        let clipped = clipping.fill(path.elements)
        #expect(clipped.first == .moveToPoint(CGPoint(x: 0, y: 0)))
        #expect(clipped.last == .closeSubpath)
        // The far vertex is replaced by the two crossings of x = 100 + 2^20 points.
        #expect(points(clipped).map(\.x).max() == 100 + margin)
        #expect(points(clipped).count == 4)
        #expect(points(clipped).allSatisfy { $0.y >= 0 && $0.y <= 200 })
    }

    @Test func aStrokeIsCutWhereItLeavesAndNotClosedAlongTheRectangle() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1e9, y: 100), CGPoint(x: 0, y: 200)])
        path.closeSubpath()
        let clipped = clipping.stroke(path.elements)
        // One open piece: in along the last edge, on through the start (joined there), out again.
        #expect(clipped.filter { if case .moveToPoint = $0 { true } else { false } }.count == 1)
        #expect(!clipped.contains(.closeSubpath))
        #expect(clipped.contains(.addLineToPoint(CGPoint(x: 0, y: 0))))
        #expect(points(clipped).map(\.x).max() == 100 + margin)
    }

    /// A piece starting on the way back in gets a lead-in as long as the path up to there,
    /// modulo the dash pattern's length.
    @Test func aDashedStrokeStartsWithALeadIn() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: -1e9 - 5, y: 100))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let clipped = clipping.stroke(path.elements, dashLength: 20)
        #expect(clipped.count == 3)
        guard case .moveToPoint(let start) = clipped[0], case .addLineToPoint(let entry) = clipped[1] else {
            Issue.record("expected a move and a line, got \(clipped)")
            return
        }
        #expect(entry.x == -margin && entry.y == 100)
        let run = entry.x - (-1e9 - 5)
        #expect(isClose(entry.x - start.x, run.truncatingRemainder(dividingBy: 20), tolerance: 1e-6))
    }

    /// Every point a clipped curve gives lies in the safe rectangle; pieces inside it stay curves.
    @Test func farCurvesAreSplitIntoCurvesAndChords() {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 100 - 1e9, width: 2e9, height: 2e9)).elements
        for clipped in [clipping.fill(circle), clipping.stroke(circle)] {
            #expect(clipping.contains(clipped))
            #expect(clipped.contains { if case .addCurveToPoint = $0 { true } else { false } })
        }
    }

    /// A shape within range draws byte for byte what Cairo draws from the same calls.
    @Test func aShapeWithinRangeDrawsAsBefore() throws {
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 3.3, y: 4.1, width: 30.7, height: 22.9))
        path.move(to: CGPoint(x: 2, y: 38))
        path.addQuadCurve(to: CGPoint(x: 38, y: 30), control: CGPoint(x: 20, y: -10))
        let shape = ShapeDrawing(
            path: path.elements, fillColor: RGBA(r: 1, g: 0, b: 0, a: 0.5), fillRule: .evenOdd,
            strokeColor: RGBA(r: 0, g: 0, b: 1, a: 0.7), lineWidth: 3, lineCap: .round, lineJoin: .bevel,
            miterLimit: 10, dashes: [4, 2, 1], dashPhase: 1.5, strokeStart: 0, strokeEnd: 1)
        let viaShape = try #require(CGContext(layerWidth: 40, height: 40, scale: 2))
        shape.draw(in: viaShape, scale: 2)
        let direct = try #require(CGContext(layerWidth: 40, height: 40, scale: 2))
        direct.addPath(path)
        direct.setFillColor(RGBA(r: 1, g: 0, b: 0, a: 0.5))
        direct.fillPath(using: .evenOdd)
        direct.addPath(path)
        direct.setLineWidth(3)
        direct.setLineCap(.round)
        direct.setLineJoin(.bevel)
        direct.setMiterLimit(10)
        direct.setLineDash(phase: 1.5, lengths: [4, 2, 1])
        direct.setStrokeColor(RGBA(r: 0, g: 0, b: 1, a: 0.7))
        direct.strokePath()
        let a = try #require(viaShape.makeImage())
        let b = try #require(direct.makeImage())
        #expect(a.pixels == b.pixels)
        #expect(a.pixels.contains { $0 != 0 })
    }
}
