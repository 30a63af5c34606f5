import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

@Suite struct CGPathTests {
    /// How far the bounding boxes checked here may be from the exact ones.
    let boxTolerance: CGFloat = 0.02

    @Test func emptyPathHasANullBoundingBox() {
        let path = CGMutablePath()
        #expect(path.isEmpty)
        #expect(path.boundingBox.isNull)
        #expect(path.boundingBoxOfPath.isNull)
    }

    @Test func rectBoundingBoxIsTheRect() {
        let rect = CGRect(x: 3, y: 4, width: 20, height: 10)
        let path = CGPath(rect: rect, transform: nil)
        #expect(path.boundingBox == rect)
        #expect(path.boundingBoxOfPath == rect)
        #expect(path.elements.count == 5)
    }

    @Test func boundingBoxIncludesControlPointsButBoundingBoxOfPathDoesNot() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 0, y: 10), control2: CGPoint(x: 10, y: 10))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        // The curve's highest point: 3 · 10 · (1/2)(1/2) · ... = 7.5 at t = 1/2.
        #expect(isClose(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 7.5), tolerance: boxTolerance))
    }

    @Test func ellipseBoundingBoxOfPathIsItsRect() {
        let rect = CGRect(x: 10, y: 20, width: 40, height: 20)
        let path = CGPath(ellipseIn: rect, transform: nil)
        #expect(isClose(path.boundingBoxOfPath, rect, tolerance: boxTolerance))
        #expect(path.contains(CGPoint(x: 30, y: 30)))
        #expect(!path.contains(CGPoint(x: 12, y: 22)))
        #expect(path.contains(CGPoint(x: 49, y: 30)))
    }

    @Test func windingAndEvenOddDifferInsideNestedSubpaths() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 40, height: 40))
        path.addRect(CGRect(x: 10, y: 10, width: 20, height: 20))
        let centre = CGPoint(x: 20, y: 20)
        let ring = CGPoint(x: 5, y: 20)
        #expect(path.contains(centre, using: .winding))
        #expect(!path.contains(centre, using: .evenOdd))
        #expect(path.contains(ring, using: .winding) && path.contains(ring, using: .evenOdd))
        #expect(!path.contains(CGPoint(x: 50, y: 20)))
    }

    @Test func oppositeWindingMakesAHoleUnderBothRules() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 40, height: 40))
        path.addLines(between: [
            CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 30), CGPoint(x: 30, y: 30), CGPoint(x: 30, y: 10),
        ])
        path.closeSubpath()
        #expect(!path.contains(CGPoint(x: 20, y: 20), using: .winding))
        #expect(!path.contains(CGPoint(x: 20, y: 20), using: .evenOdd))
    }

    @Test func containsAppliesTheTransform() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let shift = CGAffineTransform(translationX: 100, y: 0)
        #expect(path.contains(CGPoint(x: 105, y: 5), transform: shift))
        #expect(!path.contains(CGPoint(x: 5, y: 5), transform: shift))
    }

    @Test func arcWithIncreasingAnglesTurnsTheShortWayUnlessClockwise() {
        let quarter = CGMutablePath()
        quarter.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(isClose(quarter.currentPoint, CGPoint(x: 0, y: 10), tolerance: 1e-6))
        #expect(isClose(quarter.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 10), tolerance: boxTolerance))

        let long = CGMutablePath()
        long.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(isClose(long.currentPoint, CGPoint(x: 0, y: 10), tolerance: 1e-6))
        #expect(isClose(long.boundingBoxOfPath, CGRect(x: -10, y: -10, width: 20, height: 20), tolerance: boxTolerance))
    }

    @Test func aFullTurnIsAWholeCircleInEitherDirection() {
        // Angles a turn or more apart make one circle whichever way it is drawn (Core Graphics):
        // four quarter curves after the move, ending where they began.
        let turns: [(start: CGFloat, end: CGFloat)] = [
            (0, 2 * .pi), (2 * .pi, 0), (-.pi / 2, 3 * .pi / 2), (0.5, 0.5 + 5 * .pi),
        ]
        for (start, end) in turns {
            for clockwise in [false, true] {
                let path = CGMutablePath()
                path.addArc(center: .zero, radius: 10, startAngle: start, endAngle: end, clockwise: clockwise)
                #expect(path.elements.count == 5)
                #expect(isClose(path.boundingBoxOfPath, CGRect(x: -10, y: -10, width: 20, height: 20), tolerance: 0.02))
                let begin = CGPoint(x: 10 * cos(start), y: 10 * sin(start))
                #expect(isClose(path.currentPoint, begin, tolerance: 1e-9))
                // Drawn with increasing angles (counterclockwise in Core Graphics' space), or decreasing.
                guard case .addCurveToPoint(_, _, let firstEnd) = path.elements[1] else {
                    Issue.record("expected a curve, got \(path.elements[1])")
                    continue
                }
                let quarter: CGFloat = clockwise ? -.pi / 2 : .pi / 2
                #expect(
                    isClose(
                        firstEnd, CGPoint(x: 10 * cos(start + quarter), y: 10 * sin(start + quarter)), tolerance: 1e-9))
            }
        }
    }

    @Test func aRelativeArcTurnsByItsDelta() {
        let path = CGMutablePath()
        path.addRelativeArc(center: CGPoint(x: 5, y: 5), radius: 10, startAngle: 0, delta: -.pi / 2)
        #expect(path.elements.count == 2)
        #expect(path.elements[0] == .moveToPoint(CGPoint(x: 15, y: 5)))
        #expect(isClose(path.currentPoint, CGPoint(x: 5, y: -5), tolerance: 1e-9))
        // A delta beyond a turn is one circle; a later arc joins the current point with a line.
        path.addRelativeArc(center: .zero, radius: 2, startAngle: 0, delta: 9 * .pi)
        #expect(path.elements.count == 7)
        #expect(path.elements[2] == .addLineToPoint(CGPoint(x: 2, y: 0)))
        #expect(isClose(path.currentPoint, CGPoint(x: 2, y: 0), tolerance: 1e-9))
        let messages = Diagnostics.capturing {
            path.addRelativeArc(center: .zero, radius: 2, startAngle: 0, delta: .nan)
        }
        #expect(messages.count == 1 && messages[0].contains("addRelativeArc"))
        #expect(path.elements.count == 7)
    }

    @Test func anEllipseIsOneClosedSubpathStartingAtItsRightmostPoint() {
        let rect = CGRect(x: 10, y: 20, width: 40, height: 20)
        let added = CGMutablePath()
        added.addEllipse(in: rect)
        for path in [CGPath(ellipseIn: rect, transform: nil), added] {
            #expect(path.elements.count == 6)
            #expect(path.elements.first == .moveToPoint(CGPoint(x: 50, y: 30)))
            #expect(path.elements.last == .closeSubpath)
            #expect(isClose(path.boundingBoxOfPath, rect, tolerance: 1e-9))
            // The second point is at the bottom (increasing angles, clockwise on screen with y down).
            guard case .addCurveToPoint(_, _, let end) = path.elements[1] else {
                Issue.record("expected a curve, got \(path.elements[1])")
                continue
            }
            #expect(isClose(end, CGPoint(x: 30, y: 40), tolerance: 1e-9))
        }
    }

    @Test func arcStaysOnItsCircle() {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 5, y: 5), radius: 20, startAngle: 0.3, endAngle: 2.9, clockwise: false)
        for point in path.polygons(tolerance: 0.01).flatMap({ $0 }) {
            #expect(abs(hypot(point.x - 5, point.y - 5) - 20) < 0.01)
        }
    }

    @Test func arcAfterAPointJoinsItWithALine() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: -50, y: 0))
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(path.elements[1] == .addLineToPoint(CGPoint(x: 10, y: 0)))
    }

    @Test func tangentArcRoundsTheCorner() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 20, y: 0), tangent2End: CGPoint(x: 20, y: 20), radius: 5)
        #expect(path.elements[1] == .addLineToPoint(CGPoint(x: 15, y: 0)))
        #expect(isClose(path.currentPoint, CGPoint(x: 20, y: 5), tolerance: 1e-9))
        // The arc's midpoint lies on the circle around (15, 5).
        let points = path.polygons(tolerance: 0.01)[0]
        let middle = points[points.count / 2 + 1]
        #expect(abs(hypot(middle.x - 15, middle.y - 5) - 5) < 0.01)
    }

    @Test func roundedRectCutsItsCorners() {
        let rect = CGRect(x: 0, y: 0, width: 40, height: 30)
        let path = CGPath(roundedRect: rect, cornerWidth: 10, cornerHeight: 10, transform: nil)
        #expect(isClose(path.boundingBoxOfPath, rect, tolerance: boxTolerance))
        #expect(!path.contains(CGPoint(x: 1, y: 1)))
        #expect(!path.contains(CGPoint(x: 39, y: 29)))
        #expect(path.contains(CGPoint(x: 20, y: 1)))
        #expect(path.contains(CGPoint(x: 4, y: 4)))
        // Radii beyond half the side are limited to it: a 40 x 30 capsule.
        let capsule = CGPath(roundedRect: rect, cornerWidth: 50, cornerHeight: 50, transform: nil)
        #expect(isClose(capsule.boundingBoxOfPath, rect, tolerance: boxTolerance))
        #expect(!capsule.contains(CGPoint(x: 2, y: 2)))
    }

    @Test func copyWithTransformMovesEveryPoint() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        var t = CGAffineTransform(scaleX: 2, y: 3)
        let copy = path.copy(using: &t)
        #expect(copy?.boundingBox == CGRect(x: 0, y: 0, width: 20, height: 30))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func flattenedSubpathsReportClosure() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        path.addLines(between: [CGPoint(x: 20, y: 0), CGPoint(x: 30, y: 0)])
        let subpaths = path.flattenedSubpaths(tolerance: 0.1)
        #expect(subpaths.map(\.isClosed) == [true, false])
        #expect(subpaths[0].points.count == 4)
    }
}
