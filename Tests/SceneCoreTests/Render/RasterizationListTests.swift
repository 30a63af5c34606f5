import Foundation
import Testing

@testable import SceneCore

/// The display list of a rasterized layer: its bitmap's request, the commands between
/// `beginRaster` and `endRaster`, and the quad that composites it.
@Suite struct RasterizationListTests {
    /// A 50x50 card at (20, 20), opacity 0.5, rasterized, with a 20x20 sublayer at `sublayer`.
    func card(sublayer: CGRect = CGRect(x: 40, y: 40, width: 20, height: 20)) -> (root: CALayer, card: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 20, width: 50, height: 50)
        card.backgroundColor = red
        card.opacity = 0.5
        card.shouldRasterize = true
        let inner = CALayer()
        inner.frame = sublayer
        inner.backgroundColor = blue
        card.addSublayer(inner)
        root.addSublayer(card)
        return (root, card)
    }

    /// The requests and the composited quads of `list`'s rasterized layers.
    func rasters(_ list: DisplayList) -> [(request: RasterRequest, quad: QuadInstance)] {
        var requests: [RasterRequest] = []
        var quads: [QuadInstance] = []
        for command in list.commands {
            if case .beginRaster(let request) = command { requests.append(request) }
            if case .drawRaster(_, let batch) = command { quads.append(list.instances[batch.first]) }
        }
        return Array(zip(requests, quads))
    }

    @Test func theBitmapCoversASublayerStickingOutAndIsCompositedWithTheOpacity() throws {
        let (root, card) = card()
        let list = displayList(for: root)
        let raster = try #require(rasters(list).first)
        #expect(raster.request.layer == card.layerID)
        #expect(raster.request.width == 60 && raster.request.height == 60)
        #expect(raster.quad.rect == SIMD4(0, 0, 60, 60))
        #expect(raster.quad.uv == SIMD4(0, 1, 1, 0))
        #expect(raster.quad.color == SIMD4(repeating: 0.5))
        // Inside the bitmap: the card's background and its sublayer, at full opacity, no group.
        let begin = try #require(list.commands.firstIndex { if case .beginRaster = $0 { true } else { false } })
        let end = try #require(list.commands.firstIndex { $0 == .endRaster })
        let inside = list.commands[(begin + 1)..<end]
        #expect(!inside.contains(.beginGroup))
        let drawn = inside.flatMap { command -> [QuadInstance] in
            guard case .draw(let batch) = command else { return [] }
            return Array(list.instances[batch.first..<(batch.first + batch.count)])
        }
        #expect(drawn.map(\.color) == [SIMD4(1, 0, 0, 1), SIMD4(0, 0, 1, 1)])
        // The card's space maps onto the 60x60 bitmap: its corner (50, 50) at pixel (50, 50).
        let corner = windowPoint(drawn[0], x: 50, y: 50, width: 60, height: 60)
        #expect(abs(corner.x - 50) < 1e-4 && abs(corner.y - 50) < 1e-4)
    }

    @Test func masksToBoundsCutsTheBitmapToTheBounds() throws {
        let (root, card) = card()
        card.masksToBounds = true
        let raster = try #require(rasters(displayList(for: root)).first)
        #expect(raster.request.width == 50 && raster.request.height == 50)
    }

    @Test func theBitmapHasRasterizationScalePixelsPerPointOnWholePixels() throws {
        let (root, card) = card(sublayer: CGRect(x: -10.25, y: 0, width: 5, height: 5))
        let atOne = try #require(rasters(displayList(for: root)).first)
        // From x −10.25 (snapped down to −11) to 50.
        #expect(atOne.request.width == 61 && atOne.request.height == 50)
        #expect(atOne.quad.rect == SIMD4(-11, 0, 61, 50))
        card.rasterizationScale = 0.5
        let atHalf = try #require(rasters(displayList(for: root)).first)
        // −10.25 × 0.5 = −5.125, snapped to −6 pixels: −12 points.
        #expect(atHalf.request.width == 31 && atHalf.request.height == 25)
        #expect(atHalf.quad.rect == SIMD4(-12, 0, 62, 50))
    }
}
