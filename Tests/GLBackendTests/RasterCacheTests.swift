import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// The renderer's cache of rasterized layers' bitmaps, driven by display lists written by hand:
/// hits and misses, eviction of bitmaps no longer drawn, the memory bound, and bad commands.
@Suite struct RasterCacheTests {
    let canvas = TestCanvas(width: 64, height: 48)
    /// Draws into a 30x30 bitmap.
    let bitmap = TestCanvas(width: 30, height: 30)
    let a = LayerID.next(), b = LayerID.next()

    /// Instances: a red fill of a 30x30 bitmap, then the bitmap's quads at (0, 0) and (32, 0).
    var instances: [QuadInstance] {
        [
            bitmap.rect(x: 0, y: 0, w: 30, h: 30, color: premultiplied(1, 0, 0)),
            canvas.textured(x: 0, y: 0, w: 30, h: 30, uv: SIMD4(0, 1, 1, 0)),
            canvas.textured(x: 32, y: 0, w: 30, h: 30, uv: SIMD4(0, 1, 1, 0)),
        ]
    }

    /// The commands that draw layer `layer`'s 30x30 bitmap (version 1) and composite it with instance `quad`.
    func raster(_ layer: LayerID, quad: Int) -> [DisplayCommand] {
        [
            .beginRaster(RasterRequest(layer: layer, version: 1, width: 30, height: 30)), batch(0, 1), .endRaster,
            .drawRaster(layer: layer, batch: DrawBatch(first: quad, count: 1, image: nil, sampling: .init())),
        ]
    }

    @Test func twoBitmapsAreDrawnThenReusedAndBothShown() throws {
        let surface = try HeadlessSurface(width: 64, height: 48)
        let list = canvas.list(instances, raster(a, quad: 1) + raster(b, quad: 2))
        let first = try surface.render(list)
        #expect(surface.statistics.rasterCacheMisses == 2 && surface.statistics.rasterCacheBytes == 2 * 30 * 30 * 8)
        expectPixel(first, 15, 15, (255, 0, 0, 255))
        expectPixel(first, 47, 15, (255, 0, 0, 255))
        expectPixel(first, 31, 15, (255, 255, 255, 255))
        #expect(try surface.render(list) == first)
        #expect(surface.statistics.rasterCacheHits == 2 && surface.statistics.rasterCacheMisses == 0)
        // A frame without b's bitmap deletes it.
        _ = try surface.render(canvas.list(instances, raster(a, quad: 1)))
        #expect(surface.statistics.rasterCacheHits == 1 && surface.statistics.rasterCacheBytes == 30 * 30 * 8)
    }

    @Test func bitmapsOverTheBudgetAreDroppedAndDrawnAgain() throws {
        let surface = try HeadlessSurface(
            width: 64, height: 48, options: GLRendererOptions(rasterCacheBudget: 10_000))
        let list = canvas.list(instances, raster(a, quad: 1) + raster(b, quad: 2))
        let (first, messages) = try Diagnostics.capturing { try surface.render(list) }
        #expect(surface.statistics.rasterCacheMisses == 2)
        #expect(surface.statistics.rasterCacheBytes == 30 * 30 * 8, "one of the two 7,200-byte bitmaps kept")
        #expect(messages.contains { $0.contains("over the cache's 10000") })
        #expect(try surface.render(list) == first)
        #expect(surface.statistics.rasterCacheHits == 1 && surface.statistics.rasterCacheMisses == 1)
    }

    @Test func unmatchedOrUnknownRasterCommandsAreRefusedWithoutHarm() throws {
        let surface = try HeadlessSurface(width: 64, height: 48)
        var image = try surface.render(canvas.list(instances, [.endRaster]))
        #expect(surface.statistics.rejectedCommands == 1)
        let messages: [String]
        (image, messages) = try Diagnostics.capturing {
            try surface.render(canvas.list(instances, Array(raster(a, quad: 1).prefix(2))))
        }
        #expect(surface.statistics.rasterCacheMisses == 1)
        #expect(messages.contains { $0.contains("beginRaster without endRaster") })
        expectPixel(image, 15, 15, (255, 255, 255, 255), "the unfinished bitmap is not shown")
        image = try surface.render(
            canvas.list(
                instances,
                [
                    .drawRaster(layer: b, batch: DrawBatch(first: 2, count: 1, image: nil, sampling: .init())),
                    .drawRaster(layer: a, batch: DrawBatch(first: 9, count: 1, image: nil, sampling: .init())),
                ]))
        #expect(surface.statistics.rejectedCommands == 1 && surface.statistics.drawCalls == 0)
        expectPixel(image, 47, 15, (255, 255, 255, 255), "no bitmap of b: nothing drawn")
    }
}
