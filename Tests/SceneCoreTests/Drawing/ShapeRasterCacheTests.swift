import Foundation
import Testing

@testable import SceneCore

/// The render side's kept shape rasters: drawn once while their values stay, again when they
/// change, and, for shapes the last frame drew, ahead of the frame and side by side.
@Suite struct ShapeRasterCacheTests {
    /// The committed path the shapes share: the cache compares paths by identity.
    static let square = CGPath(rect: CGRect(x: 2, y: 2, width: 16, height: 16), transform: nil)

    /// A shape layer's values: a 20 x 20 square stroked red, `strokeEnd` as given.
    func properties(strokeEnd: CGFloat) -> LayerProperties {
        var p = LayerProperties()
        p.isShapeLayer = true
        p.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        p.shapePath = Self.square
        p.fillColor = nil
        p.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        p.strokeEnd = strokeEnd
        return p
    }

    @Test func aStillShapeIsRasterisedOnceAndAChangedOneAgain() throws {
        let cache = ShapeRasterCache()
        let id = LayerID(rawValue: 7)
        let first = try #require(cache.raster(of: id, ShapeRaster.Key(properties(strokeEnd: 1), scale: 1)))
        let again = try #require(cache.raster(of: id, ShapeRaster.Key(properties(strokeEnd: 1), scale: 1)))
        #expect(first.image === again.image)
        #expect(cache.rasterizations == 1)
        #expect(!cache.takeReplacedImages())
        let changed = try #require(cache.raster(of: id, ShapeRaster.Key(properties(strokeEnd: 0.5), scale: 1)))
        #expect(changed.image !== first.image)
        #expect(cache.rasterizations == 2)
        #expect(cache.takeReplacedImages(), "the first raster's image may go once updated")
        // The bottom and left edges' stroke went (the path runs along the top and down the right
        // first): the new image is an update of the first, in the pixels those edges and the
        // corner joins covered, x and y 1...18 of the 20 x 20 raster.
        let region = try #require(changed.image.updatedRegion)
        #expect(region == UpdatedRegion(base: first.image.imageID, x: 1, y: 1, width: 18, height: 18))
        #expect(cache.imageIDs == [changed.image.imageID, first.image.imageID])
    }

    @Test func aRedrawnShapeWithTheSamePixelsKeepsItsImage() throws {
        let cache = ShapeRasterCache()
        let id = LayerID(rawValue: 3)
        let first = try #require(cache.raster(of: id, ShapeRaster.Key(properties(strokeEnd: 1), scale: 1)))
        // A lower miter limit that the square's right angles (a miter of 1.41 widths) stay within.
        var lower = properties(strokeEnd: 1)
        lower.miterLimit = 9
        let again = try #require(cache.raster(of: id, ShapeRaster.Key(lower, scale: 1)))
        #expect(cache.rasterizations == 2)
        #expect(again.image === first.image)
        #expect(!cache.takeReplacedImages())
    }

    @Test func shapesTheLastFrameDrewAreRasterisedBeforeTheFrame() throws {
        let cache = ShapeRasterCache()
        let ids = (1...3).map { LayerID(rawValue: UInt64($0)) }
        var shown: [LayerID: LayerProperties] = [:]
        cache.prepareFrame { shown[$0] }
        for id in ids {
            shown[id] = properties(strokeEnd: 1)
            _ = cache.raster(of: id, ShapeRaster.Key(shown[id]!, scale: 1))
        }
        #expect(cache.rasterizations == 3)
        // Two shapes change; the third stays.
        shown[ids[0]] = properties(strokeEnd: 0.25)
        shown[ids[1]] = properties(strokeEnd: 0.75)
        cache.prepareFrame { shown[$0] }
        #expect(cache.rasterizations == 5, "the two changed shapes, ahead of the frame")
        for id in ids { _ = cache.raster(of: id, ShapeRaster.Key(shown[id]!, scale: 1)) }
        #expect(cache.rasterizations == 5, "the frame finds them kept")
        // A shape the last frame did not draw is left to the frame that draws it.
        cache.prepareFrame { shown[$0] }
        shown[ids[2]] = properties(strokeEnd: 0.5)
        cache.prepareFrame { shown[$0] }
        #expect(cache.rasterizations == 5)
    }

    @Test func aRasterDrawnAfterAnotherReusesItsMeasuresAndDrawsTheSamePixels() throws {
        let first = try #require(ShapeRaster.rasterize(ShapeRaster.Key(properties(strokeEnd: 0.25), scale: 2)))
        let key = ShapeRaster.Key(properties(strokeEnd: 0.6), scale: 2)
        let after = try #require(ShapeRaster.rasterize(key, after: first))
        let fresh = try #require(ShapeRaster.rasterize(key))
        #expect(after.extent == first.extent && after.rect == fresh.rect)
        #expect(after.trim?.length == first.trim?.length && after.trim?.length == 64)
        #expect(after.image.pixels == fresh.image.pixels)
    }

    @Test func forgottenLayersLetTheirImagesGo() throws {
        let cache = ShapeRasterCache()
        _ = cache.raster(of: LayerID(rawValue: 1), ShapeRaster.Key(properties(strokeEnd: 1), scale: 1))
        cache.remove([LayerID(rawValue: 1)])
        #expect(cache.imageIDs.isEmpty)
        #expect(cache.takeReplacedImages())
    }
}
