import Foundation
import Testing

@testable import SceneCore

/// A quad keeps its transform's first, second and fourth rows: its points have z = 0, so the
/// third row never moves them.
@Suite struct QuadInstanceTests {
    /// A turn about y under perspective: every row of it is in use.
    private let turned: SIMD16<Float> = {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        return CATransform3DConcat(CATransform3DMakeRotation(0.7, 0, 1, 0), perspective).float16
    }()

    @Test func theTransformKeepsEveryRowButTheThird() {
        let quad = QuadInstance(
            transform: turned, rect: SIMD4(0, 0, 10, 10), color: .one, shapeRect: .zero,
            parameters: .init(paint: .color))
        var expected = turned
        expected.highHalf.lowHalf = .zero
        #expect(turned.highHalf.lowHalf != .zero, "the turn has a third row")
        #expect(quad.transform == expected)
        #expect(quad.transformX == SIMD4(turned[0], turned[1], turned[2], turned[3]))
        #expect(quad.transformOrigin == SIMD4(turned[12], turned[13], turned[14], turned[15]))
    }

    @Test func aQuadHasTheTransformItWasGivenWhateverTheThirdRow() {
        let quad = QuadInstance(
            transform: turned, rect: SIMD4(0, 0, 10, 10), color: .one, shapeRect: .zero,
            parameters: .init(paint: .color))
        #expect(quad.hasTransform(turned))
        #expect(quad.hasTransform(quad.transform))
        for row in [0, 1, 3] {
            var moved = turned
            moved[row * 4] += 0.25
            #expect(!quad.hasTransform(moved), "row \(row + 1) differs")
        }
    }
}
