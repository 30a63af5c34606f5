import Foundation
import Testing

@testable import SceneCore

@Suite struct MediaTimingFunctionTests {
    // Reference outputs of the cubic Bézier curves at x = 0.25, 0.5, 0.75 (solved to 1e-9).
    @Test(arguments: [
        (CAMediaTimingFunction.Name.default, [0.408510591, 0.802403388, 0.960458978]),
        (.easeIn, [0.093464651, 0.315356813, 0.621861869]),
        (.easeOut, [0.378138131, 0.684643187, 0.906535349]),
        (.easeInEaseOut, [0.129161931, 0.5, 0.870838069]),
        (.linear, [0.25, 0.5, 0.75]),
    ])
    func namedCurvesMatchTheirBezier(name: CAMediaTimingFunction.Name, expected: [Double]) {
        let function = CAMediaTimingFunction(name: name)
        for (x, y) in zip([0.25, 0.5, 0.75], expected) {
            #expect(abs(function.value(at: x) - y) < 1e-6, "\(name.rawValue) at \(x)")
        }
        #expect(abs(function.value(at: 0)) < 1e-12)
        #expect(abs(function.value(at: 1) - 1) < 1e-9)
    }

    @Test func outputIsMonotoneAndInputIsClamped() {
        let function = CAMediaTimingFunction(name: .default)
        let samples = stride(from: 0.0, through: 1.0, by: 0.01).map { function.value(at: $0) }
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 })
        #expect(function.value(at: -1) == function.value(at: 0))
        #expect(function.value(at: 2) == function.value(at: 1))
        #expect(abs(function.value(at: .nan)) < 1e-12)
    }

    @Test func customCurvesMayOvershoot() {
        let back = CAMediaTimingFunction(controlPoints: 0.34, 1.56, 0.64, 1)
        let peak = stride(from: 0.0, through: 1.0, by: 0.01).map { back.value(at: $0) }.max() ?? 0
        #expect(peak > 1.05)
    }

    @Test func controlPointsAreReportedWithFixedEnds() {
        let function = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
        var point: [Float] = [9, 9]
        function.getControlPoint(at: 0, values: &point)
        #expect(point == [0, 0])
        function.getControlPoint(at: 1, values: &point)
        #expect(point == [0.1, 0.2])
        function.getControlPoint(at: 2, values: &point)
        #expect(point == [0.3, 0.4])
        function.getControlPoint(at: 3, values: &point)
        #expect(point == [1, 1])
    }
}
