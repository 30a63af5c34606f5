import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// Paths at the edge of what a `CGFloat` holds (issue 12): non-finite coordinates and angles are
/// refused by the calls that build a path, with a logged error; huge finite coordinates flatten
/// without trapping; an arc's angles are normalised arithmetically and its sweep capped at a turn.
@Suite struct PathLimitsTests {
    /// A path from the origin through a cubic curve whose far point is at `far`.
    private func curve(to far: CGPoint) -> CGMutablePath {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: far, control1: CGPoint(x: 0, y: 10), control2: CGPoint(x: 10, y: 10))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.closeSubpath()
        return path
    }

    @Test func aNaNCoordinateIsRefusedWithAnError() {
        var path = CGMutablePath()
        let messages = Diagnostics.capturing { path = curve(to: CGPoint(x: CGFloat.nan, y: 5)) }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("addCurve") == true)
        #expect(path.elements.count == 3, "the curve is left out")
        #expect(path.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 10, height: 0))
        #expect(!path.contains(CGPoint(x: 5, y: 5)))
        let infinite = CGMutablePath()
        let more = Diagnostics.capturing {
            infinite.move(to: CGPoint(x: 0, y: CGFloat.infinity))
            infinite.addLine(to: CGPoint(x: 1, y: 1), transform: CGAffineTransform(scaleX: .nan, y: 1))
            infinite.addRect(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
        }
        #expect(more.count == 3)
        #expect(infinite.isEmpty)
    }

    @Test func hugeCoordinatesFlatten() {
        for far in [1e37, 1e300, CGFloat.greatestFiniteMagnitude] {
            let path = curve(to: CGPoint(x: far, y: far))
            let box = path.boundingBoxOfPath
            #expect(box.minX == 0 && box.minY == 0)
            #expect(box.maxX > 1e36 && box.maxY > 1e36)
            // Whether (5, 2) is inside is lost to rounding in products of such coordinates; it must not trap.
            _ = path.contains(CGPoint(x: 5, y: 2))
        }
    }

    @Test func flatteningSkipsPointsThatCannotBeRepresented() {
        // A huge transform turns finite coordinates into infinities inside the path itself.
        var scale = CGAffineTransform(scaleX: 1e300, y: 1e300)
        let path = curve(to: CGPoint(x: 1e37, y: 1e37)).copy(using: &scale)!
        let inside = CGPath(elements: path.elements + [.moveToPoint(CGPoint(x: CGFloat.nan, y: 0))])
        for candidate in [path, inside] {
            #expect(candidate.polygons(tolerance: 0.05).joined().allSatisfy { $0.x.isFinite && $0.y.isFinite })
            _ = candidate.boundingBoxOfPath
            _ = candidate.contains(CGPoint(x: 5, y: 2))
        }
    }

    @Test func aKeyframePathWithHugeCoordinatesAnimates() {
        let clock = ManualClock(at: 0)
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = curve(to: CGPoint(x: 1e300, y: 1e300))
        animation.duration = 1
        clock.add(animation, forKey: "follow")
        #expect(clock.presented(at: 0).position == .zero)
        #expect(clock.presented(at: 0.5).position.x.isFinite)
    }

    @Test func aShapeLayerTrimsAPathWithHugeCoordinates() {
        let layer = CAShapeLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        layer.path = curve(to: CGPoint(x: 1e300, y: 1e300))
        layer.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.strokeEnd = 0.5
        #expect(layer.rasterizedShape() != nil)
    }

    @Test func anArcWithANonFiniteAngleIsRefused() {
        for end in [CGFloat.nan, .infinity, -.infinity] {
            for clockwise in [false, true] {
                let path = CGMutablePath()
                let messages = Diagnostics.capturing {
                    path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: end, clockwise: clockwise)
                }
                #expect(path.isEmpty)
                #expect(messages.count == 1 && messages[0].contains("addArc"))
            }
        }
    }

    @Test func aHugeSweepIsCappedAtOneTurn() {
        for end: CGFloat in [1e7, -1e7, 1e20, -1e20, 1e300] {
            for clockwise in [false, true] {
                let path = CGMutablePath()
                path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: end, clockwise: clockwise)
                #expect(path.elements.count <= 5, "a move and at most four quarter-turn curves")
                let box = path.boundingBoxOfPath
                #expect(box.minX >= -10.01 && box.maxX <= 10.01 && box.minY >= -10.01 && box.maxY <= 10.01)
            }
        }
        // A sweep of a turn or more is a whole circle, as in Core Graphics.
        let circle = CGMutablePath()
        circle.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: 1e7, clockwise: false)
        #expect(isClose(circle.boundingBoxOfPath, CGRect(x: -10, y: -10, width: 20, height: 20), tolerance: 0.02))
        #expect(isClose(circle.currentPoint, CGPoint(x: 10, y: 0)))
    }

    @Test func anArcsAngleIsNormalisedIntoOneTurn() {
        // Counterclockwise from 0, −3π/2 is the same angle as π/2: a quarter turn.
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: -3 * .pi / 2, clockwise: false)
        #expect(path.elements.count == 2)
        #expect(isClose(path.currentPoint, CGPoint(x: 0, y: 10)))
        let back = CGMutablePath()
        back.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: 3 * .pi / 2, clockwise: true)
        #expect(back.elements.count == 2)
        #expect(isClose(back.currentPoint, CGPoint(x: 0, y: -10)))
    }
}
