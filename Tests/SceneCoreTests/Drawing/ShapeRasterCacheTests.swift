import Foundation
import Testing

@testable import SceneCore

/// The render side's kept shape rasters: drawn once while their values stay, again when they
/// change, and, for shapes the last frame drew, ahead of the frame and side by side; small ones
/// packed into the atlas's pages, written where they changed.
@Suite(.tags(.threads)) struct ShapeRasterCacheTests {
    /// The committed path the shapes share.
    static let square = CGPath(rect: CGRect(x: 2, y: 2, width: 16, height: 16), transform: nil)

    /// A shape layer's values: a 20 x 20 square stroked red, `strokeEnd` as given.
    func properties(strokeEnd: CGFloat, path: CGPath = square) -> LayerProperties {
        var p = LayerProperties()
        p.kind = .shape
        p.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        p.shapePath = path
        p.fillColor = nil
        p.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        p.strokeEnd = strokeEnd
        return p
    }

    @Test func aSmallShapeGoesIntoAnAtlasPageAndOnlyItsChangedPixelsAreWritten() throws {
        let cache = ShapeRasterCache()
        let id = LayerID(rawValue: 7)
        let first = try #require(cache.drawable(of: id, ShapeRaster.Key(properties(strokeEnd: 1), scale: 1)))
        // The raster covers the stroke and a point round it: 20 x 20 pixels from (0, 0), in the
        // first slot of a 1024-pixel page, a transparent pixel in from its corner.
        #expect(first.image.width == 1024 && first.rect == CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(first.uv == SIMD4<Float>(1, 1, 21, 21) / 1024)
        let written = cache.takeTextureUpdates()
        #expect(written.count == 1)
        #expect(written.map { [$0.x, $0.y, $0.width, $0.height] } == [[1, 1, 20, 20]])
        #expect(written.first?.texture === first.image)

        let again = try #require(cache.drawable(of: id, ShapeRaster.Key(properties(strokeEnd: 1), scale: 1)))
        #expect(again.image === first.image && again.uv == first.uv)
        #expect(cache.rasterizations == 1 && cache.takeTextureUpdates().isEmpty)

        // The bottom and left edges' stroke goes (the path runs along the top and down the right
        // first): only the pixels those edges and the corner joins covered are written, x and y
        // 1...18 of the raster.
        _ = try #require(cache.drawable(of: id, ShapeRaster.Key(properties(strokeEnd: 0.5), scale: 1)))
        #expect(cache.rasterizations == 2)
        let changed = cache.takeTextureUpdates()
        #expect(changed.map { [$0.x, $0.y, $0.width, $0.height] } == [[2, 2, 18, 18]])
        #expect(cache.imageIDs == [first.image.imageID])
        #expect(!cache.takeReplacedImages(), "no texture falls out of use")
    }

    @Test func aRedrawnShapeWithTheSamePixelsWritesNothing() throws {
        let cache = ShapeRasterCache()
        let id = LayerID(rawValue: 3)
        _ = cache.drawable(of: id, ShapeRaster.Key(properties(strokeEnd: 1), scale: 1))
        _ = cache.takeTextureUpdates()
        // A lower miter limit that the square's right angles (a miter of 1.41 widths) stay within.
        var lower = properties(strokeEnd: 1)
        lower.miterLimit = 9
        _ = try #require(cache.drawable(of: id, ShapeRaster.Key(lower, scale: 1)))
        #expect(cache.rasterizations == 2)
        #expect(cache.takeTextureUpdates().isEmpty)
    }

    @Test func aLargeShapeIsATextureOfItsOwn() throws {
        let cache = ShapeRasterCache()
        let big = CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 200), transform: nil)
        var p = properties(strokeEnd: 1, path: big)
        p.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let drawable = try #require(cache.drawable(of: LayerID(rawValue: 1), ShapeRaster.Key(p, scale: 1)))
        #expect(drawable.image.width == 204 && drawable.uv == SIMD4(0, 0, 1, 1))
        #expect(cache.takeTextureUpdates().isEmpty)
        #expect(cache.imageIDs == [drawable.image.imageID])
        cache.remove([LayerID(rawValue: 1)])
        #expect(cache.imageIDs.isEmpty)
        #expect(cache.takeReplacedImages(), "its texture may go")
    }

    @Test func aFullAtlasIsEmptiedAtTheNextFrame() throws {
        let cache = ShapeRasterCache()
        // 126 x 126 rasters take 128 x 128 slots: 8 x 8 to a page, 256 in the atlas's 4 pages.
        // Each layer's square is a little lower than the last: 257 different shapes.
        func properties(_ i: Int) -> LayerProperties {
            let path = CGPath(rect: CGRect(x: 1, y: 1 + CGFloat(i) / 1000, width: 122, height: 122), transform: nil)
            var p = self.properties(strokeEnd: 1, path: path)
            p.bounds = CGRect(x: 0, y: 0, width: 126, height: 126)
            return p
        }
        let drawn = (0..<257).compactMap {
            cache.drawable(of: LayerID(rawValue: UInt64($0)), ShapeRaster.Key(properties($0), scale: 1))
        }
        #expect(drawn.count == 257)
        #expect(Set(drawn.prefix(256).map(\.image.imageID)).count == 4)
        #expect(drawn[256].image.width == 126, "the shape that found no room draws from its own image")
        cache.prepareFrame { properties(Int($0.rawValue)) }
        #expect(cache.takeReplacedImages(), "the pages may go")
        let again = try #require(cache.drawable(of: LayerID(rawValue: 256), ShapeRaster.Key(properties(256), scale: 1)))
        #expect(again.image.width == 1024 && again.uv.x == 1 / 1024, "the first slot of a new page")
    }

    @Test func shapesTheLastFrameDrewAreRasterisedBeforeTheFrame() throws {
        let cache = ShapeRasterCache()
        let ids = (1...3).map { LayerID(rawValue: UInt64($0)) }
        var shown: [LayerID: LayerProperties] = [:]
        cache.prepareFrame { shown[$0] }
        for id in ids {
            shown[id] = properties(strokeEnd: 1)
            _ = cache.drawable(of: id, ShapeRaster.Key(shown[id]!, scale: 1))
        }
        #expect(cache.rasterizations == 1, "three layers show one shape")
        // Two shapes change; the third stays.
        shown[ids[0]] = properties(strokeEnd: 0.25)
        shown[ids[1]] = properties(strokeEnd: 0.75)
        cache.prepareFrame { shown[$0] }
        #expect(cache.rasterizations == 3, "the two changed shapes, ahead of the frame")
        for id in ids { _ = cache.drawable(of: id, ShapeRaster.Key(shown[id]!, scale: 1)) }
        #expect(cache.rasterizations == 3, "the frame finds them kept")
        // A shape the last frame did not draw is left to the frame that draws it.
        cache.prepareFrame { shown[$0] }
        shown[ids[2]] = properties(strokeEnd: 0.5)
        cache.prepareFrame { shown[$0] }
        #expect(cache.rasterizations == 3)
    }

    /// Layers showing equal shapes, each with a path of its own, share one raster in one slot,
    /// rasterised once ahead of the frame when they change together. A layer that leaves the
    /// others draws into a slot of its own (the shared one is theirs), and a shape is forgotten
    /// when the last layer showing it goes.
    @Test func equalShapesShareOneRasterAndOneSlot() throws {
        let cache = ShapeRasterCache()
        let ids = (1...4).map { LayerID(rawValue: UInt64($0)) }
        func properties(strokeEnd: CGFloat) -> LayerProperties {
            self.properties(
                strokeEnd: strokeEnd, path: CGPath(rect: CGRect(x: 2, y: 2, width: 16, height: 16), transform: nil))
        }
        var shown: [LayerID: LayerProperties] = [:]
        cache.prepareFrame { shown[$0] }
        let drawables = try ids.map { id in
            shown[id] = properties(strokeEnd: 1)
            return try #require(cache.drawable(of: id, ShapeRaster.Key(shown[id]!, scale: 1)))
        }
        #expect(cache.rasterizations == 1)
        #expect(Set(drawables.map(\.uv)).count == 1 && cache.takeTextureUpdates().count == 1)
        // All four change together: one raster (one shape to draw is left to the frame), in a
        // new slot.
        for id in ids { shown[id] = properties(strokeEnd: 0.5) }
        cache.prepareFrame { shown[$0] }
        let half = try ids.map { try #require(cache.drawable(of: $0, ShapeRaster.Key(shown[$0]!, scale: 1))) }
        #expect(cache.rasterizations == 2 && Set(half.map(\.uv)) == [SIMD4<Float>(23, 1, 43, 21) / 1024])
        #expect(cache.takeTextureUpdates().map { [$0.x, $0.y] } == [[23, 1]])
        #expect(!cache.takeReplacedImages(), "the shapes left behind were in the atlas")
        // One goes on alone: a slot of its own, the others' pixels untouched.
        shown[ids[0]] = properties(strokeEnd: 0.25)
        cache.prepareFrame { shown[$0] }
        let alone = try #require(cache.drawable(of: ids[0], ShapeRaster.Key(shown[ids[0]]!, scale: 1)))
        #expect(cache.rasterizations == 3 && alone.uv == SIMD4<Float>(45, 1, 65, 21) / 1024)
        #expect(cache.takeTextureUpdates().map { [$0.x, $0.y] } == [[45, 1]])
        // Alone, it takes its own slot over when it changes again, writing what changed.
        shown[ids[0]] = properties(strokeEnd: 0.75)
        let next = try #require(cache.drawable(of: ids[0], ShapeRaster.Key(shown[ids[0]]!, scale: 1)))
        let written = cache.takeTextureUpdates().map { [$0.x, $0.y, $0.width, $0.height] }
        // What the stroke adds from a quarter to three quarters of the way round (the right and
        // bottom edges): 17 x 18 pixels from (2, 1) in the slot.
        #expect(next.uv == alone.uv && written == [[45 + 2, 1 + 1, 17, 18]], "\(written)")
        // The others' shape stays while one of them shows it.
        cache.remove(Array(ids[1...2]))
        let kept = try #require(cache.drawable(of: ids[3], ShapeRaster.Key(shown[ids[3]]!, scale: 1)))
        #expect(kept.uv == half[3].uv && cache.rasterizations == 4)
    }

    /// Many layers changing together to a few shapes between them: each different shape is
    /// rasterised once, side by side on helper threads ahead of the frame, and the frame finds
    /// every layer's kept (ThreadSanitizer runs this suite).
    @Test func layersChangingTogetherRasteriseEachDifferentShapeOnceAheadOfTheFrame() throws {
        let cache = ShapeRasterCache()
        let ids = (1...40).map { LayerID(rawValue: UInt64($0)) }
        var shown: [LayerID: LayerProperties] = [:]
        for round in 0..<3 {
            cache.prepareFrame { shown[$0] }
            let before = cache.rasterizations
            let drawables = try ids.enumerated().map { index, id in
                shown[id] = properties(strokeEnd: CGFloat(index % 8 + 1) / 8 - CGFloat(round) / 100)
                return try #require(cache.drawable(of: id, ShapeRaster.Key(shown[id]!, scale: 1)))
            }
            #expect(Set(drawables.map(\.uv)).count == 8)
            #expect(cache.rasterizations - before == (round == 0 ? 8 : 0), "round \(round)")
            #expect(cache.keptShapes == 8)
            // The next round's shapes, rasterised before its frame.
            for (index, id) in ids.enumerated() {
                shown[id] = properties(strokeEnd: CGFloat(index % 8 + 1) / 8 - CGFloat(round + 1) / 100)
            }
            cache.prepareFrame { shown[$0] }
            #expect(cache.rasterizations - before == (round == 0 ? 16 : 8), "round \(round)")
        }
    }

    /// A shape drawn from NaN values (here every number a key holds) is kept as any other: its
    /// key equals itself, so the cache finds it again instead of keeping a new one each frame,
    /// and forgets it with its layer.
    @Test func aShapeOfNaNValuesIsKeptOnceAndForgotten() {
        let cache = ShapeRasterCache()
        let id = LayerID(rawValue: 5)
        var p = properties(strokeEnd: .nan)
        p.strokeStart = .nan
        p.lineWidth = .nan
        p.miterLimit = .nan
        p.lineDashPhase = .nan
        p.lineDashPattern = NumberList([.nan, 2])
        p.bounds = CGRect(x: CGFloat.nan, y: 0, width: 20, height: .nan)
        p.strokeColor = CGColor(red: .nan, green: 0, blue: 0, alpha: 1)
        let key = ShapeRaster.Key(p, scale: .nan)
        #expect(key == ShapeRaster.Key(p, scale: .nan))
        for _ in 0..<50 {
            cache.prepareFrame { _ in p }
            _ = cache.drawable(of: id, ShapeRaster.Key(p, scale: .nan))
        }
        #expect(cache.keptShapes == 1)
        cache.remove([id])
        #expect(cache.keptShapes == 0)
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
}
