import Foundation
import Testing

@testable import SceneCore

@Suite struct ContentsLayoutTests {
    private let bounds = CGRect(x: 0, y: 0, width: 100, height: 60)

    private func placed(_ gravity: CALayerContentsGravity, image: CGSize = CGSize(width: 20, height: 10)) -> CGRect {
        var p = LayerProperties()
        p.bounds = bounds
        p.contentsGravity = gravity
        return ContentsLayout.pieces(for: p, imageWidth: Int(image.width), imageHeight: Int(image.height))[0]
            .destination
    }

    @Test(arguments: [
        (CALayerContentsGravity.resize, CGRect(x: 0, y: 0, width: 100, height: 60)),
        (.resizeAspect, CGRect(x: 0, y: 5, width: 100, height: 50)),
        (.resizeAspectFill, CGRect(x: -10, y: 0, width: 120, height: 60)),
        (.center, CGRect(x: 40, y: 25, width: 20, height: 10)),
        // "top" is maximum Y and "bottom" minimum Y, as in Core Animation.
        (.top, CGRect(x: 40, y: 50, width: 20, height: 10)),
        (.bottom, CGRect(x: 40, y: 0, width: 20, height: 10)),
        (.left, CGRect(x: 0, y: 25, width: 20, height: 10)),
        (.right, CGRect(x: 80, y: 25, width: 20, height: 10)),
        (.topLeft, CGRect(x: 0, y: 50, width: 20, height: 10)),
        (.topRight, CGRect(x: 80, y: 50, width: 20, height: 10)),
        (.bottomLeft, CGRect(x: 0, y: 0, width: 20, height: 10)),
        (.bottomRight, CGRect(x: 80, y: 0, width: 20, height: 10)),
    ])
    func gravityPlacesTheNaturalSize(gravity: CALayerContentsGravity, expected: CGRect) {
        #expect(placed(gravity) == expected)
    }

    @Test func contentsScaleAndContentsRectSetTheNaturalSize() {
        var p = LayerProperties()
        p.bounds = bounds
        p.contentsGravity = .topLeft
        p.contentsScale = 2
        p.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 1)
        let piece = ContentsLayout.pieces(for: p, imageWidth: 40, imageHeight: 20)[0]
        #expect(piece.destination == CGRect(x: 0, y: 50, width: 10, height: 10))
        #expect(piece.source == CGRect(x: 0.5, y: 0, width: 0.5, height: 1))
    }

    @Test func nineSliceKeepsEdgesAndStretchesTheCentre() {
        var p = LayerProperties()
        p.bounds = bounds
        p.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        let pieces = ContentsLayout.pieces(for: p, imageWidth: 20, imageHeight: 20)
        #expect(pieces.count == 9)
        #expect(pieces[0].destination == CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(pieces[4].destination == CGRect(x: 5, y: 5, width: 90, height: 50))
        #expect(pieces[4].source == CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        #expect(pieces[8].destination == CGRect(x: 95, y: 55, width: 5, height: 5))
    }

    @Test func zeroWidthCentreMeansOneSourcePixel() {
        var p = LayerProperties()
        p.bounds = bounds
        p.contentsCenter = CGRect(x: 0.5, y: 0, width: 0, height: 1)
        let pieces = ContentsLayout.pieces(for: p, imageWidth: 10, imageHeight: 10)
        #expect(pieces.count == 3)
        #expect(abs(pieces[1].source.width - 0.1) < 1e-12)
        #expect(pieces[0].destination.width == 5 && pieces[2].destination.width == 4)
    }
}
