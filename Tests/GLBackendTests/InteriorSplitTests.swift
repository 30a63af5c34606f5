import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// A large rounded fill is drawn as its inside, without coverage, and the four strips around it
/// (`QuadInstance.splitInterior(in:)`): the pixels the one shaped quad drew, each drawn once.
@Suite struct InteriorSplitTests {
    /// A 240 x 120 root holding a 160 x 100 fill rounded by 12 at `origin` in `color`.
    func scene(origin: CGPoint, color: CGColor) -> (root: CALayer, list: DisplayList) {
        let root = whiteRoot(240, 120)
        let fill = solidLayer(CGRect(origin: origin, size: CGSize(width: 160, height: 100)), color)
        fill.cornerRadius = 12
        root.addSublayer(fill)
        return (root, FrameBuilder.build(renderTree(root), root: root.layerID, width: 240, height: 120))
    }

    @Test func theInsideIsTheShapeLessItsCornersAndTheStripsSurroundIt() throws {
        let (_, list) = scene(origin: CGPoint(x: 20, y: 10), color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        let interior = try #require(list.instances.first { $0.parameters.isInterior })
        #expect(interior.rect == SIMD4(12, 12, 136, 76) && !interior.isShaped)
        let strips = list.instances.filter { $0.isShaped }.map(\.rect)
        #expect(strips == [SIMD4(0, 0, 160, 12), SIMD4(0, 88, 160, 12), SIMD4(0, 12, 12, 76), SIMD4(148, 12, 12, 76)])
        // The inside is drawn by the plain shader, in a batch of its own.
        let batches = list.commands.compactMap { if case .draw(let batch) = $0 { batch } else { nil } }
        #expect(
            batches.contains { !$0.isShaped && $0.first == list.instances.firstIndex(of: interior) && $0.count == 1 })
    }

    @Test(arguments: [
        (CGPoint(x: 20, y: 10), CGColor(red: 0, green: 0, blue: 1, alpha: 1)),
        (CGPoint(x: 20.5, y: 10.25), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)),
        (CGPoint(x: 41.015625, y: 7.75), CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.7)),
    ])
    func theSplitFillDrawsWhatTheWholeFillDrew(origin: CGPoint, color: CGColor) throws {
        let (_, list) = scene(origin: origin, color: color)
        #expect(list.instances.contains { $0.parameters.isInterior })
        // The same frame with the fill one quad: its first strip grown to the shape, the other
        // pieces drawing nothing.
        var whole = list
        var first = true
        whole.instances = list.instances.map { quad in
            var quad = quad
            if quad.parameters.isInterior {
                quad.color = .zero
            } else if quad.isShaped {
                if first { quad.rect = quad.shapeRect } else { quad.color = .zero }
                first = false
            }
            return quad
        }
        let canvas = TestCanvas(width: 240, height: 120)
        let (split, reference) = (try canvas.render(list), try canvas.render(whole))
        // Up to the rasteriser's rounding of what each quad interpolates; a pixel drawn twice or
        // missed on a seam would differ by far more.
        let largest = largestDifference(split, reference)
        #expect(largest <= 1, "largest difference \(largest)")
    }

    @Test func smallFillsAndFillsOffTheGridAreNotSplitTurnedOnesAre() {
        let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let root = whiteRoot(240, 120)
        // 64 x 54 units inside: under the 4,096 pixels a split needs.
        let small = solidLayer(CGRect(x: 10, y: 10, width: 80, height: 70), blue)
        // Its bounds are not whole 64ths.
        let offGrid = solidLayer(CGRect(x: 10, y: 10, width: 150.3, height: 100), blue)
        let turned = solidLayer(CGRect(x: 100, y: 10, width: 120, height: 100), blue)
        turned.transform = CATransform3DMakeRotation(0.2, 0, 0, 1)
        for layer in [small, offGrid, turned] {
            layer.cornerRadius = 8
            root.addSublayer(layer)
        }
        let list = FrameBuilder.build(renderTree(root), root: root.layerID, width: 240, height: 120)
        let insides = list.instances.filter { $0.parameters.isInterior }
        #expect(insides.map(\.rect) == [SIMD4(8, 8, 104, 84)], "the turned fill's inside only")
    }

    @Test func anInsideStillCoveredWholeAfterAMoveHoldsAndOneShrunkPastItsMarginDoesNot() throws {
        let (_, list) = scene(origin: CGPoint(x: 20, y: 10), color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        var interior = try #require(list.instances.first { $0.parameters.isInterior })
        let size = SIMD2<Float>(240, 120)
        #expect(interior.interiorHolds(in: size))
        let canvas = TestCanvas(width: 240, height: 120)
        interior.transform = canvas.transform(CATransform3DMakeTranslation(30, 5, 0))
        #expect(interior.interiorHolds(in: size), "moved")
        interior.transform = canvas.transform(CATransform3DMakeScale(0.05, 0.05, 1))
        // Its 12 units of margin are 0.6 of a pixel: under the pixel the inside keeps clear.
        #expect(!interior.interiorHolds(in: size), "shrunk")
    }
}
